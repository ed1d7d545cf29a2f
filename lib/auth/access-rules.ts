import type { Locale } from 'next-intl';
import { localizedNextPath } from './safe-redirect';

// Paths here are without the locale prefix.
function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

/** Pages only a signed-in user may see. */
export function requiresUser(path: string): boolean {
  return isUnder(path, '/account');
}

/** Pages showing one person's data: never stored by browsers or CDNs. */
export function isPrivatePath(path: string): boolean {
  return requiresUser(path) || isUnder(path, '/reset-password') || isUnder(path, '/sign-up/check-email');
}

/** Pages that make no sense once signed in. */
export function isGuestOnlyPath(path: string): boolean {
  return path === '/sign-in' || path === '/sign-up';
}

export interface AccessRequest {
  locale: Locale;
  /** Path without the locale prefix. */
  path: string;
  search: URLSearchParams;
  signedIn: boolean;
}

/** Where the middleware must send this request instead, or null to let it through. */
export function accessRedirect({ locale, path, search, signedIn }: AccessRequest): string | null {
  if (!signedIn && requiresUser(path)) {
    const query = search.toString();
    const next = encodeURIComponent(`${path}${query ? `?${query}` : ''}`);
    return `/${locale}/sign-in?next=${next}`;
  }
  if (signedIn && isGuestOnlyPath(path)) return localizedNextPath(search.get('next'), locale);
  return null;
}
