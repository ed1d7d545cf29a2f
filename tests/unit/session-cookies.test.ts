import { createServerClient } from '@supabase/ssr';
import { describe, expect, it } from 'vitest';
import { authCookieEncoding, isAuthCookieName, sessionCookieOptionsFor } from '@/lib/supabase/config';

// ASVS 3.3.1: over https the session cookies are `__Host-` prefixed (Secure, Path=/, no Domain), and
// @supabase/ssr still writes, reads and clears them in chunks.

const hosted = 'https://abcdefgh.supabase.co';

function fakeJwt(payload: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

/** A session big enough for two chunks (a long display name, as OAuth profiles bring). */
function session(expiresAt: number) {
  return {
    access_token: fakeJwt({ sub: 'user-1', exp: expiresAt, aal: 'aal1', session_id: 's-1' }),
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    user: { id: 'user-1', email: 'ada@example.com', user_metadata: { bio: 'x'.repeat(5000) } },
  };
}

interface Jar {
  cookies: Map<string, string>;
  writes: { name: string; value: string; options: Record<string, unknown> }[];
}

function client(jar: Jar, secure: boolean, answer: () => Response) {
  return createServerClient(hosted, 'sb_publishable_test', {
    cookieOptions: sessionCookieOptionsFor(hosted, secure),
    cookieEncoding: authCookieEncoding,
    global: { fetch: () => Promise.resolve(answer()) },
    cookies: {
      getAll: () => [...jar.cookies].map(([name, value]) => ({ name, value })),
      setAll(cookies) {
        for (const { name, value, options } of cookies) {
          jar.writes.push({ name, value, options: { ...options } });
          if (value && options.maxAge !== 0) jar.cookies.set(name, value);
          else jar.cookies.delete(name);
        }
      },
    },
  });
}

describe('the session cookie over https', () => {
  it('is written as __Host- chunks, Secure, Path=/, without Domain, and read back', async () => {
    const jar: Jar = { cookies: new Map(), writes: [] };
    // An expired session, so getSession refreshes it and stores the answer.
    jar.cookies.set('__Host-sb-abcdefgh-auth-token', JSON.stringify(session(1000)));
    const fresh = session(Math.floor(Date.now() / 1000) + 3600);
    const supabase = client(jar, true, () => Response.json(fresh));
    const { data } = await supabase.auth.getSession();
    expect(data.session?.refresh_token).toBe('refresh-1');

    const chunks = jar.writes.filter(({ value }) => value);
    expect(chunks.map(({ name }) => name)).toEqual([
      '__Host-sb-abcdefgh-auth-token.0',
      '__Host-sb-abcdefgh-auth-token.1',
    ]);
    for (const { name, options } of jar.writes) {
      expect(isAuthCookieName(name), name).toBe(true);
      expect(options).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'lax' });
      expect(options).not.toHaveProperty('domain');
      expect(options).not.toHaveProperty('name');
    }

    // A new client on the same cookies reads the chunks without asking the server.
    const reader = client({ cookies: jar.cookies, writes: [] }, true, () => {
      throw new Error('no request expected');
    });
    const again = await reader.auth.getSession();
    expect(again.data.session?.access_token).toBe(fresh.access_token);
  });

  it('keeps the plain name where the cookie cannot be Secure (http://localhost)', () => {
    expect(sessionCookieOptionsFor('http://127.0.0.1:54321', false)).toMatchObject({
      name: 'sb-127-auth-token',
      secure: false,
      path: '/',
    });
    expect(sessionCookieOptionsFor(hosted, true)).toMatchObject({
      name: '__Host-sb-abcdefgh-auth-token',
      secure: true,
      path: '/',
    });
    expect(isAuthCookieName('__Host-sb-abcdefgh-auth-token-code-verifier')).toBe(false);
    expect(isAuthCookieName('__Secure-sb-abcdefgh-auth-token')).toBe(false);
  });
});
