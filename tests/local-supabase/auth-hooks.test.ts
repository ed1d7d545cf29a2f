import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookSignatures } from '../../local-supabase/src/auth/rules/hooks.ts';
import { loadConfig } from '../../local-supabase/src/config/config.ts';
import type { HookName } from '../../local-supabase/src/config/defaults.ts';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  decodeJwtPart,
  PASSWORD,
  uniqueEmail,
} from './helpers.ts';

// Auth Hooks as GoTrue calls them (internal/hooks, api/token.go, api/mfa.go, tokens/service.go, api/signup.go),
// through supabase-js. The hooks of fixtures/hooks-project record each event and answer what a test stored.

const project = fileURLToPath(new URL('./fixtures/hooks-project', import.meta.url));
const TEST_HOOK = 'pg-functions://postgres/public/test_hook';
const logged: string[] = [];
const srv = authServerForFile({
  projectDir: project,
  log: (line) => logged.push(line),
  configOverrides: {
    enableAnonymousSignIns: true,
    mfa: { totp: { enrollEnabled: true, verifyEnabled: true } },
    hooks: {
      password_verification_attempt: { enabled: true, uri: TEST_HOOK },
      mfa_verification_attempt: { enabled: true, uri: TEST_HOOK },
      custom_access_token: { enabled: true, uri: TEST_HOOK },
      before_user_created: { enabled: true, uri: TEST_HOOK },
    },
  },
});

const admin = () => adminClient(srv.get());

/** What the hook of event `name` answers from now on (null: its default). */
async function answer(name: string, value: Record<string, unknown> | null): Promise<void> {
  const { error } = value
    ? await admin().from('hook_answers').upsert({ name, answer: value })
    : await admin().from('hook_answers').delete().eq('name', name);
  if (error) throw error;
}

async function lastEvent(name: string): Promise<Record<string, unknown>> {
  const { data, error } = await admin()
    .from('hook_events')
    .select('event')
    .eq('name', name)
    .order('id', { ascending: false })
    .limit(1)
    .single();
  if (error) throw error;
  return data.event as Record<string, unknown>;
}

const hookNames: HookName[] = [
  'password_verification_attempt',
  'mfa_verification_attempt',
  'custom_access_token',
  'before_user_created',
];

afterEach(async () => {
  for (const name of [
    'password-verification',
    'mfa-verification',
    'customize-access-token',
    'before-user-created',
  ])
    await answer(name, null);
  for (const name of hookNames) srv.get().config.hooks[name] = { enabled: true, uri: TEST_HOOK, secrets: [] };
  logged.length = 0;
});

async function confirmedUser(): Promise<{ email: string; id: string }> {
  const email = uniqueEmail('hook');
  const { data, error } = await admin().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
  return { email, id: data.user.id };
}

