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
  /** The auth server refused the cookie's session (timebox, inactivity, ended elsewhere). Sign-in then says so. */
  sessionEnded?: boolean;
}

/** The code step, carrying the page the visitor is on their way to. */
function secondFactorStep(locale: Locale, next: string): string {
  return getEdgePathname({ href: { pathname: '/sign-in/verify', query: { next } }, locale });
}

/** Sign-in, coming back to `next`, with the note that says why the visitor is there. */
function signIn(locale: Locale, next: string, authUnreachable?: boolean, sessionEnded?: boolean): string {
  const status = authUnreachable ? 'unavailable' : sessionEnded ? 'session-ended' : undefined;
  return getEdgePathname({
    href: { pathname: '/sign-in', query: status ? { next, status } : { next } },
    locale,
  });
}

/** Where the middleware must send this request instead, or null to let it through. Runs on the edge. */
export function accessRedirect({
  locale,
  path,
  search,
  signedIn,
  secondFactorPending,
  authUnreachable,
  sessionEnded,
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
      if (!signedIn) return signIn(locale, here, authUnreachable, sessionEnded);
      return secondFactorPending ? secondFactorStep(locale, here) : null;
    }
    case 'second-factor': {
      // Signed out: sign in first, then come back through the private page, which asks for the code if needed.
      const next = nextPath(search.get('next'));
      if (!signedIn) return signIn(locale, next, authUnreachable, sessionEnded);
      return secondFactorPending ? null : getEdgePathname({ href: next, locale });
    }
    default:
      return access satisfies never;
  }
}
