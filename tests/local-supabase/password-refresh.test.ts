import { describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  api,
  decodeJwtPart,
  PASSWORD,
  serverClient,
  sessionFromJar,
  uniqueEmail,
  authServerForFile,
} from './helpers.ts';

// Reuse interval 0 so replaying a rotated token outside the "parent of the active token" case trips reuse detection.
const srv = authServerForFile({ configOverrides: { refreshTokenReuseInterval: 0 } });

async function confirmedUser(metadata: Record<string, unknown> = {}): Promise<string> {
  const email = uniqueEmail();
  const { error } = await adminClient(srv.get()).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: metadata,
  });
  if (error) throw error;
  return email;
}

describe('password sign-in', () => {
  it('issues an ES256 access token with GoTrue claims and a 12-char refresh token', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    const { data, error } = await anonClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    const s = data.session!;
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(600);
    expect(s.expires_at).toBeGreaterThan(Date.now() / 1000 + 590);
    expect(s.refresh_token).toMatch(/^[a-z2-7]{12}$/);
    const header = decodeJwtPart(s.access_token, 0);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const jwks = (await api(server, '/.well-known/jwks.json')).body as {
      keys: { kid: string; alg: string; kty: string; crv: string }[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({
      kid: header.kid,
      alg: 'ES256',
      kty: 'EC',
      crv: 'P-256',
      use: 'sig',
      key_ops: ['verify'],
    });
    const claims = decodeJwtPart(s.access_token, 1);
    expect(claims).toMatchObject({
      iss: server.authUrl,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect((claims.amr as { method: string }[])[0]?.method).toBe('password');
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.user?.last_sign_in_at).toBeTruthy();
  });

  it('answers invalid_credentials for a wrong password or unknown user, and validation errors for missing fields', async () => {
    const client = anonClient(srv.get());
    const email = await confirmedUser();
    const wrong = await client.auth.signInWithPassword({ email, password: 'Wrong0password' });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const unknown = await client.auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
    const missing = await api(srv.get(), '/token?grant_type=password', { body: { password: PASSWORD } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 'validation_failed', message: 'missing email or phone' });
  });

  it('flags a correct password that no longer meets the policy with weak_password', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    const strong = await anonClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(strong.data.weakPassword).toBeUndefined();
    // The policy tightens after the password was set (the config object is live).
    server.config.minimumPasswordLength = 20;
    try {
      const res = await anonClient(server).auth.signInWithPassword({ email, password: PASSWORD });
      expect(res.error).toBeNull();
      expect(res.data.session).toBeTruthy();
      expect(res.data.weakPassword).toEqual({
        reasons: ['length'],
        message: 'Password should be at least 20 characters.',
      });
    } finally {
      server.config.minimumPasswordLength = 8;
    }
  });
});

describe('refresh tokens', () => {
  it('rotates on refresh, fires TOKEN_REFRESHED and rewrites the ssr cookie', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    const { client, jar } = serverClient(server);
    const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    const first = signIn.data.session!;
    expect(sessionFromJar(jar)?.refresh_token).toBe(first.refresh_token);
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwtPart(refreshed.data.session!.access_token, 1).session_id).toBe(
      decodeJwtPart(first.access_token, 1).session_id,
    );
    expect(events).toContain('TOKEN_REFRESHED');
    expect(sessionFromJar(jar)?.refresh_token).toBe(refreshed.data.session?.refresh_token);
  });

  it('replaying the parent of the active token returns the active token (lost response)', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    const { data } = await anonClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    const a = data.session!.refresh_token;
    const b = (await api(server, '/token?grant_type=refresh_token', { body: { refresh_token: a } })).body
      .refresh_token;
    const replay = await api(server, '/token?grant_type=refresh_token', { body: { refresh_token: a } });
    expect(replay.status).toBe(200);
    expect(replay.body.refresh_token).toBe(b);
  });

  it('detects reuse of an older token: the family is revoked and every token answers refresh_token_already_used', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    const { data } = await anonClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    const a = data.session!.refresh_token;
    const b = (await api(server, '/token?grant_type=refresh_token', { body: { refresh_token: a } })).body
      .refresh_token as string;
    const c = (await api(server, '/token?grant_type=refresh_token', { body: { refresh_token: b } })).body
      .refresh_token as string;
    expect(new Set([a, b, c]).size).toBe(3);
    const client = anonClient(server);
    const reuse = await client.auth.refreshSession({ refresh_token: a });
    expect(reuse.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const current = await api(server, '/token?grant_type=refresh_token', { body: { refresh_token: c } });
    expect(current.status).toBe(400);
    expect(current.body.code).toBe('refresh_token_already_used');
  });

  it('unknown and missing refresh tokens, unknown grant types', async () => {
    const server = srv.get();
    const unknown = await anonClient(server).auth.refreshSession({ refresh_token: 'abcdefghijkl' });
    expect(unknown.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const missing = await api(server, '/token?grant_type=refresh_token', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
    const grant = await api(server, '/token?grant_type=magic', { body: {} });
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    expect(grant.headers.get('x-sb-error-code')).toBe('invalid_credentials');
  });

  it('large sessions are chunked into sb-127-auth-token.0/.1 cookies and read back', async () => {
    const server = srv.get();
    const email = await confirmedUser({ bio: 'x'.repeat(4000) });
    const { client, jar } = serverClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(jar.cookies.has('sb-127-auth-token')).toBe(false);
    expect(jar.cookies.has('sb-127-auth-token.0')).toBe(true);
    expect(jar.cookies.has('sb-127-auth-token.1')).toBe(true);
    const reader = serverClient(server, jar).client;
    const { data } = await reader.auth.getUser();
    expect(data.user?.email).toBe(email);
  });
});
