import { defaultLocale, locales } from '@/i18n/locales';

/** The precached offline page of each language, e.g. /de/~offline. */
export function offlinePagePath(locale: string): string {
  return `/${locale}/~offline`;
}

export const offlinePagePaths = locales.map(offlinePagePath);

/** The offline page in the language of the URL the visitor was opening (default language otherwise). */
export function offlinePageFor(pathname: string): string {
  const firstSegment = pathname.split('/', 2)[1];
  const locale = locales.find((candidate) => candidate === firstSegment) ?? defaultLocale;
  return offlinePagePath(locale);
}
