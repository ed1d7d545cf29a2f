import { authCookieOptions } from '@/lib/supabase/config';
import type { SessionIdentity } from './types';

/**
 * A readable hint that someone is signed in, holding only the name the header shows. Public pages are static
 * and shared by everyone; this lets the browser show the user menu on them. Never used to authorize anything:
 * the HttpOnly auth cookies and the server's checks do that. Written only by syncPresenceHint below, which the
 * middleware (lib/session/edge.ts) and every server-side auth change (lib/session/server.ts) call.
 */
export const PRESENCE_HINT_COOKIE = 'polyglot-session';

const maxNameLength = 120;

/** Like the auth cookies (Secure, Lax), but readable: the header's script needs it. */
const cookieOptions = { ...authCookieOptions, httpOnly: false, maxAge: 400 * 24 * 60 * 60 } as const;

/** The cookie value for an identity: the display name, or the email when there is none (Next encodes it). */
function hintValue(identity: SessionIdentity): string {
  return (identity.displayName ?? identity.email).slice(0, maxNameLength) || '?';
}

/** The name in a raw (URI-encoded) cookie value as the browser sees it, or null for a missing or malformed one. */
export function presenceName(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value).slice(0, maxNameLength) || null;
  } catch {
    // A value that is not valid percent-encoding was not written by us: no name.
    return null;
  }
}

type SetCookie = (name: string, value: string, options: typeof cookieOptions) => void;

/** Sets, updates or clears the hint to match `identity` (null: signed out); writes nothing when it already does. */
export function syncPresenceHint(current: string | undefined, identity: SessionIdentity | null, setCookie: SetCookie): void {
  const wanted = identity ? hintValue(identity) : undefined;
  if (wanted === current) return;
  if (wanted) setCookie(PRESENCE_HINT_COOKIE, wanted, cookieOptions);
  else setCookie(PRESENCE_HINT_COOKIE, '', { ...cookieOptions, maxAge: 0 });
}
