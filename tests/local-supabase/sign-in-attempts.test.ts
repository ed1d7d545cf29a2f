import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { type AttemptJudge, dataApiStore, startAttempt } from '@/lib/auth/attempt-limits';
import { deviceCookieKey, newDeviceToken } from '@/lib/auth/attempt-rules';
import type { Database } from '@/lib/supabase/database.types';
import {
  adminClient,
  anonClient,
  authServerForFile,
  PASSWORD,
  SECRET_KEY,
  signedInUser,
  uniqueEmail,
} from './helpers';

// The per-account limits' table and functions (supabase/migrations/*_sign_in_attempts.sql) through supabase-js, as
// the app's server reaches them: only the secret key may, and they count, lock and double as the app expects.

const server = authServerForFile({ trustSbForwardedFor: true });
const admin = () => adminClient(server.get()) as unknown as SupabaseClient<Database>;
const policy = { maxFailures: 3, windowSeconds: 60, firstLockSeconds: 60, maxLockSeconds: 150 };

async function fail(subject: string, overrides: Partial<typeof policy> = {}) {
  const p = { ...policy, ...overrides };
  const { data, error } = await admin().rpc('sign_in_failed', {
    p_subject: subject,
    p_max_failures: p.maxFailures,
    p_window_seconds: p.windowSeconds,
    p_first_lock_seconds: p.firstLockSeconds,
    p_max_lock_seconds: p.maxLockSeconds,
  });
  expect(error).toBeNull();
  return data ? (new Date(data).getTime() - Date.now()) / 1000 : null;
}

describe('the sign_in_attempts table and functions', () => {
  it('neither anon nor a signed-in user may call the functions or touch the table', async () => {
    const { client: user } = await signedInUser(server.get());
    for (const client of [anonClient(server.get()), user]) {
      const calls = [
        await client.rpc('sign_in_locked_until', { p_subject: 'password:a@example.com' }),
        await client.rpc('sign_in_succeeded', { p_subject: 'password:a@example.com' }),
        await client.rpc('sign_in_failed', {
          p_subject: 'password:a@example.com',
          p_max_failures: 1,
          p_window_seconds: 60,
          p_first_lock_seconds: 60,
          p_max_lock_seconds: 60,
        }),
        await client.from('sign_in_attempts').select('*'),
        await client.from('sign_in_attempts').insert({ subject: 'password:a@example.com' }),
      ];
      for (const { error, status } of calls) {
        expect(error?.code).toBe('42501');
        expect([401, 403]).toContain(status);
      }
    }
  });

  it('locks at the max-th failure, for twice as long each time up to the maximum; a success clears it', async () => {
    const subject = `password:${uniqueEmail('lock')}`;
    expect(await fail(subject)).toBeNull();
    expect(await fail(subject)).toBeNull();
    expect(await fail(subject)).toBeCloseTo(60, -1);
    const { data: locked } = await admin().rpc('sign_in_locked_until', { p_subject: subject });
    expect(locked).not.toBeNull();
    for (let i = 0; i < 2; i++) await fail(subject);
    expect(await fail(subject)).toBeCloseTo(120, -1);
    for (let i = 0; i < 2; i++) await fail(subject);
    expect(await fail(subject)).toBeCloseTo(150, -1);

    expect((await admin().rpc('sign_in_succeeded', { p_subject: subject })).error).toBeNull();
    expect((await admin().rpc('sign_in_locked_until', { p_subject: subject })).data).toBeNull();
  });

  it('forgets failures older than the window', async () => {
    const subject = `totp:${crypto.randomUUID()}`;
    await fail(subject, { windowSeconds: 1 });
    await fail(subject, { windowSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await fail(subject, { windowSeconds: 1 })).toBeNull();
    expect(await fail(subject, { windowSeconds: 1 })).toBeNull();
  });

  it('takes quotes and SQL in the subject as text, and refuses an overlong one without a 500', async () => {
    const subject = `password:x'); drop table public.sign_in_attempts; --@example.com`;
    expect(await fail(subject)).toBeNull();
    const long = await admin().rpc('sign_in_locked_until', { p_subject: 'x'.repeat(5000) });
    expect(long.error).toBeNull();
    const failed = await admin().rpc('sign_in_failed', {
      p_subject: 'x'.repeat(5000),
      p_max_failures: 3,
      p_window_seconds: 60,
      p_first_lock_seconds: 60,
      p_max_lock_seconds: 60,
    });
    expect(failed.status).toBe(400);
  });
});

describe('wrong passwords from many addresses (the app’s part over the local server)', () => {
  async function victim(): Promise<string> {
    const email = uniqueEmail('victim');
    const { error } = await adminClient(server.get()).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(error).toBeNull();
    return email;
  }

  /** Sign-ins as the app's server sends them: the secret key and each visitor's own IP (a new one by default). */
  function signInAs(email: string, judge: AttemptJudge) {
    const store = dataApiStore(admin());
    const key = deviceCookieKey(SECRET_KEY);
    let ip = 0;
    return async (password: string, { deviceToken, from }: { deviceToken?: string; from?: string } = {}) => {
      const visitor = from ?? `203.0.113.${++ip}`;
      const attempt = await startAttempt('password', email, email, {
        store,
        key,
        deviceToken,
        ip: visitor,
        judge,
      });
      if (attempt.refused) return 'locked';
      const client = createClient(server.get().url, SECRET_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: visitor ? { 'Sb-Forwarded-For': visitor } : {} },
      });
      const { error } = await client.auth.signInWithPassword({ email, password });
      return (await attempt.settle(error)) ? 'locked' : (error?.code ?? 'signed in');
    };
  }

  it('lock the account at the auth server, yet a browser with the device cookie still signs in', async () => {
    const email = await victim();
    const signIn = signInAs(email, 'auth server');
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await signIn('Wrong-guess-1'));
    expect(answers).toEqual([...Array(9).fill('invalid_credentials'), 'locked', 'locked', 'locked']);
    // The right password from a browser without the cookie waits too; the owner's browser does not.
    expect(await signIn(PASSWORD)).toBe('locked');
    const owner = newDeviceToken(deviceCookieKey(SECRET_KEY), email);
    expect(await signIn(PASSWORD, { deviceToken: owner, from: '198.51.100.20' })).toBe('signed in');
    // An app without a trusted IP header knows no visitor IP and sends none: the pass then holds for any address.
    expect(await signIn(PASSWORD, { deviceToken: owner, from: '' })).toBe('signed in');
  });

  it('where the hooks are off, the app’s server applies the same rules itself', async () => {
    const hook = server.get().config.hooks.password_verification_attempt;
    hook.enabled = false;
    try {
      const email = await victim();
      const signIn = signInAs(email, 'app');
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await signIn('Wrong-guess-1'));
      expect(answers).toEqual([...Array(9).fill('invalid_credentials'), 'locked', 'locked']);
      expect(await signIn(PASSWORD)).toBe('locked');
      const owner = newDeviceToken(deviceCookieKey(SECRET_KEY), email);
      expect(await signIn(PASSWORD, { deviceToken: owner, from: '198.51.100.21' })).toBe('signed in');
    } finally {
      hook.enabled = true;
    }
  });
});
