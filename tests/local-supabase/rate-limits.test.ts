import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FAILED_OTP_ATTEMPTS } from '../../local-supabase/src/auth/rules/rate-limits.ts';
import { loadConfig } from '../../local-supabase/src/config/config.ts';
import {
  type LocalSupabaseOptions,
  type RunningLocalSupabase,
  startLocalSupabase,
} from '../../local-supabase/src/server.ts';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  latestMailTo,
  linkAndCode,
  PASSWORD,
  SECRET_KEY,
  uniqueEmail,
} from './helpers.ts';

// Per-IP limits need the client-IP header (GoTrue's RATE_LIMIT_HEADER); email_sent is lowered from the local default.
const srv = authServerForFile({
  rateLimitHeader: 'X-Test-Client-IP',
  configOverrides: { rateLimit: { emailSent: 2, signInSignUps: 3, tokenRefresh: 2, tokenVerifications: 2 } },
});

const from = (ip: string) => ({ 'X-Test-Client-IP': ip });

describe('rate limits', () => {
  it('sign_in_sign_ups per client IP → 429 over_request_rate_limit; other IPs are unaffected', async () => {
    const server = srv.get();
    const client = anonClient(server, 'implicit', from('10.0.0.1'));
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await client.auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD }));
    expect(results.slice(0, 3).map((r) => r.error?.code)).toEqual([
      'invalid_credentials',
      'invalid_credentials',
      'invalid_credentials',
    ]);
    expect(results[3]?.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const other = await anonClient(server, 'implicit', from('10.0.0.2')).auth.signInWithPassword({
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(other.error?.code).toBe('invalid_credentials');
  });

  it('token_refresh and token_verifications are limited separately', async () => {
    const server = srv.get();
    const refresh = [];
    for (let i = 0; i < 3; i++)
      refresh.push(
        await api(server, '/token?grant_type=refresh_token', {
          body: { refresh_token: 'abcdefghijkl' },
          headers: from('10.0.1.1'),
        }),
      );
    expect(refresh.map((r) => r.status)).toEqual([400, 400, 429]);
    const verify = [];
    for (let i = 0; i < 3; i++)
      verify.push(
        await api(server, '/verify', {
          body: { type: 'email', token_hash: 'nope' },
          headers: from('10.0.1.1'),
        }),
      );
    expect(verify.map((r) => r.status)).toEqual([403, 403, 429]);
    expect(verify[2]?.body.code).toBe('over_request_rate_limit');
  });

  it('email_sent is global per hour → 429 over_email_send_rate_limit "email rate limit exceeded"', async () => {
    const server = srv.get();
    const sends = [];
    for (let i = 0; i < 3; i++)
      sends.push(
        await anonClient(server, 'implicit', from(`10.0.2.${i}`)).auth.signUp({
          email: uniqueEmail('limited'),
          password: PASSWORD,
        }),
      );
    expect(sends.slice(0, 2).map((r) => r.error)).toEqual([null, null]);
    expect(sends[2]?.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
  });
});

describe('per-IP limits by default', () => {
  const servers: RunningLocalSupabase[] = [];
  const start = async (options: LocalSupabaseOptions) => {
    const server = await startLocalSupabase({
      memory: true,
      port: 0,
      mailPort: 0,
      smtpPort: 0,
      log: (line) => expect.fail(line),
      ...options,
    });
    servers.push(server);
    return server;
  };
  afterAll(() => Promise.all(servers.map((s) => s.stop())));
  const tight = { rateLimit: { signInSignUps: 2, tokenRefresh: 2, tokenVerifications: 2 } };
  const signIn = (server: RunningLocalSupabase, headers: Record<string, string> = {}) =>
    api(server, '/token?grant_type=password', {
      body: { email: uniqueEmail(), password: PASSWORD },
      headers,
    });

  it('hold with no header configured, keyed by the socket address; a visitor’s Sb-Forwarded-For is not trusted', async () => {
    const server = await start({ configOverrides: tight });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn(server)).status);
    expect(statuses).toEqual([400, 400, 429]);
    const spoofed = await signIn(server, { 'Sb-Forwarded-For': '198.51.100.7' });
    expect(spoofed).toMatchObject({
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
    });
    const refresh = [];
    for (let i = 0; i < 3; i++)
      refresh.push(
        (await api(server, '/token?grant_type=refresh_token', { body: { refresh_token: 'abcdefghijkl' } }))
          .status,
      );
    expect(refresh).toEqual([400, 400, 429]);
    const verify = [];
    for (let i = 0; i < 3; i++)
      verify.push((await api(server, '/verify', { body: { type: 'email', token_hash: 'nope' } })).status);
    expect(verify).toEqual([403, 403, 429]);
  });

  it('key on Sb-Forwarded-For when the server trusts it (GoTrue’s sbff) and a secret key sends it: canonical IPs only', async () => {
    const server = await start({ configOverrides: tight, trustSbForwardedFor: true });
    const from = (ip: string) => ({ 'Sb-Forwarded-For': ip, apikey: SECRET_KEY });
    const first = [
      await signIn(server, from('203.0.113.1')),
      await signIn(server, from('203.0.113.1, 10.0.0.1')),
    ];
    expect(first.map((r) => r.status)).toEqual([400, 400]);
    expect((await signIn(server, from('::ffff:203.0.113.1'))).status).toBe(429);
    expect((await signIn(server, from('203.0.113.2'))).status).toBe(400);
    // Not an IP: ignored, so the socket address is the key (a fresh bucket here).
    expect((await signIn(server, from('not-an-ip'))).status).toBe(400);
  });

  it('GoTrue’s GOTRUE_RATE_LIMIT_* variables override config.toml', () => {
    const withEnv = (vars: Record<string, string>): NodeJS.ProcessEnv =>
      Object.assign({} as NodeJS.ProcessEnv, vars);
    const env = withEnv({
      GOTRUE_RATE_LIMIT_OTP: '7',
      GOTRUE_RATE_LIMIT_VERIFY: '8',
      GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '9',
    });
    expect(loadConfig('supabase/config.toml', env).rateLimit).toMatchObject({
      signInSignUps: 7,
      tokenVerifications: 8,
      tokenRefresh: 9,
    });
    expect(loadConfig('supabase/config.toml', withEnv({})).rateLimit).toMatchObject({
      signInSignUps: 30,
      tokenVerifications: 30,
      tokenRefresh: 150,
    });
    expect(() => loadConfig('supabase/config.toml', withEnv({ GOTRUE_RATE_LIMIT_OTP: 'lots' }))).toThrow(
      /GOTRUE_RATE_LIMIT_OTP/,
    );
  });
});

