import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSupabase, type RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  PASSWORD,
  PUBLISHABLE_KEY,
  signedInUser,
  uniqueEmail,
} from './helpers.ts';

// The per-account limits (ASVS 6.3.1) as the project's Auth Hooks (supabase/migrations/*_sign_in_attempt_hooks.sql,
// [auth.hook.*] in supabase/config.toml): the auth server itself refuses a locked account, whichever client asks.

const srv = authServerForFile();
const admin = () => adminClient(srv.get());

let ips = 0;
/** A supabase-js client talking from an address of its own (GoTrue reads X-Forwarded-For for the hook's IP). */
function clientFrom(ip = `203.0.113.${++ips}`, server: RunningLocalSupabase = srv.get()): SupabaseClient {
  return createClient(server.url, PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'X-Forwarded-For': ip } },
  });
}

async function confirmedUser(
  server: RunningLocalSupabase = srv.get(),
): Promise<{ email: string; id: string }> {
  const email = uniqueEmail('locked');
  const { data, error } = await adminClient(server).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
  return { email, id: data.user.id };
}

const LOCKED =
  /^Too many failed attempts for this account\. Try again after (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\.$/;

/** Minutes from now until the end the refusal names. */
function lockMinutes(message: string | undefined): number {
  const until = LOCKED.exec(message ?? '')?.[1];
  if (!until) throw new Error(`not a lock: ${message}`);
  return (Date.parse(until) - Date.now()) / 60_000;
}

describe('wrong passwords', () => {
  it('ten from ten addresses lock the account: the auth server refuses even the right password', async () => {
    const user = await confirmedUser();
    for (let i = 1; i < 10; i++) {
      const { error } = await clientFrom().auth.signInWithPassword({
        email: user.email,
        password: `Wrong-${i}`,
      });
      expect(error).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    const tenth = await clientFrom().auth.signInWithPassword({ email: user.email, password: 'Wrong-10' });
    expect(tenth.error?.code).toBe('invalid_credentials');
    expect(lockMinutes(tenth.error?.message)).toBeGreaterThan(0.9);
    expect(lockMinutes(tenth.error?.message)).toBeLessThanOrEqual(1);

    const right = await clientFrom().auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect(right.data.session).toBeNull();
    expect(right.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(right.error?.message).toMatch(LOCKED);
  });

  it('a right password before the limit clears the count', async () => {
    const user = await confirmedUser();
    for (let i = 1; i < 10; i++)
      await clientFrom().auth.signInWithPassword({ email: user.email, password: `Wrong-${i}` });
    expect(
      (await clientFrom().auth.signInWithPassword({ email: user.email, password: PASSWORD })).error,
    ).toBeNull();
    for (let i = 1; i < 10; i++) {
      const { error } = await clientFrom().auth.signInWithPassword({
        email: user.email,
        password: `Wrong-${i}`,
      });
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('a browser the app vouches for (device cookie) signs in from its IP while the account is locked', async () => {
    const user = await confirmedUser();
    for (let i = 1; i <= 10; i++)
      await clientFrom().auth.signInWithPassword({ email: user.email, password: `Wrong-${i}` });
    const owner = '198.51.100.7';
    const vouch = () =>
      admin().rpc('sign_in_device_pass', {
        p_kind: 'password',
        p_account: user.email.toUpperCase(),
        p_ip: owner,
        p_device: 'device-one',
      });
    expect((await vouch()).error).toBeNull();
    // The pass is for the owner's IP: an attacker's attempt meanwhile still meets the account's lock.
    const attacker = await clientFrom().auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect(attacker.error?.message).toMatch(LOCKED);
    const signedIn = await clientFrom(owner).auth.signInWithPassword({
      email: user.email,
      password: PASSWORD,
    });
    expect(signedIn.error).toBeNull();
    // One pass, one attempt.
    const again = await clientFrom(owner).auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect(again.error?.message).toMatch(LOCKED);
    // The device has its own limit of 5.
    for (let i = 1; i <= 5; i++) {
      expect((await vouch()).error).toBeNull();
      const { error } = await clientFrom(owner).auth.signInWithPassword({
        email: user.email,
        password: 'nope',
      });
      if (i < 5) expect(error?.message).toBe('Invalid login credentials');
      else expect(error?.message).toMatch(LOCKED);
    }
  });
});

describe('wrong authenticator codes', () => {
  const code = (secret: string, steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 }).generate({
      timestamp: Date.now() + steps * 30_000,
    });

  it('five lock the code step at the auth server: a right code is refused, every session ends', async () => {
    const user = await confirmedUser();
    const enroller = clientFrom();
    await enroller.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    const { data: factor, error } = await enroller.auth.mfa.enroll({ factorType: 'totp' });
    if (error) throw error;
    const first = await enroller.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: code(factor.totp.secret),
    });
    expect(first.error).toBeNull();

    const attacker = clientFrom();
    await attacker.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    for (let i = 1; i <= 5; i++) {
      const wrong = String((Number(code(factor.totp.secret, 4)) + i) % 1_000_000).padStart(6, '0');
      const { error: failed } = await attacker.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: wrong,
      });
      if (i < 5) expect(failed?.code).toBe('mfa_verification_failed');
      else {
        expect(failed).toMatchObject({ status: 403, code: 'mfa_verification_rejected' });
        expect(lockMinutes(failed?.message)).toBeGreaterThan(0.9);
      }
    }
    // GoTrue ends every session of the user on a rejection.
    const token = (await enroller.auth.getSession()).data.session!.access_token;
    const ended = await api(srv.get(), '/user', { token });
    expect([ended.status, ended.body.code]).toEqual([403, 'session_not_found']);

    const again = clientFrom();
    expect((await again.auth.signInWithPassword({ email: user.email, password: PASSWORD })).error).toBeNull();
    const right = await again.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: code(factor.totp.secret, 1),
    });
    expect(right.error?.code).toBe('mfa_verification_rejected');
    expect(right.error?.message).toMatch(LOCKED);
  });
});

