import type { Locale } from 'next-intl';
import { defaultLocale, isLocale } from '@/i18n/locales';

/** The offline page's route (lib/routes/route-table.ts), precached in every language. */
export const offlineRoute = '/~offline';

/**
 * Each language's offline page, e.g. `{ de: '/de/~offline' }`. app/serwist/[path]/route.ts builds it with
 * next-intl's getPathname and hands it to the worker's bundle, which does not carry next-intl.
 */
export type OfflinePages = Readonly<Record<Locale, string>>;

/** The offline page in the language of the URL the visitor was opening (default language otherwise). */
export function offlinePageFor(pages: OfflinePages, pathname: string): string {
  const first = pathname.split('/', 2)[1];
  return pages[isLocale(first) ? first : defaultLocale];
}
