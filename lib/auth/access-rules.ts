import type { Locale } from 'next-intl';
import { getEdgePathname } from '@/i18n/edge-navigation';
import { findRoute } from '@/lib/routes/route-table';
import { nextPath } from './safe-redirect';

/** Pages showing one person's data (lib/routes/route-table.ts): never stored by browsers or CDNs. */
export function isPrivatePath(path: string): boolean {
  return findRoute(path)?.caching === 'private';
}

export interface AccessRequest {
  locale: Locale;
  /** Path without the locale prefix. */
  path: string;
  search: URLSearchParams;
  signedIn: boolean;
  /** The session could not be checked: the auth server did not answer in time. Sign-in then says so. */
  authUnreachable?: boolean;
}

/** Where the middleware must send this request instead, or null to let it through. Runs on the edge. */
export function accessRedirect({ locale, path, search, signedIn, authUnreachable }: AccessRequest): string | null {
  const access = findRoute(path)?.access ?? 'anyone';
  switch (access) {
    case 'anyone':
      return null;
    case 'signed-out':
      return signedIn ? getEdgePathname({ href: nextPath(search.get('next')), locale }) : null;
    case 'signed-in': {
      if (signedIn) return null;
      const query = search.toString();
      const next = `${path}${query ? `?${query}` : ''}`;
      return getEdgePathname({ href: { pathname: '/sign-in', query: authUnreachable ? { next, status: 'unavailable' } : { next } }, locale });
    }
    default:
      return access satisfies never;
  }
}
