import type { Locale } from 'next-intl';
import { type NextRequest, NextResponse } from 'next/server';
import { accessRedirect, isPrivatePath } from '@/lib/auth/access-rules';
import { reportIfUnreachable } from '@/lib/auth/auth-error-messages';
import { logServerError } from '@/lib/log/server-log';
import { withinAuthBudget } from '@/lib/supabase/auth-fetch';
import { createSupabaseEdgeClient, hasAuthCookie } from '@/lib/supabase/edge';
import { syncPresenceHint } from './presence-hint';
import { identityOf, isSecondFactorPending, PRESENCE_HINT_COOKIE, sessionCookieFactors, type SessionIdentity } from './types';

// Edge runtime: the middleware's session step.

const privateCacheControl = 'private, no-store';

interface EdgeSession {
  identity: SessionIdentity | null;
  /** Signed in with one factor while the user has a verified second one (aal1 with factors): private pages wait. */
  secondFactorPending: boolean;
  unreachable: boolean;
}

/**
 * The signed-in user, from the session cookie, refreshing it when the access token has expired. With
 * asymmetric signing keys getClaims() verifies locally (JWKS cached for 10 minutes): no request to the auth
 * server per page view while the access token is valid. The assurance level comes from the token's `aal` claim
 * and the factors in the session cookie, also without a request.
 */
async function readSession(request: NextRequest, response: NextResponse): Promise<EdgeSession> {
  const path = request.nextUrl.pathname;
  try {
    const supabase = createSupabaseEdgeClient(request, response);
    const { data, error } = await withinAuthBudget(supabase.auth.getClaims());
    const unreachable = error ? reportIfUnreachable(error, path) : false;
    const identity = data?.claims ? identityOf(data.claims) : null;
    // The cookie's factors are read only below aal2: an aal2 session owes nothing.
    const owes = identity !== null && data?.claims.aal !== 'aal2';
    const secondFactorPending = owes && isSecondFactorPending(data?.claims.aal, await sessionCookieFactors(supabase));
    return { identity, secondFactorPending, unreachable };
  } catch (error) {
    // An auth server too slow for the budget, a malformed cookie or a failure inside the client: logged,
    // treated as signed out, never a failed or hanging page.
    const unreachable = reportIfUnreachable(error, path);
    if (!unreachable) logServerError({ path, code: 'session_unreadable', error });
    return { identity: null, secondFactorPending: false, unreachable };
  }
}

/**
 * For a locale-prefixed request: session refresh, the presence hint, access rules and private caching.
 * Anonymous requests (no auth cookie) create no Supabase client at all.
 */
export async function applySession(request: NextRequest, response: NextResponse, locale: Locale): Promise<NextResponse> {
  const path = request.nextUrl.pathname.slice(locale.length + 1) || '/';
  const { identity, secondFactorPending, unreachable } = hasAuthCookie(request)
    ? await readSession(request, response)
    : { identity: null, secondFactorPending: false, unreachable: false };
  syncPresenceHint(request.cookies.get(PRESENCE_HINT_COOKIE)?.value, identity, (name, value, options) => response.cookies.set(name, value, options));

  const target = accessRedirect({ locale, path, search: request.nextUrl.searchParams, signedIn: identity !== null, secondFactorPending, authUnreachable: unreachable });
  if (target) {
    const redirect = NextResponse.redirect(new URL(target, request.url), 307);
    // Carry refreshed or cleared cookies and Supabase's cache headers onto the redirect.
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && !key.startsWith('x-middleware-')) redirect.headers.set(key, value);
    });
    redirect.headers.set('Cache-Control', privateCacheControl);
    return redirect;
  }
  if (isPrivatePath(path)) response.headers.set('Cache-Control', privateCacheControl);
  return response;
}
