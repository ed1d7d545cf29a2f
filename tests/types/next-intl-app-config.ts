// Checked by `npm run typecheck`, never run: each line below must stay a type error. Without the AppConfig
// declaration in i18n/app-config.ts they would compile, and the unused @ts-expect-error fails the check instead.
import type { Locale, useTranslations } from 'next-intl';

type AccountTranslator = ReturnType<typeof useTranslations<'Account'>>;

export function unknownMessageKey(t: AccountTranslator) {
  // @ts-expect-error: not a key of messages/en.json
  return t('noSuchKey');
}

// @ts-expect-error: not one of the locales in i18n/locales.ts
export const unknownLocale: Locale = 'it';