describe('password_verification_attempt', () => {
  it('gets the user id, whether the password was right and the metadata, for right and wrong passwords', async () => {
    const user = await confirmedUser();
    const client = anonClient(srv.get());
    expect(
      (await client.auth.signInWithPassword({ email: user.email, password: 'Wrong-one-1' })).error?.code,
    ).toBe('invalid_credentials');
    const wrong = await lastEvent('password-verification');
    expect(wrong).toMatchObject({
      user_id: user.id,
      valid: false,
      metadata: { name: 'password-verification', ip_address: '127.0.0.1' },
    });
    expect((wrong.metadata as { uuid: string }).uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse((wrong.metadata as { time: string }).time)).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (await client.auth.signInWithPassword({ email: user.email, password: PASSWORD })).error,
    ).toBeNull();
    expect(await lastEvent('password-verification')).toMatchObject({ user_id: user.id, valid: true });
  });

  it('a reject refuses even the right password with the hook’s message as invalid_credentials', async () => {
    const user = await confirmedUser();
    await answer('password-verification', {
      decision: 'reject',
      message: 'Locked until 2030-01-01T00:00:00Z',
    });
    const client = anonClient(srv.get());
    const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Locked until 2030-01-01T00:00:00Z',
    });
  });

  it('a reject without a message gets GoTrue’s; should_logout_user ends the user’s sessions', async () => {
    const user = await confirmedUser();
    const signedIn = anonClient(srv.get());
    const first = await signedIn.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect(first.error).toBeNull();
    await answer('password-verification', { decision: 'reject', should_logout_user: true });
    const { error } = await anonClient(srv.get()).auth.signInWithPassword({
      email: user.email,
      password: 'x',
    });
    expect(error?.message).toBe('Further password verification attempts will be rejected.');
    const after = await api(srv.get(), '/user', { token: first.data.session!.access_token });
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('session_not_found');
  });

  it('an error object is the answer: its http_code and message', async () => {
    const user = await confirmedUser();
    await answer('password-verification', { error: { http_code: 429, message: 'Slow down' } });
    const res = await api(srv.get(), '/token?grant_type=password', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 'unknown', message: 'Slow down' });
  });

  it('an answer of the wrong shape is a 500, logged, and no token', async () => {
    const user = await confirmedUser();
    await answer('password-verification', { decision: 1 });
    const res = await api(srv.get(), '/token?grant_type=password', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'unexpected_failure', message: 'Error unmarshaling JSON output.' });
    expect(logged.join('\n')).toContain('hook password_verification_attempt');
  });

  it('a hook slower than its 2 s statement timeout refuses the sign-in, and is logged', async () => {
    const user = await confirmedUser();
    await answer('password-verification', { sleep: 3 });
    const { data, error } = await anonClient(srv.get()).auth.signInWithPassword({
      email: user.email,
      password: PASSWORD,
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(500);
    expect(error?.message).toBe(`Error running hook URI: ${TEST_HOOK}`);
    expect(logged.join('\n')).toMatch(/hook password_verification_attempt .* statement timeout/);
  });

  it('a function supabase_auth_admin may not execute fails the sign-in (the grant is needed, as on hosted)', async () => {
    const user = await confirmedUser();
    srv.get().config.hooks.password_verification_attempt.uri =
      'pg-functions://postgres/public/ungranted_hook';
    const res = await api(srv.get(), '/token?grant_type=password', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(res.status).toBe(500);
    expect(logged.join('\n')).toContain('permission denied for function ungranted_hook');
  });

  it('nobody reaches a hook function through the Data API', async () => {
    const { error } = await anonClient(srv.get()).rpc('test_hook', { event: {} });
    expect(error?.code).toBe('42501');
  });
});

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe('mfa_verification_attempt', () => {
  async function enrolled() {
    const user = await confirmedUser();
    const client = anonClient(srv.get());
    expect(
      (await client.auth.signInWithPassword({ email: user.email, password: PASSWORD })).error,
    ).toBeNull();
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    if (error) throw error;
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: data.id,
      code: codeAt(data.totp.secret),
    });
    if (verified.error) throw verified.error;
    return { user, client, factorId: data.id, secret: data.totp.secret };
  }

  it('gets the user, factor and validity; a reject answers 403 mfa_verification_rejected and ends every session', async () => {
    const { user, client, factorId, secret } = await enrolled();
    expect(await lastEvent('mfa-verification')).toMatchObject({
      user_id: user.id,
      factor_id: factorId,
      factor_type: 'totp',
      valid: true,
      metadata: { name: 'mfa-verification' },
    });
    const other = anonClient(srv.get());
    await other.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    await answer('mfa-verification', { decision: 'reject', message: 'Too many codes' });
    const { error } = await other.auth.mfa.challengeAndVerify({ factorId, code: codeAt(secret, 1) });
    expect(error).toMatchObject({
      status: 403,
      code: 'mfa_verification_rejected',
      message: 'Too many codes',
    });
    expect(await lastEvent('mfa-verification')).toMatchObject({ valid: true });
    const session = (await client.auth.getSession()).data.session!;
    expect((await api(srv.get(), '/user', { token: session.access_token })).body.code).toBe(
      'session_not_found',
    );
  });

  it('a wrong code is reported as not valid and answered as before when the hook goes on', async () => {
    const { client, factorId, secret } = await enrolled();
    const wrong = codeAt(secret, 5);
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: wrong });
    expect(error?.code).toBe('mfa_verification_failed');
    expect(await lastEvent('mfa-verification')).toMatchObject({ valid: false });
  });
});

