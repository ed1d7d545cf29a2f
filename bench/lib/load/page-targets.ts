import { floorUrl, intlFloorUrl, productUrl } from '../ports.ts';
import type { Encoding, LoadTarget } from './targets.ts';

/** What browsers send; Next's server answers with gzip (its `compression` middleware), the floor too. */
export const COMPRESSED_ACCEPT_ENCODING = 'gzip, deflate, br';

export const floorId = (encoding: Encoding) => (encoding === 'identity' ? 'floor' : 'floor-compressed');
export const targetId = (base: string, encoding: Encoding) =>
  encoding === 'identity' ? base : `${base}-compressed`;

/**
 * The load targets, each uncompressed and compressed; ratios are taken against the floor with the same encoding.
 * Signed-in ones only with a session cookie.
 */
export function pageTargets(
  cookieHeader: string | undefined,
  noteId?: string,
  teamSlug?: string,
): LoadTarget[] {
  const signedIn: Record<string, string> = cookieHeader ? { Cookie: cookieHeader } : {};
  const unavailable = cookieHeader ? undefined : 'no signed-in session (auth server unavailable)';
  const signedInPage = (id: string, label: string, path: string) => ({
    id,
    label,
    url: `${productUrl}${path}`,
    servers: ['product', 'auth'],
    headers: signedIn,
    unavailable,
  });
  const pages: {
    id: string;
    label: string;
    url: string;
    servers: string[];
    headers?: Record<string, string>;
    unavailable?: string;
  }[] = [
    { id: 'floor', label: 'floor /', url: `${floorUrl}/`, servers: ['floor'] },
    // The bare dynamic page (reads the cookies, so it renders per request) beside the product's signed-in shell.
    { id: 'floor-dynamic', label: 'floor /dynamic', url: `${floorUrl}/dynamic`, servers: ['floor'] },
    { id: 'intl-floor', label: 'intl-floor /en', url: `${intlFloorUrl}/en`, servers: ['intl-floor'] },
    {
      id: 'product-anonymous',
      label: 'product /en anonymous',
      url: `${productUrl}/en`,
      servers: ['product'],
    },
    // A signed-out page, as an anonymous visitor gets it: static, without the middleware.
    {
      id: 'product-sign-in',
      label: 'product /en/sign-in anonymous',
      url: `${productUrl}/en/sign-in`,
      servers: ['product'],
    },
    signedInPage('product-signed-in', 'product /en signed in', '/en'),
    // Middleware with the session, the layout and a page that only confirms the session: what every private page
    // pays before its content (app/[locale]/account/shell/page.bench.tsx, built for the benchmark only).
    signedInPage('product-shell', 'product signed-in shell /en/account/shell', '/en/account/shell'),
    signedInPage('product-account', 'product /en/account signed in', '/en/account'),
    // The private pages added after the account page (each within 1.2× its CPU per view:
    // docs/decisions/0003-benchmark-targets.md).
    // example:notes start
    signedInPage('product-notes', 'product /en/notes signed in (20 notes)', '/en/notes'),
    {
      ...signedInPage('product-note', 'product /en/notes/<id> signed in', `/en/notes/${noteId ?? 'none'}`),
      unavailable: unavailable ?? (noteId ? undefined : 'no note written'),
    },
    {
      ...signedInPage(
        'product-team-notes',
        'product /en/teams/<slug>/notes signed in (20 notes)',
        `/en/teams/${teamSlug ?? 'none'}/notes`,
      ),
      unavailable: unavailable ?? (teamSlug ? undefined : 'no team written'),
    },
    // example:notes end
    signedInPage('product-sessions', 'product /en/account/sessions signed in', '/en/account/sessions'),
  ];
  return (['identity', 'compressed'] as const).flatMap((encoding) =>
    pages.map((page) => ({
      ...page,
      id: targetId(page.id, encoding),
      label: `${page.label}${encoding === 'identity' ? '' : ' (compressed)'}`,
      encoding,
      floorId: floorId(encoding),
      headers: {
        ...page.headers,
        'Accept-Encoding': encoding === 'identity' ? 'identity' : COMPRESSED_ACCEPT_ENCODING,
      },
    })),
  );
}
