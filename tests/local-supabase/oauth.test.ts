import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  APP_URL,
  PASSWORD,
  serverClient,
  throughLocalIdp,
  uniqueEmail,
  authServerForFile,
} from './helpers.ts';

const srv = authServerForFile();

/** signInWithOAuth, then the local IdP like a browser. */
async function throughIdp(
  client: SupabaseClient,
  provider: 'github' | 'google',
  form: Record<string, string>,
): Promise<string> {
  const { data, error } = await client.auth.signInWithOAuth({
    provider,
    options: { redirectTo: `${APP_URL}/auth/callback` },
  });
  expect(error).toBeNull();
  return throughLocalIdp(data.url!, provider, form);
}

describe('OAuth through the built-in local identity provider', () => {
  it('GitHub with PKCE: consent page → callback → redirect_to?code= → exchangeCodeForSession', async () => {
    const server = srv.get();
    const { client, jar } = serverClient(server);
    const location = await throughIdp(client, 'github', { identity: 'ada@example.com', decision: 'allow' });
    expect(location.startsWith(`${APP_URL}/auth/callback?code=`)).toBe(true);
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    const { data, error } = await client.auth.exchangeCodeForSession(
      new URL(location).searchParams.get('code')!,
    );
    expect(error).toBeNull();
    expect(events).toContain('SIGNED_IN');
    expect(data.session?.provider_token).toMatch(/^local-github-token-/);
    expect(data.user).toMatchObject({
      email: 'ada@example.com',
      app_metadata: { provider: 'github', providers: ['github'] },
      user_metadata: { full_name: 'Ada Lovelace', email_verified: true, iss: 'https://api.github.com' },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['github']);
    expect(jar.cookies.size).toBeGreaterThan(0);

    // Signing in again reuses the same identity and user.
    const again = serverClient(server).client;
    const second = await throughIdp(again, 'github', { identity: 'ada@example.com', decision: 'allow' });
    const s2 = await again.auth.exchangeCodeForSession(new URL(second).searchParams.get('code')!);
    expect(s2.data.user?.id).toBe(data.user?.id);
  });

  it('links a provider identity to an existing user with the same email', async () => {
    const server = srv.get();
    const email = uniqueEmail('linked');
    const created = await adminClient(server).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    const { client } = serverClient(server);
    const location = await throughIdp(client, 'google', {
      identity: 'custom',
      email,
      name: 'Linked Person',
      decision: 'allow',
    });
    const { data } = await client.auth.exchangeCodeForSession(new URL(location).searchParams.get('code')!);
    expect(data.user?.id).toBe(created.data.user?.id);
    expect(data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    expect(data.user?.app_metadata.providers).toEqual(['email', 'google']);
    expect(data.user?.user_metadata.full_name).toBe('Linked Person');
  });

  it('Deny returns an access_denied error redirect', async () => {
    const { client } = serverClient(srv.get());
    const location = await throughIdp(client, 'github', { identity: 'grace@example.com', decision: 'deny' });
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${APP_URL}/auth/callback`);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('error_description')).toBe('The user denied the request');
    expect(new URLSearchParams(url.hash.slice(1)).get('error')).toBe('access_denied');
    expect(url.searchParams.has('code')).toBe(false);
  });

  it('a disabled or unknown provider answers 400 validation_failed', async () => {
    const server = srv.get();
    for (const provider of ['apple', 'nope']) {
      const res = await fetch(`${server.authUrl}/authorize?provider=${provider}`, {
        redirect: 'manual',
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'validation_failed',
        message: 'Unsupported provider: provider is not enabled',
      });
    }
  });
});
