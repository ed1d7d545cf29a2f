import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import { authFetch } from '@/lib/supabase/auth-fetch';
import type { Database } from '@/lib/supabase/database.types';
import {
  adminClient,
  authServerForFile,
  PASSWORD,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  uniqueEmail,
} from './helpers.ts';

/**
 * `Sb-Forwarded-For` with GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED: hosted Supabase passes it to Auth only from a
 * caller holding a secret key (docs: guides/auth/rate-limits, "IP address forwarding"; publishable and legacy
 * service_role keys are not supported). Anyone else writing a new value per request must still meet the limits.
 */

const SIGN_INS = 3;
const MFA_PER_MINUTE = 4;
/** A server per test: the publishable-key tests all count against the socket address. */
const serverForTest = () =>
  authServerForFile({
    trustSbForwardedFor: true,
    configOverrides: { rateLimit: { signInSignUps: SIGN_INS, mfaChallengeAndVerify: MFA_PER_MINUTE } },
  });

let counter = 0;
const freshIp = () => {
  counter += 1;
  return `198.51.${Math.floor(counter / 250)}.${counter % 250}`;
};

/** A supabase-js client that sends a new Sb-Forwarded-For on every request (or the one `ip()` names). */
function rotatingClient(
  server: RunningLocalSupabase,
  key: string,
  ip: () => string = freshIp,
): SupabaseClient {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('Sb-Forwarded-For', ip());
        return fetch(input, { ...init, headers });
      },
    },
  });
}

async function confirmedUser(server: RunningLocalSupabase): Promise<string> {
  const email = uniqueEmail('sbff');
  const { error } = await adminClient(server).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
  return email;
}

describe('Sb-Forwarded-For with the publishable key', () => {
  const srv = serverForTest();
  it('is ignored: wrong passwords from a new IP each meet 429', async () => {
    const server = srv.get();
    const email = await confirmedUser(server);
    const client = rotatingClient(server, PUBLISHABLE_KEY);
    const codes = [];
    for (let i = 0; i < SIGN_INS + 2; i++) {
      codes.push((await client.auth.signInWithPassword({ email, password: 'Wrong0ne' })).error?.code);
    }
    expect(codes.slice(0, SIGN_INS)).toEqual(Array(SIGN_INS).fill('invalid_credentials'));
    expect(codes.slice(SIGN_INS)).toEqual(['over_request_rate_limit', 'over_request_rate_limit']);
  });
});

describe('Sb-Forwarded-For with the publishable key, MFA', () => {
  const srv = serverForTest();
  it('is ignored: TOTP guesses from a new IP each meet the MFA limit', async () => {
    const server = srv.get();
    const email = await confirmedUser(server);
    // The guesser holds a password session (aal1) and guesses the second factor.
    let ip = freshIp();
    const client = rotatingClient(server, PUBLISHABLE_KEY, () => ip);
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    if (error) throw error;
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 2 * MFA_PER_MINUTE; i++) {
      ip = freshIp(); // one new IP per guess: its challenge and its verify
      const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
      if (challenge.error) {
        answers.push(challenge.error.code);
        continue;
      }
      const verify = await client.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge.data.id,
        code: '000000',
      });
      answers.push(verify.error?.code);
    }
    // Codes 000000 could be right once in a million; a wrong guess is mfa_verification_failed.
    expect(answers.filter((a) => a === 'mfa_verification_failed').length).toBeLessThanOrEqual(MFA_PER_MINUTE);
    expect(answers.at(-1)).toBe('over_request_rate_limit');
  });
});

describe('Sb-Forwarded-For with the secret key', () => {
  const srv = serverForTest();
  it('keys the limits (the app’s server): each forwarded IP has its own bucket', async () => {
    const server = srv.get();
    const email = await confirmedUser(server);
    const fromIp = (ip: string) =>
      createClient(server.url, SECRET_KEY, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { headers: { 'Sb-Forwarded-For': ip } },
      });
    const first = fromIp('203.0.113.50');
    const codes = [];
    for (let i = 0; i < SIGN_INS + 1; i++) {
      codes.push((await first.auth.signInWithPassword({ email, password: 'Wrong0ne' })).error?.code);
    }
    expect(codes).toEqual([...Array(SIGN_INS).fill('invalid_credentials'), 'over_request_rate_limit']);
    const other = await fromIp('203.0.113.51').auth.signInWithPassword({ email, password: PASSWORD });
    expect(other.error).toBeNull();
  });
});

describe('the app’s server-side fetch (lib/supabase/auth-fetch.ts)', () => {
  const srv = serverForTest();
  /** A client as the app's server makes one per request: the publishable key, the visitor's IP in authFetch. */
  const appClient = (server: RunningLocalSupabase, ip: string) =>
    createClient<Database>(server.url, PUBLISHABLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: authFetch({ ip }, { supabaseUrl: server.url, secretKey: SECRET_KEY }) },
    });

  it('gives each visitor their own bucket, and keeps the Data API on the publishable key', async () => {
    const server = srv.get();
    const email = await confirmedUser(server);
    const first = appClient(server, '203.0.113.60');
    const codes = [];
    for (let i = 0; i < SIGN_INS + 1; i++) {
      codes.push((await first.auth.signInWithPassword({ email, password: 'Wrong0ne' })).error?.code);
    }
    expect(codes).toEqual([...Array(SIGN_INS).fill('invalid_credentials'), 'over_request_rate_limit']);
    const second = appClient(server, '203.0.113.61');
    expect((await second.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // The secret key would bypass row-level security; the table only service_role may read stays closed.
    const { error } = await second.from('sign_in_attempts').select('subject');
    expect(error?.code).toBe('42501');
  });
});
