import { isLocale } from '@/i18n/locales';
import { rowOf, splitLocale } from './route-table';

// Next 16.4 answers a page's notFound() with status 404 and an empty `<html id="__next_error__">` shell that only
// JavaScript fills in (vercel/next.js#62228): React's server rendering runs no client error boundary, so the
// not-found boundary never draws on the server. A URL that matches no route is different: Next renders
// app/global-not-found.tsx whole, as a page of its own, with status 404. So every 404 the product can foresee is
// made to match no route: unknown paths simply have no page (there is no catch-all under app/[locale]), and a row
// the visitor cannot read is decided by the middleware, which rewrites the request to `unmatchedPath` before any
// page renders. The global not-found page speaks the URL's language, which the middleware hands it in
// NOT_FOUND_PATH_HEADER. tests/e2e/foundation/routes.spec.ts holds a page's own notFound() to Next's empty shell
// and fails when Next draws it on the server: then pages can call notFound() again and this detour can go.

/** Request header: the pathname the visitor asked for, set by the middleware on every request it lets through. */
export const NOT_FOUND_PATH_HEADER = 'x-polyglot-path';

/** Where the middleware rewrites a request for a missing row: under the locale, and matching no route. */
export const unmatchedPath = '/~not-found';

/** What the not-found page says: in the URL's language, the row's own words when a per-row page was asked for. */
export function notFoundOf(pathname: string | null | undefined) {
  const { locale, path } = splitLocale(pathname ?? '');
  if (!locale || !isLocale(locale)) return null;
  const row = rowOf(path);
  return { locale, row: row ? { missing: row.row.missing, back: row.row.back, parent: row.parent } : null };
}
