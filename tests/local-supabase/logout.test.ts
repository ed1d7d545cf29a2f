import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  PASSWORD,
  serverClient,
  uniqueEmail,
  authServerForFile,
} from './helpers.ts';

const srv = authServerForFile();

async function threeSessions(): Promise<SupabaseClient[]> {
  const email = uniqueEmail('logout');
  await adminClient(srv.get()).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  const clients = [anonClient(srv.get()), anonClient(srv.get()), anonClient(srv.get())];
  for (const c of clients) await c.auth.signInWithPassword({ email, password: PASSWORD });
  return clients;
}

const alive = async (c: SupabaseClient) => (await c.auth.getUser()).error === null;

describe('POST /logout scopes', () => {
  it('local ends only this session', async () => {
    const [a, b, c] = await threeSessions();
    const events: string[] = [];
    a!.auth.onAuthStateChange((e) => events.push(e));
    expect((await a!.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    expect((await a!.auth.getSession()).data.session).toBeNull();
    expect([await alive(b!), await alive(c!)]).toEqual([true, true]);
  });

  it('others ends every session but this one', async () => {
    const [a, b, c] = await threeSessions();
    expect((await a!.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(a!)).toBe(true);
    expect([await alive(b!), await alive(c!)]).toEqual([false, false]);
  });

  it('global (the default) ends all sessions; refresh tokens stop working', async () => {
    const [a, b] = await threeSessions();
    const refresh = (await b!.auth.getSession()).data.session!.refresh_token;
    expect((await a!.auth.signOut()).error).toBeNull();
    expect(await alive(b!)).toBe(false);
    const r = await anonClient(srv.get()).auth.refreshSession({ refresh_token: refresh });
    expect(r.error?.code).toBe('refresh_token_not_found');
  });

  it('answers 204 and an ssr client clears its cookies; unknown scopes are 400', async () => {
    const server = srv.get();
    const email = uniqueEmail('ssr-out');
    await adminClient(server).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const { client, jar } = serverClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const token = (await client.auth.getSession()).data.session!.access_token;
    const bad = await fetch(`${server.authUrl}/logout?scope=everything`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everything"',
    });
    const res = await fetch(`${server.authUrl}/logout?scope=local`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    await client.auth.signOut();
    expect([...jar.cookies.keys()].filter((k) => k.startsWith('sb-127-auth-token'))).toEqual([]);
  });
});
