// Who is signed in, as every runtime (edge, server, browser) sees it.

/** Who a session belongs to, as far as the header and the account page need to know. */
export interface SessionIdentity {
  id: string;
  email: string;
  displayName?: string;
}

/** A private page's view of the session (lib/session/server.ts, confirmedSession). */
export interface SessionClaims {
  identity: SessionIdentity;
  userMetadata: Record<string, unknown>;
}

interface UserShape {
  sub?: unknown;
  id?: unknown;
  email?: unknown;
  user_metadata?: Record<string, unknown> | null;
}

/** From access-token claims (`sub`) or a user object (`id`): the same fields either way. */
export function identityOf(source: UserShape): SessionIdentity | null {
  const id = typeof source.sub === 'string' ? source.sub : source.id;
  if (typeof id !== 'string') return null;
  // Our sign-up stores display_name; OAuth providers give full_name or name.
  const metadata = source.user_metadata ?? {};
  const name: unknown = metadata.display_name ?? metadata.full_name ?? metadata.name;
  return {
    id,
    email: typeof source.email === 'string' ? source.email : '',
    displayName: typeof name === 'string' && name.trim() ? name : undefined,
  };
}

/**
 * A readable hint that someone is signed in, holding only the name the header shows. Public pages are static
 * and shared by everyone; this lets the browser show the user menu on them. Never used to authorize anything:
 * the HttpOnly auth cookies and the server's checks do that. Its one writer is lib/session/presence-hint.ts.
 */
export const PRESENCE_HINT_COOKIE = 'polyglot-session';

export const presenceNameLength = 120;

/** The name in a raw (URI-encoded) cookie value as the browser sees it, or null for a missing or malformed one. */
export function presenceName(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value).slice(0, presenceNameLength) || null;
  } catch {
    // A value that is not valid percent-encoding was not written by us: no name.
    return null;
  }
}
