import type { Locale } from 'next-intl';

/** What next-intl's navigation takes as `href`: a path (with or without query), or a path and its query. */
export type Href = string | { pathname: string; query?: Record<string, string> };

/**
 * next-intl's `getPathname` for the edge middleware. The middleware cannot load i18n/navigation.ts: next-intl's
 * server navigation imports the request configuration, and with it `next/root-params`, which the middleware's
 * bundle may not contain. Everywhere else uses getPathname itself; tests/unit/edge-navigation.test.ts checks
 * that both give the same answers for our routing (every URL carries its locale, `localePrefix: 'always'`).
 */
export function getEdgePathname({ href, locale }: { href: Href; locale: Locale }): string {
  const path =
    typeof href === 'string'
      ? href
      : `${href.pathname}${href.query ? `?${new URLSearchParams(href.query)}` : ''}`;
  // The home page is the bare prefix: `/de`, `/de?x=1`, never `/de/`.
  return `/${locale}${/^\/(\?.*)?$/.test(path) ? path.slice(1) : path}`;
}
