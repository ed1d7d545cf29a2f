import { createServerClient } from '@supabase/ssr';
import type { NextRequest, NextResponse } from 'next/server';
import { identityOf, type SessionIdentity } from '@/lib/auth/session-identity';
import { authCookieOptions, isAuthCookieName, supabasePublishableKey, supabaseUrl } from './config';

export function hasAuthCookie(request: NextRequest): boolean {
  return request.cookies.getAll().some(({ name }) => isAuthCookieName(name));
}

/**
 * The signed-in user, from the session cookie, refreshing it when the access token has expired.
 * Refreshed cookies and Supabase's no-store headers go onto `response` itself, so nothing the routing step
 * put there is lost. With asymmetric signing keys getClaims() verifies locally (JWKS cached for 10 minutes):
 * no request to the auth server per page view while the access token is valid.
 */
export async function readSessionIdentity(request: NextRequest, response: NextResponse): Promise<SessionIdentity | null> {
  const supabase = createServerClient(supabaseUrl, supabasePublishableKey, {
    cookieOptions: authCookieOptions,
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(cookiesToSet, headers) {
        for (const { name, value, options } of cookiesToSet) {
          request.cookies.set(name, value);
          response.cookies.set(name, value, options);
        }
        for (const [key, value] of Object.entries(headers)) response.headers.set(key, value);
      },
    },
  });
  try {
    const { data } = await supabase.auth.getClaims();
    return data?.claims ? identityOf(data.claims) : null;
  } catch {
    // Unreachable auth server or a malformed cookie: treat as signed out, never fail the page.
    return null;
  }
}
