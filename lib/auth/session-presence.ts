import type { SessionIdentity } from './session-identity';

/**
 * A readable hint that someone is signed in, holding only the name the header shows. Public pages are static
 * and shared by everyone; this lets the browser show the user menu on them. Never used to authorize anything:
 * the HttpOnly auth cookies and the server's checks do that.
 */
export const SESSION_PRESENCE_COOKIE = 'polyglot-session';

const maxNameLength = 120;

/** The cookie value for an identity: the display name, or the email when there is none (Next encodes it). */
export function sessionPresenceValue(identity: SessionIdentity): string {
  return (identity.displayName ?? identity.email).slice(0, maxNameLength) || '?';
}

/** The name in a raw (URI-encoded) cookie value as the browser sees it, or null for a missing or malformed one. */
export function presenceName(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value).slice(0, maxNameLength) || null;
  } catch {
    return null;
  }
}
