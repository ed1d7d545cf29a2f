import { env } from '@/lib/env/env';

// Where the app finds Supabase Auth (lib/env/env.ts). Read by the middleware, server components, actions and route
// handlers.
export const { supabaseUrl, supabasePublishableKey, usesLocalSupabase } = env;

// Auth cookies: no browser code reads them, so HttpOnly; Secure in production (not over plain-http loopback).
export const authCookieOptions = {
  httpOnly: true,
  secure: env.secureCookies,
  sameSite: 'lax',
  path: '/',
} as const;

// How @supabase/ssr stores the session in its cookie. 'raw' is the JSON itself (the cookie layer percent-encodes
// it), read with native decodeURIComponent and JSON.parse; the default 'base64url' is decoded one byte at a time in
// JavaScript, which profiled at about a tenth of a signed-in request's CPU in the edge middleware (bench/README.md).
// Both clients read either form, so cookies written before keep working.
export const authCookieEncoding = 'raw' as const;

/** `sb-<ref>-auth-token`, or its chunks `.0`, `.1`, … (not the PKCE `-code-verifier` cookies). */
const authCookieName = /^sb-[^.]+-auth-token(\.\d+)?$/;

export function isAuthCookieName(name: string): boolean {
  return authCookieName.test(name);
}
