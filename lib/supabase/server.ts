import { createServerClient } from '@supabase/ssr';
import { createClient } from '@supabase/supabase-js';
import { cookies, headers } from 'next/headers';
import { authFetch, visitorOf } from './auth-fetch';
import type { Database } from './database.types';
import { authCookieEncoding, sessionCookieOptions, supabasePublishableKey, supabaseUrl } from './config';

// Node runtime: server components, server actions and route handlers.

/** Runs a cookie write, which only actions and route handlers may do; see the comment inside. */
export function writeCookies(write: () => void): void {
  try {
    write();
  } catch {
    // Server components cannot set cookies and throw when asked; the middleware refreshes their session instead.
  }
}

/** A Supabase client for one request of a server component, server action or route handler. Never cache it. */
export async function createSupabaseServerClient() {
  const [cookieStore, requestHeaders] = await Promise.all([cookies(), headers()]);
  return createServerClient<Database>(supabaseUrl, supabasePublishableKey, {
    cookieOptions: sessionCookieOptions,
    cookieEncoding: authCookieEncoding,
    global: { fetch: authFetch(visitorOf(requestHeaders)) },
    // The fetch above retries reads within the 2 s budget; postgrest-js's own retries (1, 2 and 4 s apart, on 503
    // and network errors) would wait past it, around each of those calls.
    db: { retry: false },
    // MFA recovery codes (auth.mfa.recoveryCodes.*) are behind this flag in supabase-js 2.119.
    auth: { experimental: { recoveryCodes: true } },
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll(cookiesToSet) {
        writeCookies(() => {
          for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options);
        });
      },
    },
  });
}

/**
 * A client that acts with a given access token and never touches the session: no auth calls, no cookies. For a
 * request that only passes the token on to a service that verifies it itself (Storage).
 */
export function createSupabaseTokenClient(accessToken: string) {
  return createClient<Database>(supabaseUrl, supabasePublishableKey, {
    accessToken: async () => accessToken,
    global: { fetch: authFetch() },
    db: { retry: false },
  });
}
