// The languages Polyglot speaks. Adding one: extend this list and add messages/<code>.json.
export const locales = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;
export type AppLocale = (typeof locales)[number];
export const defaultLocale: AppLocale = 'en';

const rtlLocales: ReadonlySet<AppLocale> = new Set(['ar']);

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function textDirection(locale: AppLocale): 'ltr' | 'rtl' {
  return rtlLocales.has(locale) ? 'rtl' : 'ltr';
}

/** Each language's name in that language, e.g. "Deutsch", for the switcher. */
export function nativeLanguageName(locale: AppLocale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
