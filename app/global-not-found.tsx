import type { Metadata } from 'next';
import { locales, nativeLanguageName } from '@/i18n/locales';
import { getPathname } from '@/i18n/navigation';
import messages from '@/messages/en.json';
import './globals.css';

const text = messages.NotFound;

export const metadata: Metadata = { title: text.title, robots: { index: false } };

// For URLs that never reach a locale (e.g. a missing file): the default language, plus every home page.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="grid min-h-dvh place-items-center bg-background font-sans text-foreground">
        <main className="flex flex-col items-center gap-4 p-6 text-center">
          <h1 className="text-3xl font-semibold">{text.title}</h1>
          <p className="text-muted-foreground">{text.description}</p>
          <ul className="flex flex-wrap justify-center gap-3">
            {locales.map((locale) => (
              <li key={locale}>
                <a
                  lang={locale}
                  href={getPathname({ href: '/', locale })}
                  className="underline underline-offset-4"
                >
                  {nativeLanguageName(locale)}
                </a>
              </li>
            ))}
          </ul>
        </main>
      </body>
    </html>
  );
}
