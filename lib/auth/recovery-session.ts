import { createHmac, timingSafeEqual } from 'node:crypto';
import { cookies } from 'next/headers';
import { env } from '@/lib/env/env';
import { authCookieOptions } from '@/lib/supabase/config';

// Node runtime, server only. GoTrue exempts a recovery session from update_password_require_current_password
// only when it began through PKCE (internal/api/user.go, session.IsRecovery()); the app's emailed links verify a
// token hash (verifyOtp), which GoTrue records as `otp`. So the app remembers which session a recovery link
// opened, in a cookie signed with a server secret and bound to that session id, for as long as a link lives.

/** As long as an emailed link works (`otp_expiry` in supabase/config.toml). */
export const recoveryWindowSeconds = 600;

const cookieName = env.secureCookies ? '__Host-polyglot-recovery' : 'polyglot-recovery';

function mac(secret: string, sessionId: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`polyglot recovery v1\n${sessionId}\n${expires}`)
    .digest('base64url');
}

/** The cookie value for a recovery session, valid until `nowSeconds + recoveryWindowSeconds`. */
export function recoveryToken(secret: string, sessionId: string, nowSeconds: number): string {
  const expires = nowSeconds + recoveryWindowSeconds;
  return `${sessionId}.${expires}.${mac(secret, sessionId, expires)}`;
}

/** Whether `token` marks `sessionId` as opened by a recovery link, and is not yet past its window. */
export function isRecoveryToken(
  secret: string,
  token: string | undefined,
  sessionId: string | undefined,
  nowSeconds: number,
): boolean {
  const [id, expiresText, signature, ...rest] = token?.split('.') ?? [];
  const expires = Number(expiresText);
  if (!sessionId || id !== sessionId || !signature || rest.length > 0 || !Number.isSafeInteger(expires))
    return false;
  if (expires < nowSeconds) return false;
  const expected = Buffer.from(mac(secret, id, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The session id of an access token the auth server has just issued to us (read, not verified). */
function sessionIdOf(accessToken: string): string | undefined {
  try {
    const claims: unknown = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
    const id =
      claims && typeof claims === 'object' ? (claims as { session_id?: unknown }).session_id : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    // Not a JWT: no session id to remember, so the page asks for a new link.
    return undefined;
  }
}

/** Called when a recovery link or an emailed recovery code has opened `session`. */
export async function markRecoverySession(session: { access_token: string } | null): Promise<void> {
  const sessionId = session && sessionIdOf(session.access_token);
  if (!env.supabaseSecretKey || !sessionId) return;
  (await cookies()).set(cookieName, recoveryToken(env.supabaseSecretKey, sessionId, nowSeconds()), {
    ...authCookieOptions,
    maxAge: recoveryWindowSeconds,
  });
}

export async function isRecoverySession(sessionId: string | undefined): Promise<boolean> {
  if (!env.supabaseSecretKey) return false;
  const token = (await cookies()).get(cookieName)?.value;
  return isRecoveryToken(env.supabaseSecretKey, token, sessionId, nowSeconds());
}

export async function endRecovery(): Promise<void> {
  (await cookies()).delete({ ...authCookieOptions, name: cookieName });
}