describe('wrong codes count against the code', () => {
  const srvCodes = authServerForFile({ configOverrides: { email: { maxFrequencySeconds: 0 } } });
  const newCode = async (email: string) => {
    expect((await api(srvCodes.get(), '/otp', { body: { email } })).status).toBe(200);
    return linkAndCode(await latestMailTo(srvCodes.get(), email)).code;
  };
  const verify = (email: string, token: string) =>
    api(srvCodes.get(), '/verify', { body: { type: 'email', email, token } });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it(`after ${MAX_FAILED_OTP_ATTEMPTS} wrong codes the emailed code is void; a new code works`, async () => {
    const email = uniqueEmail('guess');
    await adminClient(srvCodes.get()).auth.admin.createUser({ email, email_confirm: true });
    const code = await newCode(email);
    for (let i = 0; i < MAX_FAILED_OTP_ATTEMPTS; i++) {
      expect(await verify(email, wrong(code))).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    }
    expect(await verify(email, code)).toMatchObject({
      status: 403,
      body: { code: 'otp_expired', message: 'Token has expired or is invalid' },
    });
    const next = await newCode(email);
    expect((await verify(email, next)).body.access_token).toBeTruthy();
  });

  it('fewer wrong codes leave the code usable, and a success starts the count again', async () => {
    const email = uniqueEmail('typo');
    await adminClient(srvCodes.get()).auth.admin.createUser({ email, email_confirm: true });
    const code = await newCode(email);
    for (let i = 0; i < MAX_FAILED_OTP_ATTEMPTS - 1; i++)
      expect((await verify(email, wrong(code))).status).toBe(403);
    expect((await verify(email, code)).body.access_token).toBeTruthy();
    const next = await newCode(email);
    for (let i = 0; i < MAX_FAILED_OTP_ATTEMPTS - 1; i++)
      expect((await verify(email, wrong(next))).status).toBe(403);
    expect((await verify(email, next)).body.access_token).toBeTruthy();
  });
});
