import { describe, expect, it } from 'vitest';
import { anonClient, api, PASSWORD, uniqueEmail, authServerForFile } from './helpers.ts';

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
    for (let i = 0; i < 4; i++) results.push(await client.auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD }));
    expect(results.slice(0, 3).map((r) => r.error?.code)).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials']);
    expect(results[3]?.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    const other = await anonClient(server, 'implicit', from('10.0.0.2')).auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD });
    expect(other.error?.code).toBe('invalid_credentials');
  });

  it('token_refresh and token_verifications are limited separately', async () => {
    const server = srv.get();
    const refresh = [];
    for (let i = 0; i < 3; i++) refresh.push(await api(server, '/token?grant_type=refresh_token', { body: { refresh_token: 'abcdefghijkl' }, headers: from('10.0.1.1') }));
    expect(refresh.map((r) => r.status)).toEqual([400, 400, 429]);
    const verify = [];
    for (let i = 0; i < 3; i++) verify.push(await api(server, '/verify', { body: { type: 'email', token_hash: 'nope' }, headers: from('10.0.1.1') }));
    expect(verify.map((r) => r.status)).toEqual([403, 403, 429]);
    expect(verify[2]?.body.code).toBe('over_request_rate_limit');
  });

  it('email_sent is global per hour → 429 over_email_send_rate_limit "email rate limit exceeded"', async () => {
    const server = srv.get();
    const sends = [];
    for (let i = 0; i < 3; i++) sends.push(await anonClient(server, 'implicit', from(`10.0.2.${i}`)).auth.signUp({ email: uniqueEmail('limited'), password: PASSWORD }));
    expect(sends.slice(0, 2).map((r) => r.error)).toEqual([null, null]);
    expect(sends[2]?.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' });
  });
});
