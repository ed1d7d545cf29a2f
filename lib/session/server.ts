import type { Locale } from 'next-intl';
import { combineChunks, stringFromBase64URL } from '@supabase/ssr';
import { cookies } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { redirect } from '@/i18n/navigation';
import { authErrorMessage, reportIfUnreachable } from '@/lib/log/auth-errors';
import { logServerError } from '@/lib/log/server-log';
import { env } from '@/lib/env/env';
import { authBudgetMs, withinAuthBudget } from '@/lib/supabase/auth-fetch';
import { authCookieOptions, isAuthCookieName, sessionCookieOptions } from '@/lib/supabase/config';
import { createSupabaseServerClient, createSupabaseTokenClient, writeCookies } from '@/lib/supabase/server';
import { syncPresenceHint } from './presence-hint';
import {
  authenticatedSince,
  identityOf,
  isSecondFactorPending,
  PRESENCE_HINT_COOKIE,
  type SessionClaims,
  storedUserFactors,
  type VerifiedFactor,
  verifiedFactors,
} from './types';

// Node runtime: who is signed in, for server components, server actions and route handlers.

/**
 * The Supabase client for server code that touches the session. Every sign-in, refresh, profile change and
 * sign-out through it keeps the presence hint in step, whichever flow made it. One per server render (React's
 * cache), so the account page's sections share it; actions and route handlers get a new one per call.
 */
export const sessionClient = cache(async function sessionClient() {
  const [supabase, cookieStore] = await Promise.all([createSupabaseServerClient(), cookies()]);
  supabase.auth.onAuthStateChange((event, session) => {
    // The session the cookie already held: the middleware keeps the hint in step with that one.
    if (event === 'INITIAL_SESSION') return;
    const identity = event === 'SIGNED_OUT' || !session ? null : identityOf(session.user);
    if (event !== 'SIGNED_OUT' && !identity) return;
    writeCookies(() =>
      syncPresenceHint(cookieStore.get(PRESENCE_HINT_COOKIE)?.value, identity, (name, value, options) =>
        cookieStore.set(name, value, options),
      ),
    );
  });
  return supabase;
});

export type SessionClient = Awaited<ReturnType<typeof sessionClient>>;

/**
 * getUser() within the auth budget: with an expired access token it refreshes first, which supabase-js retries
 * for up to 30 s on its own. Past the budget the answer is a TimeoutError, which reads as unreachable.
 */
export async function boundedGetUser(supabase: SessionClient) {
  return withinAuthBudget(supabase.auth.getUser()).catch((timeout: unknown) => ({
    data: { user: null },
    error: timeout,
  }));
}

/**
 * Ends this browser's session. supabase-js refreshes an expired token first and, with the auth server down, retries
 * that for up to 30 s; past the auth budget the cookies are dropped here, which is all a local sign-out changes.
 */
export async function signOutHere(supabase: SessionClient): Promise<void> {
  await withinAuthBudget(supabase.auth.signOut({ scope: 'local' })).catch(async () => {
    const cookieStore = await cookies();
    for (const { name } of cookieStore.getAll())
      // With the attributes they were set with: a `__Host-` cookie is only replaced by a Secure one.
      if (isAuthCookieName(name) || name === PRESENCE_HINT_COOKIE)
        cookieStore.delete({ ...authCookieOptions, name });
  });
}

/**
 * A client acting with the access token the session cookie holds, and its user, read without the auth server: never
 * refreshed, nothing written back. For a request that only passes the token on to a service that verifies it itself
 * (Storage, for the profile picture): a refresh there would rotate the refresh token in a side request that the page's own requests
 * race with, and a session ended elsewhere would be cleared by it instead of by the page's redirect through
 * session-ended. Null without a session cookie, with one we did not write, or once the token has expired (the
 * next private page's middleware refreshes it).
 */