describe('the functions', () => {
  it('only the secret key reaches the app’s functions; the hooks are not on the Data API at all', async () => {
    const { client: user } = await signedInUser(srv.get());
    for (const client of [anonClient(srv.get()), user]) {
      const calls = [
        await client.rpc('sign_in_device_pass', {
          p_kind: 'password',
          p_account: 'a@b.c',
          p_ip: '',
          p_device: 'x',
        }),
        await client.rpc('sign_in_attempt_check', { p_kind: 'password', p_account: 'a@b.c', p_ip: '' }),
        await client.rpc('sign_in_attempt_record', {
          p_kind: 'password',
          p_account: 'a@b.c',
          p_ip: '',
          p_valid: true,
        }),
      ];
      for (const { error } of calls) expect(error?.code).toBe('42501');
    }
    const hook = await admin().rpc('password_verification_attempt', { event: {} });
    expect(hook.error?.code).toBe('PGRST202');
  });

  it('where the hooks are off, the app’s server records attempts by the same rules', async () => {
    const user = await confirmedUser();
    const record = (valid: boolean) =>
      admin().rpc('sign_in_attempt_record', {
        p_kind: 'password',
        p_account: user.email,
        p_ip: '',
        p_valid: valid,
      });
    for (let i = 1; i < 10; i++) expect((await record(false)).data).toBeNull();
    const locked = (await record(false)).data as string;
    expect(new Date(locked).getTime()).toBeGreaterThan(Date.now());
    const check = await admin().rpc('sign_in_attempt_check', {
      p_kind: 'password',
      p_account: user.email,
      p_ip: '',
    });
    expect(check.data).toBe(locked);
    // The hook shares the counters: the auth server refuses this account too.
    const { error } = await clientFrom().auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect(error?.message).toMatch(LOCKED);
  });
});

describe('a slow lock lookup', () => {
  // The project's migrations plus a trigger that makes the lockout's table slow on demand.
  let server: RunningLocalSupabase;
  let project: string;
  const logged: string[] = [];
  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), 'slow-lockout-'));
    const migrations = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));
    mkdirSync(path.join(project, 'migrations'));
    for (const file of readdirSync(migrations))
      copyFileSync(path.join(migrations, file), path.join(project, 'migrations', file));
    writeFileSync(
      path.join(project, 'migrations', '29991231000000_slow_lockout.sql'),
      `create table public.slow_switch (seconds float not null);
       create function public.slow_down() returns trigger language plpgsql as $$
       begin
         perform pg_sleep(coalesce((select max(seconds) from public.slow_switch), 0));
         return null;
       end $$;
       create trigger slow_down after delete on public.sign_in_attempts
         for each statement execute function public.slow_down();`,
    );
    server = await startLocalSupabase({
      memory: true,
      port: 0,
      mailPort: 0,
      projectDir: project,
      log: (line) => logged.push(line),
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(project, { recursive: true, force: true });
  });

  it('refuses the sign-in (the hook times out), logs it, and admits once the database is quick again', async () => {
    const user = await confirmedUser(server);
    const switchTo = async (seconds: number) => {
      await adminClient(server).from('slow_switch').delete().gte('seconds', 0);
      if (seconds)
        expect((await adminClient(server).from('slow_switch').insert({ seconds })).error).toBeNull();
    };
    await switchTo(2.5);
    const slow = await clientFrom(undefined, server).auth.signInWithPassword({
      email: user.email,
      password: PASSWORD,
    });
    expect(slow.data.session).toBeNull();
    expect(slow.error?.status).toBe(500);
    expect(logged.join('\n')).toMatch(/hook password_verification_attempt .*statement timeout/);
    await switchTo(0);
    const quick = await clientFrom(undefined, server).auth.signInWithPassword({
      email: user.email,
      password: PASSWORD,
    });
    expect(quick.error).toBeNull();
  });
});
