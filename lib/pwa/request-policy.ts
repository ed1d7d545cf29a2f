// Which requests the service worker may answer from Cache Storage. Pure functions, so the policy
// in app/sw.ts is unit-tested (tests/unit/pwa-request-policy.test.ts) rather than trusted.
import { findRoute, splitLocale } from '@/lib/routes/route-table';

interface RequestFacts {
  url: URL;
  /** The page's own origin (self.location.origin in the worker). */
  origin: string;
  method: string;
  mode: RequestMode;
  headers: Headers;
}

/**
 * Our API (per-user JSON), and every page but the precached offline page: the kept copies of public pages are
 * only for navigations (isOfflineCopyNavigation), never for other fetches of the same URL.
 */
function isNetworkOnlyPath(pathname: string): boolean {
  if (/^\/api(\/|$)/.test(pathname)) return true;
  const worker = findRoute(splitLocale(pathname).path)?.worker;
  return worker !== undefined && worker !== 'precache';
}

/** React Server Component payloads (client navigations, prefetches): they render per user. */
function isRscRequest({ url, headers }: Pick<RequestFacts, 'url' | 'headers'>): boolean {
  return headers.get('RSC') === '1' || headers.has('Next-Router-State-Tree') || url.searchParams.has('_rsc');
}

/**
 * A navigation to a public static page the route table lets the worker keep a copy of ('offline-copy'): the
 * network first, the kept copy only when the network fails.
 */
export function isOfflineCopyNavigation(facts: RequestFacts): boolean {
  const { url, origin, method, mode } = facts;
  if (method !== 'GET' || mode !== 'navigate' || url.origin !== origin || isRscRequest(facts)) return false;
  return findRoute(splitLocale(url.pathname).path)?.worker === 'offline-copy';
}

/**
 * Whether a page's answer may be kept: a plain 200 the server did not mark as private or unstorable. A redirect
 * (a signed-in visitor sent on from the sign-in page) or an error is never kept.
 */
export function isStorablePage(
  response: Pick<Response, 'status' | 'type' | 'redirected' | 'headers'>,
): boolean {
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  return !/\b(private|no-store)\b/i.test(response.headers.get('cache-control') ?? '');
}

/** Requests whose response can depend on who is signed in: never cached, always the network. */
export function isPrivateRequest(facts: RequestFacts, supabaseOrigin: string): boolean {
  const { url, origin, method, mode } = facts;
  if (method !== 'GET') return true;
  if (mode === 'navigate') return true;
  if (url.origin === supabaseOrigin) return true;
  if (url.origin !== origin) return true; // third parties are not ours to store
  if (isRscRequest(facts)) return true;
  return isNetworkOnlyPath(url.pathname);
}

/** Content-hashed build output: the file name changes whenever the bytes do. */
export function isHashedStaticAsset({ url, origin }: Pick<RequestFacts, 'url' | 'origin'>): boolean {
  return url.origin === origin && url.pathname.startsWith('/_next/static/') && url.search === '';
}

export function isFont({ url, origin }: Pick<RequestFacts, 'url' | 'origin'>): boolean {
  return url.origin === origin && /\.(?:woff2?|ttf|otf)$/i.test(url.pathname);
}

/** App icons and the Apple touch icon, public files that carry no user data. */
export function isIcon({ url, origin }: Pick<RequestFacts, 'url' | 'origin'>): boolean {
  return (
    url.origin === origin &&
    (/^\/icons\/[\w.-]+\.png$/.test(url.pathname) ||
      /^\/(apple-icon|favicon)[\w.-]*\.(png|ico)$/.test(url.pathname))
  );
}

/** Sign-out endpoints (route handlers or forms posting to them): the worker drops its runtime caches. */
export function isSignOutRequest({
  url,
  origin,
  method,
}: Pick<RequestFacts, 'url' | 'origin' | 'method'>): boolean {
  return url.origin === origin && method !== 'GET' && /\/(sign-?out|logout)(\/|$)/i.test(url.pathname);
}
