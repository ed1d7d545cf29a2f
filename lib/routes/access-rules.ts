import type { Locale } from 'next-intl';
import { getEdgePathname } from '@/i18n/edge-navigation';
import { findRoute } from './route-table';
import { nextPath } from './safe-redirect';

/** Pages showing one person's data (lib/routes/route-table.ts): never stored by browsers or CDNs. */
export function isPrivatePath(path: string): boolean {
  return findRoute(path)?.caching === 'private';
}

interface AccessRequest {
  locale: Locale;
  /** Path without the locale prefix. */
  path: string;
  search: URLSearchParams;
  signedIn: boolean;
  /** Signed in with a first factor while the user has a verified second one (the token's aal is below aal2). */
  secondFactorPending?: boolean;
  /** The session could not be checked: the auth server did not answer in time. Sign-in then says so. */
  authUnreachable?: boolean;
}

/** The code step, carrying the page the visitor is on their way to. */
function secondFactorStep(locale: Locale, next: string): string {
  return getEdgePathname({ href: { pathname: '/sign-in/verify', query: { next } }, locale });
}

/** Where the middleware must send this request instead, or null to let it through. Runs on the edge. */
export function accessRedirect({
  locale,
  path,
  search,
  signedIn,
  secondFactorPending,
  authUnreachable,
}: AccessRequest): string | null {
  const access = findRoute(path)?.access ?? 'anyone';
  switch (access) {
    case 'anyone':
      return null;
    case 'signed-out': {
      if (!signedIn) return null;
      const next = nextPath(search.get('next'));
      return secondFactorPending ? secondFactorStep(locale, next) : getEdgePathname({ href: next, locale });
    }
    case 'signed-in': {
      const query = search.toString();
      const here = `${path}${query ? `?${query}` : ''}`;
      if (!signedIn) {
        return getEdgePathname({
          href: {
            pathname: '/sign-in',
            query: authUnreachable ? { next: here, status: 'unavailable' } : { next: here },
          },
          locale,
        });
      }
      return secondFactorPending ? secondFactorStep(locale, here) : null;
    }
    case 'second-factor': {
      // Signed out: sign in first, then come back through the private page, which asks for the code if needed.
      const next = nextPath(search.get('next'));
      if (!signedIn)
        return getEdgePathname({
          href: { pathname: '/sign-in', query: authUnreachable ? { next, status: 'unavailable' } : { next } },
          locale,
        });
      return secondFactorPending ? null : getEdgePathname({ href: next, locale });
    }
    default:
      return access satisfies never;
  }
}