describe('custom_access_token', () => {
  it('gets the claims and the method; claims it adds or removes are in the signed token, on refresh too', async () => {
    const user = await confirmedUser();
    await answer('customize-access-token', {
      add_claims: { team: 'blue' },
      remove_claims: ['user_metadata'],
    });
    const client = anonClient(srv.get());
    const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect(error).toBeNull();
    const event = await lastEvent('customize-access-token');
    expect(event).toMatchObject({
      user_id: user.id,
      authentication_method: 'password',
      claims: { sub: user.id, aud: 'authenticated', role: 'authenticated', aal: 'aal1', is_anonymous: false },
    });
    const claims = decodeJwtPart(data.session!.access_token, 1);
    expect(claims.team).toBe('blue');
    expect(claims).not.toHaveProperty('user_metadata');
    const { data: verified } = await client.auth.getClaims();
    expect(verified?.claims.team).toBe('blue');
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwtPart(refreshed.data.session!.access_token, 1).team).toBe('blue');
    expect(await lastEvent('customize-access-token')).toMatchObject({
      authentication_method: 'token_refresh',
    });
  });

  it('claims without a required one, or of the wrong type, are refused as GoTrue’s schema refuses them', async () => {
    const user = await confirmedUser();
    await answer('customize-access-token', { add_claims: { exp: 'soon' }, remove_claims: ['aal'] });
    const res = await api(srv.get(), '/token?grant_type=password', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      'output claims do not conform to the expected schema: \n- (root): aal is required\n- exp: Invalid type. Expected: integer, given: string\n',
    );
    await answer('customize-access-token', { nothing: true });
    const missing = await api(srv.get(), '/token?grant_type=password', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(missing.body.message).toBe('output claims field is missing');
  });
});

describe('before_user_created', () => {
  it('sees the new user and may refuse it with its own error; nothing is created', async () => {
    const email = uniqueEmail('refused');
    await answer('before-user-created', {
      error: { http_code: 403, message: 'Sign-ups from this domain are closed' },
    });
    const { data, error } = await anonClient(srv.get()).auth.signUp({ email, password: PASSWORD });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 403, message: 'Sign-ups from this domain are closed' });
    expect(await lastEvent('before-user-created')).toMatchObject({
      user: { email, aud: 'authenticated', is_anonymous: false, app_metadata: { provider: 'email' } },
      metadata: { name: 'before-user-created' },
    });
    const { data: listed } = await admin().auth.admin.listUsers({ perPage: 1000 });
    expect(listed.users.some((u) => u.email === email)).toBe(false);
    await answer('before-user-created', null);
    expect((await anonClient(srv.get()).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  });

  it('is asked for anonymous sign-ins too', async () => {
    await answer('before-user-created', { error: { http_code: 400, message: 'No guests' } });
    const { error } = await anonClient(srv.get()).auth.signInAnonymously();
    expect(error?.message).toBe('No guests');
    expect(await lastEvent('before-user-created')).toMatchObject({ user: { is_anonymous: true } });
  });
});

