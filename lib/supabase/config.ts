// Where the app finds Supabase Auth. Read by the middleware, server components, actions and route handlers.
const localUrl = 'http://127.0.0.1:54321';

export const supabaseUrl = process.env.NEXT_PUBLIC_SUPABASE_URL || localUrl;
export const supabasePublishableKey =
  process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY || 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

/** True for the local auth server on the loopback interface, the only place well-known keys are acceptable. */
export const usesLocalSupabase = /^https?:\/\/(127\.0\.0\.1|localhost)(:|\/|$)/.test(supabaseUrl);

// A production build served from plain-http loopback (end-to-end tests) cannot keep Secure cookies everywhere.
const servedFromLoopback = /^http:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(
  process.env.NEXT_PUBLIC_SITE_URL ?? '',
);

// Auth cookies: no browser code reads them, so HttpOnly; Secure in production.
export const authCookieOptions = {
  httpOnly: true,
  secure: process.env.NODE_ENV === 'production' && !servedFromLoopback,
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
