import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/navigation/link';
import { locales, nativeLanguageName, textDirection } from '@/i18n/locales';

/** Each language greets in its own words, read from its own message file. */
export async function LanguageShowcase() {
  const t = await getTranslations('Home');
  const greetings = await Promise.all(
    locales.map(async (locale) => ({
      locale,
      greeting: (await getTranslations({ locale, namespace: 'Home' }))('greeting'),
    })),
  );
  return (
    <section aria-labelledby="languages-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="languages-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('languagesTitle')}
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t('languagesLead')}</p>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {greetings.map(({ locale, greeting }) => (
            <li key={locale}>
              <Link
                href="/"
                locale={locale}
                lang={locale}
                dir={textDirection(locale)}
                className="flex flex-col rounded-lg border bg-background p-4 transition-colors hover:border-primary"
              >
                <span className="text-lg font-semibold">{greeting}</span>
                <span className="text-sm text-muted-foreground">{nativeLanguageName(locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
