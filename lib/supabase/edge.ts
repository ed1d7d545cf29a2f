import { createServerClient } from '@supabase/ssr';
import type { NextRequest, NextResponse } from 'next/server';
import { authFetch, visitorOf } from './auth-fetch';
import type { Database } from './database.types';
import {
  authCookieEncoding,
  sessionCookieOptions,
  isAuthCookieName,
  supabasePublishableKey,
  supabaseUrl,
} from './config';

// Edge runtime (the middleware): a client on the request's cookies. Its session refreshes meet GoTrue's per-IP
// token_refresh limit, so its Auth requests carry the visitor's IP with the secret key as the Node ones do
// (authFetch): the key is a server variable of the middleware's runtime, whose code no browser receives.

export function hasAuthCookie(request: NextRequest): boolean {
  return request.cookies.getAll().some(({ name }) => isAuthCookieName(name));
}

/**
 * A Supabase client for one middleware request. Refreshed cookies and Supabase's no-store headers go onto
 * `response` itself (and onto the request, for what renders after), so nothing the routing step put there is lost.
 */
export function createSupabaseEdgeClient(request: NextRequest, response: NextResponse) {
  return createServerClient<Database>(supabaseUrl, supabasePublishableKey, {
    cookieOptions: sessionCookieOptions,
    cookieEncoding: authCookieEncoding,
    global: { fetch: authFetch(visitorOf(request.headers)) },
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
}
