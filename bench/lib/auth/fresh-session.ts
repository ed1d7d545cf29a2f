import { jarClient, type SignedInSession } from './signed-in-session.ts';

/**
 * supabase-js (and so the app's middleware) refreshes a session whose access token expires within 90 s
 * (auth-js's EXPIRY_MARGIN_MS). A request the benchmark sends with such a token is measured with a token refresh
 * in it (POST /token, a new cookie written), which a browser does once and then stores: the benchmark never
 * stores the answer's cookies, so every view refreshed again. Up to 2026-11-28 that was one local-server request
 * more on every signed-in view once the load section had run past the token's lifetime (`jwt_expiry`, 600 s).
 */
const refreshMarginMs = 90_000;

/** Seconds since the epoch when the access token expires (its `exp` claim), or NaN when it has none. */
export function tokenExpiry(accessToken: string): number {
  try {
    const claims: unknown = JSON.parse(
      Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' ? exp : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Whether a request sent now with this token, or within `withinMs` from now (a load run's length), could make the
 * app refresh the session first.
 */
export function needsRenewal(accessToken: string, nowMs: number, withinMs: number): boolean {
  const exp = tokenExpiry(accessToken);
  return !(exp * 1000 - nowMs > refreshMarginMs + withinMs);
}

/** A new access token for the same session (its refresh token), as cookies the app expects; the aal carries over. */
async function renewed(
  authUrl: string,
  publishableKey: string,
  session: SignedInSession,
): Promise<SignedInSession> {
  const { supabase, sessionCookies } = jarClient(authUrl, publishableKey);
  const { data, error } = await supabase.auth.refreshSession({ refresh_token: session.refreshToken });
  if (error || !data.session)
    throw new Error(`Renewing the benchmark session failed: ${error?.message ?? 'no session'}`);
  return {
    ...sessionCookies(),
    accessToken: data.session.access_token,
    refreshToken: data.session.refresh_token,
  };
}

/**
 * A signed-in session kept fresh: `current(withinMs)` renews it first when its token could expire, or come within
 * the app's refresh margin, before `withinMs` from now, so no measured request carries a refresh.
 */
export function freshSession(authUrl: string, publishableKey: string, first: SignedInSession) {
  let session = first;
  return {
    async current(withinMs: number): Promise<SignedInSession> {
      if (needsRenewal(session.accessToken, Date.now(), withinMs))
        session = await renewed(authUrl, publishableKey, session);
      return session;
    },
  };
}

export type FreshSession = ReturnType<typeof freshSession>;

/** Whether an answer wrote the session cookie (the app refreshed the session while answering it). */
export function refreshedSession(setCookies: string[]): boolean {
  return setCookies.some((cookie) => /^sb-[^.=]+-auth-token(\.\d+)?=/.test(cookie));
}
