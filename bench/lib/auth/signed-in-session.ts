import { createServerClient } from '@supabase/ssr';
import { Secret, TOTP } from 'otpauth';
import { authCookieEncoding } from '../../../lib/supabase/cookie-encoding.ts';
import type { TestUser } from './test-user.ts';

export interface SignedInSession {
  /** The `sb-<ref>-auth-token` cookies (chunked or not) as the app sets them, ready for a Cookie header. */
  cookieHeader: string;
  cookieNames: string[];
  accessToken: string;
  refreshToken: string;
}

/**
 * Signs in the way the app's server code does (@supabase/ssr with a cookie adapter), but with an in-memory jar,
 * so the cookies are byte for byte what the middleware expects.
 */
export async function signIn(
  authUrl: string,
  publishableKey: string,
  user: TestUser,
  { secondFactor = false } = {},
): Promise<SignedInSession> {
  const { supabase, sessionCookies } = jarClient(authUrl, publishableKey);
  const signedIn = await supabase.auth.signInWithPassword(user);
  if (signedIn.error || !signedIn.data.session)
    throw new Error(`Signing in the benchmark user failed: ${signedIn.error?.message ?? 'no session'}`);
  let tokens = {
    accessToken: signedIn.data.session.access_token,
    refreshToken: signedIn.data.session.refresh_token,
  };
  if (secondFactor) {
    // A two-factor user: an authenticator app enrolled and confirmed, which raises this session to aal2.
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Bench' });
    if (enrolled.error)
      throw new Error(`Enrolling the benchmark user's app failed: ${enrolled.error.message}`);
    const totp = new TOTP({
      secret: Secret.fromBase32(enrolled.data.totp.secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    const verified = await supabase.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: totp.generate(),
    });
    if (verified.error)
      throw new Error(`Confirming the benchmark user's app failed: ${verified.error.message}`);
    tokens = { accessToken: verified.data.access_token, refreshToken: verified.data.refresh_token };
  }
  return { ...sessionCookies(), ...tokens };
}

/**
 * A server client as the app makes one (@supabase/ssr with a cookie adapter) over an in-memory jar, and the session
 * cookies the jar then holds, byte for byte what the middleware expects.
 */
export function jarClient(authUrl: string, publishableKey: string) {
  const jar = new Map<string, string>();
  const supabase = createServerClient(authUrl, publishableKey, {
    cookieEncoding: authCookieEncoding,
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll(cookies) {
        for (const { name, value } of cookies) {
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
      },
    },
  });
  function sessionCookies(): Pick<SignedInSession, 'cookieHeader' | 'cookieNames'> {
    const authCookies = [...jar].filter(([name]) => /^sb-[^.]+-auth-token(\.\d+)?$/.test(name));
    if (authCookies.length === 0)
      throw new Error(`The session set no auth cookie (got: ${[...jar.keys()].join(', ') || 'none'})`);
    return {
      cookieHeader: authCookies.map(([name, value]) => `${name}=${value}`).join('; '),
      cookieNames: authCookies.map(([name]) => name),
    };
  }
  return { supabase, sessionCookies };
}
