import { createServerClient } from '@supabase/ssr';
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
export async function signIn(authUrl: string, publishableKey: string, user: TestUser): Promise<SignedInSession> {
  const jar = new Map<string, string>();
  const supabase = createServerClient(authUrl, publishableKey, {
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
  const { data, error } = await supabase.auth.signInWithPassword(user);
  if (error || !data.session) throw new Error(`Signing in the benchmark user failed: ${error?.message ?? 'no session'}`);
  const authCookies = [...jar].filter(([name]) => /^sb-[^.]+-auth-token(\.\d+)?$/.test(name));
  if (authCookies.length === 0) throw new Error(`Signing in set no auth cookie (got: ${[...jar.keys()].join(', ') || 'none'})`);
  return {
    cookieHeader: authCookies.map(([name, value]) => `${name}=${value}`).join('; '),
    cookieNames: authCookies.map(([name]) => name),
    accessToken: data.session.access_token,
    refreshToken: data.session.refresh_token,
  };
}
