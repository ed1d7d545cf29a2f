import type { Locale } from 'next-intl';
import { cookies } from 'next/headers';
import { redirect } from '@/i18n/navigation';
import { authErrorMessage } from '@/lib/auth/auth-error-messages';
import { createSupabaseServerClient, writeCookies } from '@/lib/supabase/server';
import { PRESENCE_HINT_COOKIE, syncPresenceHint } from './presence-hint';
import { identityOf, type SessionClaims } from './types';

// Node runtime: who is signed in, for server components, server actions and route handlers.

/**
 * The Supabase client for server code that touches the session. Every sign-in, refresh, profile change and
 * sign-out through it keeps the presence hint in step, whichever flow made it.
 */
export async function sessionClient() {
  const [supabase, cookieStore] = await Promise.all([createSupabaseServerClient(), cookies()]);
  supabase.auth.onAuthStateChange((event, session) => {
    // The session the cookie already held: the middleware keeps the hint in step with that one.
    if (event === 'INITIAL_SESSION') return;
    const identity = event === 'SIGNED_OUT' || !session ? null : identityOf(session.user);
    if (event !== 'SIGNED_OUT' && !identity) return;
    writeCookies(() =>
      syncPresenceHint(cookieStore.get(PRESENCE_HINT_COOKIE)?.value, identity, (name, value, options) => cookieStore.set(name, value, options)),
    );
  });
  return supabase;
}

/**
 * Who the session cookie says is signed in, verified locally from the access token (no auth-server request
 * while it is valid). Enough for showing a page; anything that changes data asks getUser() instead.
 */
export async function sessionClaims(): Promise<SessionClaims | null> {
  try {
    const { data } = await (await sessionClient()).auth.getClaims();
    const identity = data?.claims ? identityOf(data.claims) : null;
    return identity ? { identity, userMetadata: data?.claims.user_metadata ?? {} } : null;
  } catch {
    // An unreachable auth server or a malformed cookie counts as signed out.
    return null;
  }
}

/**
 * The signed-in user, asked of the auth server itself (not just the cookie's claims): actions call this before
 * changing anything. Signed-out visitors go to sign-in; an unreachable server is reported, not treated as signed out.
 */
export async function requireCurrentUser(locale: Locale) {
  const supabase = await sessionClient();
  const { data, error } = await supabase.auth.getUser();
  if (data.user) return { supabase, user: data.user, unavailable: false as const };
  if (error && authErrorMessage(error).key === 'serviceUnavailable') return { supabase, user: null, unavailable: true as const };
  // The cookie may still hold a valid-looking token for a session the server has ended: clear it first.
  return redirect({ href: { pathname: '/auth/session-ended', query: { next: '/account' } }, locale });
}