export async function storedSessionClient() {
  const cookieStore = await cookies();
  const stored = await combineChunks(sessionCookieOptions.name, (name) => cookieStore.get(name)?.value);
  if (!stored) return null;
  try {
    // @supabase/ssr's two encodings (lib/supabase/cookie-encoding.ts): 'raw' JSON, or `base64-` and base64url.
    const session: unknown = JSON.parse(
      stored.startsWith('base64-') ? stringFromBase64URL(stored.slice('base64-'.length)) : stored,
    );
    const token = (session as { access_token?: unknown } | null)?.access_token;
    if (typeof token !== 'string') return null;
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const { sub, exp } = (claims ?? {}) as { sub?: unknown; exp?: unknown };
    if (typeof sub !== 'string' || typeof exp !== 'number' || exp * 1000 <= Date.now()) return null;
    return { supabase: createSupabaseTokenClient(token), userId: sub };
  } catch {
    // Not JSON, or a token that is not a JWT: not a cookie @supabase/ssr wrote, so no session.
    return null;
  }
}

/**
 * Whether a confirmed user still owes the second factor: the `aal` of the access token the auth server just
 * accepted (supabase-js decodes it from the stored session, no request) and the user's factors as the auth server
 * sent them (not the cookie's copy, which only the middleware's routing relies on).
 */
async function owesSecondFactor(supabase: SessionClient, factors: unknown): Promise<boolean> {
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  return isSecondFactorPending(data?.currentLevel, factors);
}

/** confirmedSession's answer when neither the auth server nor the token's signature could be checked in time. */
export const sessionUnconfirmed = 'unconfirmed';

/**
 * Who is signed in, for private pages (the route table's `private` entries): confirmed with the auth server
 * (`getUser()`, one request per view), so a session ended elsewhere (sign out everywhere, a password change, a deleted
 * account) takes effect on the next request rather than when the access token expires. Static pages never call this:
 * they cost no auth-server request. When the auth server cannot be reached the locally verified claims stand in
 * (logged), so an outage does not look like every user being signed out; when the token cannot be verified either (the
 * signing keys come from the same server), the answer is `sessionUnconfirmed`, never null: the middleware, with its own
 * copy of the keys, may still hold the session valid, and a page that sent the visitor to sign-in would be sent back
 * (docs/decisions/0004-private-pages-confirm-the-session.md). One budget for both steps.
 */
export async function confirmedSession(
  path: string,
): Promise<SessionClaims | null | typeof sessionUnconfirmed> {
  const deadline = performance.now() + authBudgetMs;
  try {
    const supabase = await sessionClient();
    const { data, error } = await boundedGetUser(supabase);
    if (data.user) {
      const identity = identityOf(data.user);
      if (!identity) return null;
      const secondFactorPending = await owesSecondFactor(supabase, data.user.factors);
      return {
        identity,
        userMetadata: data.user.user_metadata ?? {},
        secondFactorPending,
        factors: verifiedFactors(data.user.factors),
        ...(data.user.new_email ? { newEmail: data.user.new_email } : {}),
      };
    }
    if (!error || !reportIfUnreachable(error, path)) return null;
    const verified = await withinAuthBudget(
      supabase.auth.getClaims(),
      Math.max(0, deadline - performance.now()),
    ).catch((timeout: unknown) => ({ data: null, error: timeout }));
    if (verified.error && authErrorMessage(verified.error).key === 'serviceUnavailable')
      return sessionUnconfirmed;
    const claims = verified.data?.claims;
    const identity = claims ? identityOf(claims) : null;
    if (!claims || !identity) return null;
    // The auth server is down: the cookie's factors are all there is to go by, as in the middleware.
    const factors = storedUserFactors((await supabase.auth.getSession()).data.session?.user);
    return {
      identity,
      userMetadata: claims.user_metadata ?? {},
      secondFactorPending: isSecondFactorPending(claims.aal, factors),
      factors: verifiedFactors(factors),
    };
  } catch (error) {
    // Next's own signals are not failures: above all, while `next build` prerenders a private page, cookies()
    // rejects once the prerender is complete (the page is rendered per request), and that must reach Next unlogged.
    unstable_rethrow(error);
    // A malformed cookie or a failure inside the client: logged, and the page shows the signed-out view.
    if (!reportIfUnreachable(error, path)) logServerError({ path, code: 'session_unreadable', error });
    return null;
  }
}

