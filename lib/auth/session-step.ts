import { type NextRequest, NextResponse } from 'next/server';
import type { Locale } from 'next-intl';
import { hasAuthCookie, readSessionIdentity } from '@/lib/supabase/middleware-client';
import { accessRedirect, isPrivatePath } from './access-rules';
import type { SessionIdentity } from './session-identity';
import { SESSION_PRESENCE_COOKIE, sessionPresenceValue } from './session-presence';
import { sessionPresenceCookieOptions } from './session-presence-cookie';

const privateCacheControl = 'private, no-store';

/** Sets, updates or clears the header's sign-in hint to match the verified session. */
function syncPresence(request: NextRequest, response: NextResponse, identity: SessionIdentity | null) {
  const current = request.cookies.get(SESSION_PRESENCE_COOKIE)?.value;
  const wanted = identity ? sessionPresenceValue(identity) : undefined;
  if (wanted === current) return;
  if (wanted) response.cookies.set(SESSION_PRESENCE_COOKIE, wanted, sessionPresenceCookieOptions);
  else response.cookies.set(SESSION_PRESENCE_COOKIE, '', { ...sessionPresenceCookieOptions, maxAge: 0 });
}

/**
 * The middleware's auth step for a locale-prefixed request: session refresh, access rules, private caching.
 * Anonymous requests (no auth cookie) create no Supabase client at all.
 */
export async function applySession(request: NextRequest, response: NextResponse, locale: Locale): Promise<NextResponse> {
  const path = request.nextUrl.pathname.slice(locale.length + 1) || '/';
  const identity = hasAuthCookie(request) ? await readSessionIdentity(request, response) : null;
  syncPresence(request, response, identity);

  const target = accessRedirect({ locale, path, search: request.nextUrl.searchParams, signedIn: identity !== null });
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
