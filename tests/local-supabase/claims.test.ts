import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createBrowserClient } from '@supabase/ssr';
import {
  adminClient,
  api,
  PASSWORD,
  PUBLISHABLE_KEY,
  serverClient,
  uniqueEmail,
  authServerForFile,
} from './helpers.ts';
import { LOCAL_JWT_SECRET } from '../../local-supabase/src/crypto/keys.ts';

const srv = authServerForFile();

describe('getClaims verifies locally', () => {
  it('an ssr server client verifies with the JWKS and makes no GET /user request', async () => {
    const server = srv.get();
    const email = uniqueEmail('claims');
    await adminClient(server).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const signIn = serverClient(server);
    await signIn.client.auth.signInWithPassword({ email, password: PASSWORD });

    server.resetRequestCounts();
    for (let i = 0; i < 5; i++) {
      // A fresh client per "request", as a Next.js page would create.
      const { client } = serverClient(server, signIn.jar);
      const { data, error } = await client.auth.getClaims();
      expect(error).toBeNull();
      expect(data?.claims.email).toBe(email);
      expect(data?.header.alg).toBe('ES256');
    }
    const counts = server.requestCounts();
    expect(counts.routes['GET /user']).toBeUndefined();
    expect(counts.routes['GET /.well-known/jwks.json']).toBeLessThanOrEqual(1);
    expect(counts.total).toBeLessThanOrEqual(1);

    // The HTTP view of the same counters, for out-of-process e2e tests.
    const stats = (await (await fetch(`${server.url}/__local/stats`)).json()) as {
      total: number;
      routes: Record<string, number>;
    };
    expect(stats.total).toBe(counts.total);
    await signIn.client.auth.getUser();
    const after = (await (await fetch(`${server.url}/__local/stats`)).json()) as {
      routes: Record<string, number>;
    };
    expect(after.routes['GET /user']).toBe(1);
    const reset = await fetch(`${server.url}/__local/stats/reset`, { method: 'POST' });
    expect(((await reset.json()) as { total: number }).total).toBe(0);
  });

  it('an ssr browser client (cookie storage) also verifies locally after sign-in', async () => {
    const server = srv.get();
    const email = uniqueEmail('browser');
    await adminClient(server).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const cookies = new Map<string, string>();
    const browser = createBrowserClient(server.url, PUBLISHABLE_KEY, {
      isSingleton: false,
      auth: { autoRefreshToken: false, detectSessionInUrl: false },
      cookies: {
        getAll: () => [...cookies].map(([name, value]) => ({ name, value })),
        setAll: (list) =>
          list.forEach(({ name, value }) => (value ? cookies.set(name, value) : cookies.delete(name))),
      },
    });
    const signIn = await browser.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect([...cookies.keys()].some((k) => k.startsWith('sb-127-auth-token'))).toBe(true);
    server.resetRequestCounts();
    const { data, error } = await browser.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(signIn.data.user?.id);
    expect(server.requestCounts().routes['GET /user']).toBeUndefined();
  });

  it('HS256 user tokens signed with the local secret are accepted (getClaims falls back to GET /user)', async () => {
    const server = srv.get();
    const email = uniqueEmail('hs');
    const { data } = await adminClient(server).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    const token = await new SignJWT({
      sub: data.user!.id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    const me = await api(server, '/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it('rejects tokens signed by another key, expired tokens and garbage with 403 bad_jwt; missing bearer is 401', async () => {
    const server = srv.get();
    const { data } = await adminClient(server).auth.admin.createUser({
      email: uniqueEmail('forged'),
      password: PASSWORD,
      email_confirm: true,
    });
    const forged = await new SignJWT({ sub: data.user!.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ sub: data.user!.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    for (const token of [forged, expired, 'not.a.jwt']) {
      const res = await api(server, '/user', { token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('bad_jwt');
      expect(String(res.body.message)).toMatch(/^invalid JWT: unable to parse or verify signature, /);
    }
    expect((await api(server, '/user', { token: expired })).body.message).toBe(
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    );
    const none = await fetch(`${server.authUrl}/user`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
    const anon = await api(server, '/user');
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe('bad_jwt');
  });

  it('a token accepted before is refused once it expires (the server remembers checked signatures, not answers)', async () => {
    const server = srv.get();
    const email = uniqueEmail('expiring');
    const { data } = await adminClient(server).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await new SignJWT({ sub: data.user!.id, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    expect((await api(server, '/user', { token })).status).toBe(200);
    expect((await api(server, '/user', { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    const late = await api(server, '/user', { token });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    );
  });
});
