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

/**
 * The session cookie's name: supabase-js's storage key (`sb-<first label of the host>-auth-token`), with the
 * `__Host-` prefix wherever the cookie is Secure (ASVS 3.3.1): the browser then keeps it to this exact host, path `/`
 * and https, so no subdomain or http page can set or shadow it. @supabase/ssr derives the chunks (`.0`, `.1`) and
 * the PKCE verifier (`-code-verifier`) from it. Not over plain-http loopback (development, e2e): `__Host-` needs
 * Secure, which Safari refuses on http://localhost.
 */
export function sessionCookieName(url: string, secure: boolean): string {
  const storageKey = `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
  return secure ? `__Host-${storageKey}` : storageKey;
}

/** The options the Supabase clients store the session with (never spread into other cookies: it holds a name). */
export function sessionCookieOptionsFor(url: string, secure: boolean) {
  return { ...authCookieOptions, secure, name: sessionCookieName(url, secure) };
}

export const sessionCookieOptions = sessionCookieOptionsFor(supabaseUrl, env.secureCookies);

// How @supabase/ssr stores the session in its cookie (cookie-encoding.ts, a module of its own so the bench can read it).
export { authCookieEncoding } from './cookie-encoding';

/** `sb-<ref>-auth-token` (`__Host-` prefixed over https), or its chunks `.0`, `.1`, … (not the PKCE verifier). */
const authCookieName = /^(?:__Host-)?sb-[^.]+-auth-token(\.\d+)?$/;

export function isAuthCookieName(name: string): boolean {
  return authCookieName.test(name);
}
