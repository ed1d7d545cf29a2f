import { authCookieOptions } from '@/lib/supabase/config';
import { PRESENCE_HINT_COOKIE, presenceHintValue, type SessionIdentity } from './types';

// The presence hint (see lib/session/types.ts) is written only by syncPresenceHint below, which the middleware
// (lib/session/edge.ts) and every server-side auth change (lib/session/server.ts) call. Edge and Node only: the
// browser reads the hint with types.ts alone.

/** Like the auth cookies (Secure, Lax), but readable: the header's script needs it. */
const cookieOptions = { ...authCookieOptions, httpOnly: false, maxAge: 400 * 24 * 60 * 60 } as const;

type SetCookie = (name: string, value: string, options: typeof cookieOptions) => void;

/** Sets, updates or clears the hint to match `identity` (null: signed out); writes nothing when it already does. */
export function syncPresenceHint(
  current: string | undefined,
  identity: SessionIdentity | null,
  setCookie: SetCookie,
): void {
  // The display name (or the email when there is none) and the picture's version; Next percent-encodes the value.
  const wanted = identity ? presenceHintValue(identity) : undefined;
  if (wanted === current) return;
  if (wanted) setCookie(PRESENCE_HINT_COOKIE, wanted, cookieOptions);
  else setCookie(PRESENCE_HINT_COOKIE, '', { ...cookieOptions, maxAge: 0 });
}