/**
 * The signed-in user, asked of the auth server, and whether the session still owes its second factor (the aal of
 * the token the server just accepted and the factors it sent, never the cookie's copy). Only for the code step's
 * own action: everything else uses requireCurrentUser. Signed-out visitors (a session ended elsewhere) go through
 * session-ended to sign-in and come back to `next`; when the auth server cannot be reached, `user` is null and
 * `error` says so (for authErrorState), rather than treating the visitor as signed out.
 */
export async function requireFirstFactorUser(locale: Locale, next = '/account') {
  const supabase = await sessionClient();
  const { data, error } = await boundedGetUser(supabase);
  if (data.user)
    return {
      supabase,
      user: data.user,
      error: null,
      secondFactorPending: await owesSecondFactor(supabase, data.user.factors),
    };
  if (error && authErrorMessage(error).key === 'serviceUnavailable')
    return { supabase, user: null, error, secondFactorPending: false };
  // The cookie may still hold a valid-looking token for a session the server has ended: clear it first.
  return redirect({ href: { pathname: '/auth/session-ended', query: { next } }, locale });
}

/**
 * Whether every authentication of this session (the `amr` of the token the auth server just accepted: the first factor
 * and any second) happened within the reauthentication window (lib/env/env.ts). Changes to what signs the user in or
 * recovers the account (email address, authenticator apps, passkeys) ask for that (ASVS 7.5.1, `fresh`): an older
 * session signs in again, with every factor the account has.
 */
async function signedInRecently(supabase: SessionClient): Promise<boolean> {
  const { data } = await supabase.auth.getClaims();
  return authenticatedSince(data?.claims.amr, Date.now() / 1000 - env.reauthenticationWindowSeconds);
}

/**
 * Whether the project requires a second factor (REQUIRE_SECOND_FACTOR, ASVS 6.3.3) and this user has none yet: no
 * verified factor (the auth server's answer) and no passkey (asked only then: one request).
 */
export async function owesEnrollment(supabase: SessionClient, factors: VerifiedFactor[]): Promise<boolean> {
  if (!env.requireSecondFactor || factors.length > 0) return false;
  const { data } = await supabase.auth.passkey.list();
  // Passkeys switched off or not answering: the enrollment page still offers an authenticator app.
  return !data?.length;
}

/**
 * The signed-in user with the full assurance their account asks for: every action behind a private page calls this
 * before changing anything. A session that still owes its second factor goes to the code step, coming back to `next`
 * (the account section the form belongs to): the middleware routes by the cookie, which the visitor can edit, so a post
 * that reached an action proves nothing (docs/decisions/0004-private-pages-confirm-the-session.md). Where the project
 * requires a second factor, a user without one goes to add one first; only the actions that add one pass `enrolling`.
 */
export async function requireCurrentUser(
  locale: Locale,
  next = '/account',
  { enrolling = false, fresh = false } = {},
) {
  const { secondFactorPending, ...current } = await requireFirstFactorUser(locale, next);
  if (secondFactorPending)
    return redirect({ href: { pathname: '/sign-in/verify', query: { next } }, locale });
  if (fresh && current.user && !(await signedInRecently(current.supabase))) {
    await signOutHere(current.supabase);
    return redirect({ href: { pathname: '/sign-in', query: { next, status: 'sign-in-again' } }, locale });
  }
  if (
    !enrolling &&
    current.user &&
    (await owesEnrollment(current.supabase, verifiedFactors(current.user.factors)))
  )
    return redirect({ href: { pathname: '/sign-in/enroll', query: { next } }, locale });
  return current;
}

/**
 * Where a user just signed in goes on to: `next`, or the code step first while their second factor is owed (the
 * stored session's aal and factors, as the middleware reads them; no request). Server actions must decide this
 * themselves: Next renders an action's redirect target in the same response, and a redirect the middleware answers
 * for that target would show the code step under the target's address, without its `next`.
 */
export async function afterSignIn(
  supabase: SessionClient,
  next: string,
): Promise<string | { pathname: '/sign-in/verify'; query: { next: string } }> {
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  const owed = data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
  return owed ? { pathname: '/sign-in/verify', query: { next } } : next;
}
