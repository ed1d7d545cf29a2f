import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { defaultLocale, locales, nativeLanguageName, textDirection } from '@/i18n/locales';
import { getPathname } from '@/i18n/navigation';
import { NOT_FOUND_PATH_HEADER, notFoundOf } from '@/lib/routes/not-found';
import './globals.css';

// Every 404 a visitor can reach with a page's address: unknown paths under a language, rows the visitor cannot
// read (lib/routes/not-found.ts), and URLs that never reach a language (a missing file: English, with every
// language's home page). Rendered whole on the server, so it reads the same without JavaScript.

async function requested() {
  return notFoundOf((await headers()).get(NOT_FOUND_PATH_HEADER));
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({
    locale: (await requested())?.locale ?? defaultLocale,
    namespace: 'Metadata',
  });
  return { title: t('titleTemplate').replace('%s', t('notFoundTitle')), robots: { index: false } };
}

export default async function GlobalNotFound() {
  const found = await requested();
  const locale = found?.locale ?? defaultLocale;
  const t = await getTranslations({ locale });
  const row = found?.row;
  // The route table names the row's words (checked against messages/en.json by tests/unit/route-table.test.ts).
  type Key = Parameters<typeof t>[0];
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body className="grid min-h-dvh place-items-center bg-background font-sans text-foreground">
        <main className="flex max-w-xl flex-col items-center gap-4 p-6 text-center">
          <p aria-hidden="true" className="text-6xl font-bold text-primary">
            404
          </p>
          <h1 className="text-3xl font-semibold">{t('NotFound.title')}</h1>
          <p className="text-muted-foreground">{row ? t(row.missing as Key) : t('NotFound.description')}</p>
          {found ? (
            <ul className="flex flex-wrap justify-center gap-3">
              {row ? (
                <li>
                  <a
                    href={getPathname({ href: row.parent as '/', locale })}
                    className="underline underline-offset-4"
                  >
                    {t(row.back as Key)}
                  </a>
                </li>
              ) : null}
              <li>
                <a href={getPathname({ href: '/', locale })} className="underline underline-offset-4">
                  {t('NotFound.backHome')}
                </a>
              </li>
            </ul>
          ) : (
            <ul className="flex flex-wrap justify-center gap-3">
              {locales.map((each) => (
                <li key={each}>
                  <a
                    lang={each}
                    href={getPathname({ href: '/', locale: each })}
                    className="underline underline-offset-4"
                  >
                    {nativeLanguageName(each)}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </main>
      </body>
    </html>
  );
}