describe('HTTP hooks', () => {
  const secret = `v1,whsec_${Buffer.from('a local hook secret of 32 bytes!').toString('base64')}`;

  it('signs as Standard Webhooks does (the specification’s example)', () => {
    expect(
      webhookSignatures(
        ['v1,whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  async function endpoint(handler: (body: string, req: IncomingMessage, res: ServerResponse) => void) {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => handler(body, req, res));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
  }

  it('POSTs the event with a signature the endpoint can check, and uses its JSON answer', async () => {
    const user = await confirmedUser();
    const received: { body: string; headers: IncomingMessage['headers'] }[] = [];
    const { server, url } = await endpoint((body, req, res) => {
      received.push({ body, headers: req.headers });
      const event = JSON.parse(body) as { claims: Record<string, unknown> };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ claims: { ...event.claims, via: 'http' } }));
    });
    try {
      srv.get().config.hooks.custom_access_token = { enabled: true, uri: url, secrets: [secret] };
      const { data, error } = await anonClient(srv.get()).auth.signInWithPassword({
        email: user.email,
        password: PASSWORD,
      });
      expect(error).toBeNull();
      expect(decodeJwtPart(data.session!.access_token, 1).via).toBe('http');
      const [{ body, headers }] = received as [(typeof received)[0]];
      const id = headers['webhook-id'] as string;
      const timestamp = headers['webhook-timestamp'] as string;
      const key = Buffer.from(secret.slice('v1,whsec_'.length), 'base64');
      const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      expect(headers['webhook-signature']).toBe(`v1,${expected}`);
      expect(headers['content-type']).toBe('application/json');
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
      expect(JSON.parse(body)).toMatchObject({ user_id: user.id, authentication_method: 'password' });
    } finally {
      server.close();
    }
  });

  it('an answer that is not JSON is a 400 hook_payload_invalid_content_type; a 401 from the endpoint a 500', async () => {
    const user = await confirmedUser();
    let status = 200;
    const { server, url } = await endpoint((_body, _req, res) => {
      res.writeHead(status, { 'Content-Type': 'text/plain' });
      res.end('ok');
    });
    try {
      srv.get().config.hooks.password_verification_attempt = { enabled: true, uri: url, secrets: [secret] };
      const body = { email: user.email, password: PASSWORD };
      const plain = await api(srv.get(), '/token?grant_type=password', { body });
      expect(plain.status).toBe(400);
      expect(plain.body).toEqual({
        code: 'hook_payload_invalid_content_type',
        message: 'Invalid JSON response. Received content-type: text/plain',
      });
      status = 401;
      const refused = await api(srv.get(), '/token?grant_type=password', { body });
      expect(refused.status).toBe(500);
      expect(refused.body.message).toBe('Hook requires authorization token');
    } finally {
      server.close();
    }
  });
});

describe('HTTP hooks that cannot be reached', () => {
  const secret = `v1,whsec_${Buffer.alloc(32, 3).toString('base64')}`;

  it('an endpoint that does not answer within 5 s: 422 hook_timeout, logged', async () => {
    const user = await confirmedUser();
    const silent = createServer(() => {});
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
      srv.get().config.hooks.password_verification_attempt = { enabled: true, uri: url, secrets: [secret] };
      const res = await api(srv.get(), '/token?grant_type=password', {
        body: { email: user.email, password: PASSWORD },
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        code: 'hook_timeout',
        message: 'Failed to reach hook within maximum time of 5.000000 seconds',
      });
      expect(logged.join('\n')).toContain('hook password_verification_attempt');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  }, 15_000);

  it('an endpoint that refuses connections, after three tries: 422 hook_timeout_after_retry', async () => {
    const user = await confirmedUser();
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    closed.close();
    srv.get().config.hooks.password_verification_attempt = { enabled: true, uri: url, secrets: [secret] };
    const res = await api(srv.get(), '/token?grant_type=password', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'hook_timeout_after_retry',
      message: 'Failed to reach hook after maximum retries',
    });
  }, 15_000);
});

describe('config.toml', () => {
  /** Loads a config.toml holding `toml`, as the server does at start. */
  const load = (toml: string) => () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hooks-config-'));
    try {
      writeFileSync(path.join(dir, 'config.toml'), toml);
      return loadConfig(path.join(dir, 'config.toml'), {} as NodeJS.ProcessEnv);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const secret = `v1,whsec_${Buffer.alloc(32, 7).toString('base64')}`;

  it('reads [auth.hook.<name>] as the CLI checks it, and GoTrue’s check of the URI', () => {
    expect(
      load('[auth.hook.custom_access_token]\nenabled = true\nuri = "pg-functions://postgres/public/f"\n')()
        .hooks.custom_access_token,
    ).toEqual({ enabled: true, uri: 'pg-functions://postgres/public/f', secrets: [] });
    expect(load('[auth.hook.custom_access_token]\nenabled = true\n')).toThrow(
      'Missing required field in config: auth.hook.custom_access_token.uri',
    );
    expect(
      load('[auth.hook.password_verification_attempt]\nenabled = true\nuri = "https://hooks.example/p"\n'),
    ).toThrow('Missing required field in config: auth.hook.password_verification_attempt.secrets');
    expect(
      load(
        '[auth.hook.custom_access_token]\nenabled = true\nuri = "pg-functions://postgres/public/f"\nsecrets = "v1,whsec_x"\n',
      ),
    ).toThrow('auth.hook.custom_access_token.secrets is unsupported for pg-functions URI');
    expect(load('[auth.hook.before_user_created]\nenabled = true\nuri = "ftp://x"\n')).toThrow(
      'auth.hook.before_user_created.uri should be a HTTP, HTTPS, or pg-functions URI',
    );
    expect(
      load(
        `[auth.hook.custom_access_token]\nenabled = true\nuri = "http://hooks.example/x"\nsecrets = "${secret}"\n`,
      ),
    ).toThrow('only localhost, 127.0.0.1, and ::1 are supported with http');
    expect(
      load(
        '[auth.hook.custom_access_token]\nenabled = true\nuri = "pg-functions://postgres/public/bad-name"\n',
      ),
    ).toThrow('invalid table name: bad-name');
    expect(
      load('[auth.hook.send_email]\nenabled = true\nuri = "pg-functions://postgres/public/f"\n'),
    ).toThrow('[auth.hook.send_email] enabled');
  });
});
