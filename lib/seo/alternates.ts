import type { Metadata } from 'next';
import type { Locale } from 'next-intl';
import { locales } from '@/i18n/locales';
import { getPathname } from '@/i18n/navigation';
import { absoluteUrl } from './site-url';

/** `/de` + `/about` → `/de/about`; the home page is `/de`. */
export function localizedPath(locale: Locale, path: string): string {
  return getPathname({ href: path, locale });
}

/** hreflang links for every locale plus x-default (the unprefixed URL, which detects the language). */
export function languageAlternates(path: string): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const locale of locales) languages[locale] = absoluteUrl(localizedPath(locale, path));
  languages['x-default'] = absoluteUrl(path);
  return languages;
}

export function pageAlternates(locale: Locale, path: string): Metadata['alternates'] {
  return { canonical: absoluteUrl(localizedPath(locale, path)), languages: languageAlternates(path) };
}
