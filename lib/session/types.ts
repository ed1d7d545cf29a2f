// Who is signed in, as every runtime (edge, server, browser) sees it.

/** Who a session belongs to, as far as the header and the account page need to know. */
export interface SessionIdentity {
  id: string;
  email: string;
  displayName?: string;
  /** The version of the user's profile picture (lib/avatars), absent when there is none. */
  picture?: string;
}

/** A private page's view of the session (lib/session/server.ts, confirmedSession). */
export interface SessionClaims {
  identity: SessionIdentity;
  userMetadata: Record<string, unknown>;
  /** Signed in with a first factor only, while the user has a verified second one: private pages wait for the code. */
  secondFactorPending: boolean;
  /** The user's verified factors (unverified leftovers of an abandoned enrollment left out), oldest first. */
  factors: VerifiedFactor[];
  /** The address an email change waits to be confirmed for (GoTrue's `new_email`); unknown while it is down. */
  newEmail?: string;
}

/** A verified MFA factor as the account page and the code step show it. */
export interface VerifiedFactor {
  id: string;
  type: string;
  friendlyName: string;
  createdAt: string;
}

interface FactorShape {
  id?: unknown;
  status?: unknown;
  factor_type?: unknown;
  friendly_name?: unknown;
  created_at?: unknown;
}

/** The verified factors of a user object's `factors` (absent when there are none, as GoTrue sends it). */
export function verifiedFactors(factors: unknown): VerifiedFactor[] {
  if (!Array.isArray(factors)) return [];
  return factors
    .filter(
      (factor: FactorShape | null): factor is FactorShape =>
        !!factor && factor.status === 'verified' && typeof factor.id === 'string',
    )
    .map((factor) => ({
      id: String(factor.id),
      type: typeof factor.factor_type === 'string' ? factor.factor_type : 'totp',
      friendlyName: typeof factor.friendly_name === 'string' ? factor.friendly_name : '',
      createdAt: typeof factor.created_at === 'string' ? factor.created_at : '',
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The `factors` of the user stored in the session cookie. supabase-js wraps that user in a proxy that warns on
 * every property read on the server (it is not authentic); the descriptor read skips the warning on purpose: only
 * routing (the middleware) and the outage fallback rely on it, and pages and actions check again with the auth
 * server's answer (lib/session/server.ts).
 */
export function storedUserFactors(user: object | undefined): unknown {
  return user ? Object.getOwnPropertyDescriptor(user, 'factors')?.value : undefined;
}

/**
 * Whether a session still owes its second factor: the access token's `aal` is below aal2 while the user has a
 * verified factor. The same rule as supabase-js's getAuthenticatorAssuranceLevel (`nextLevel` above `currentLevel`).
 */
export function isSecondFactorPending(aal: unknown, factors: unknown): boolean {
  if (aal === 'aal2' || aal === 'aal3') return false;
  return verifiedFactors(factors).length > 0;
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
  const picture = pictureVersion(metadata[PICTURE_VERSION_KEY]);
  return {
    id,
    email: typeof source.email === 'string' ? source.email : '',
    displayName: typeof name === 'string' && name.trim() ? name : undefined,
    ...(picture ? { picture } : {}),
  };
}

/**
 * The user_metadata key naming the current profile picture's version, written by the account page's picture actions
 * (lib/avatars/avatar-actions.ts). It travels in the access token's claims, so the middleware reads it with the rest of
 * the identity and the header's picture costs no request to the auth server. Not a provider's key (OAuth providers
 * fill `avatar_url` and `picture`), so a sign-in with one never overwrites it.
 */
export const PICTURE_VERSION_KEY = 'avatar_version';

/** A version as the actions write it; anything else (user_metadata is the user's to write) counts as none. */
export function pictureVersion(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

/**
 * A readable hint that someone is signed in, holding only what the header shows: the name and the picture's version.
 * Public pages are static and shared by everyone; this lets the browser show the user menu on them. Never used to
 * authorize anything: the HttpOnly auth cookies and the server's checks do that. Its one writer is
 * lib/session/presence-hint.ts.
 */
export const PRESENCE_HINT_COOKIE = 'polyglot-session';

export const presenceNameLength = 120;

export interface PresenceHint {
  name: string;
  picture?: string;
}

/** The hint's value (before the cookie layer percent-encodes it): `n=<name>` and, with a picture, `&p=<version>`. */
export function presenceHintValue(identity: SessionIdentity): string {
  const name = (identity.displayName ?? identity.email).slice(0, presenceNameLength) || '?';
  return new URLSearchParams({ n: name, ...(identity.picture ? { p: identity.picture } : {}) }).toString();
}

/**
 * The hint in a raw (URI-encoded) cookie value as the browser sees it, or null for a missing or malformed one. A
 * value without `n=` is a hint written before the picture joined it: the whole value is the name (the middleware
 * rewrites it on the next private page).
 */
export function presenceHint(value: string | undefined | null): PresenceHint | null {
  if (!value) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // A value that is not valid percent-encoding was not written by us: no name.
    return null;
  }
  const fields = new URLSearchParams(decoded);
  const name = (fields.has('n') ? (fields.get('n') ?? '') : decoded).slice(0, presenceNameLength);
  if (!name) return null;
  const picture = pictureVersion(fields.get('p'));
  return picture ? { name, picture } : { name };
}

/** The name in a raw cookie value (see presenceHint). */
export function presenceName(value: string | undefined | null): string | null {
  return presenceHint(value)?.name ?? null;
}

/** Whether every entry of a token's `amr` claim (GoTrue: `{ method, timestamp }`) is at or after `since` (seconds). */
export function authenticatedSince(amr: unknown, since: number): boolean {
  if (!Array.isArray(amr) || amr.length === 0) return false;
  return amr.every(
    (entry: unknown) =>
      !!entry &&
      typeof entry === 'object' &&
      typeof (entry as { timestamp?: unknown }).timestamp === 'number' &&
      (entry as { timestamp: number }).timestamp >= since,
  );
}
