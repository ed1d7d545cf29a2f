import type { Locale } from 'next-intl';

// The languages Polyglot speaks: the one list that routing, the middleware, the manifest, the sitemap, the
// global-error page and the tests read (docs/languages.md, "Adding a language"). Plain imports only: next.config.mjs and
// the service worker read this file too.
export const locales = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;
export const defaultLocale: Locale = 'en';

const rtlLocales: ReadonlySet<Locale> = new Set(['ar']);

/** Narrows a string to one of our locales (next-intl's `hasLocale` does the same, but this file stays dependency-free). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return rtlLocales.has(locale) ? 'rtl' : 'ltr';
}

const nativeNames = new Map<Locale, string>();

/**
 * Each language's name in that language, e.g. "Deutsch", for the switcher. Kept once found: building an
 * Intl.DisplayNames for each language on every server render showed in the account page's profile.
 */
export function nativeLanguageName(locale: Locale): string {
  let name = nativeNames.get(locale);
  if (name === undefined) {
    const found = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    name = found.charAt(0).toLocaleUpperCase(locale) + found.slice(1);
    nativeNames.set(locale, name);
  }
  return name;
}
