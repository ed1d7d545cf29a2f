import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-supabase/src/config/config.ts';
import { EXTENSIONS } from '../../local-supabase/src/db/database.ts';
import { type RunningLocalSupabase, startLocalSupabase } from '../../local-supabase/src/server.ts';
import {
  adminClient,
  api,
  authServerForFile,
  decodeJwtPart,
  PASSWORD,
  PUBLISHABLE_KEY,
  uniqueEmail,
} from './helpers.ts';

/**
 * MFA recovery codes through supabase-js 2.119's `auth.mfa.recoveryCodes` (behind `experimental.recoveryCodes`),
 * against GoTrue 2.197's /factors/recovery-codes contract: generate at aal2 beside another factor, verify → aal2
 * with amr `mfa/recovery_code`, each code once, locked (429) after the configured wrong codes, regenerate and delete
 * at aal2 only, and the config switches.
 */

const IP_HEADER = 'X-Test-Client-IP';
const MAX_ATTEMPTS = 3;
const srv = authServerForFile({
  rateLimitHeader: IP_HEADER,
  configOverrides: { mfa: { recoveryCodes: { maxVerifyAttempts: MAX_ATTEMPTS } } },
});

let ips = 0;
function client(server: RunningLocalSupabase, ip: string): SupabaseClient {
  return createClient(server.url, PUBLISHABLE_KEY, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      experimental: { recoveryCodes: true },
    },
    global: { headers: { [IP_HEADER]: ip } },
  });
}

const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/** A confirmed user with a verified authenticator app, signed in at aal2, and a second aal1 sign-in helper. */
async function userWithApp() {
  const server = srv.get();
  const email = uniqueEmail('recovery');
  const created = await adminClient(server).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const ip = `10.8.${Math.floor(++ips / 250)}.${ips % 250}`;
  const signIn = async () => {
    const c = client(server, ip);
    const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return c;
  };
  const c = await signIn();
  const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error) throw enrolled.error;
  const verified = await c.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totpCode(enrolled.data.totp.secret),
  });
  if (verified.error) throw verified.error;
  return { client: c, signIn, factorId: enrolled.data.id, userId: created.data.user.id };
}

const aalOf = (token: string) => decodeJwtPart(token, 1).aal;
const amrOf = (token: string) => (decodeJwtPart(token, 1).amr as { method: string }[]).map((e) => e.method);

describe('generate', () => {
  it('at aal2 beside an app: ten 16-character base32 codes once, a verified recovery_code factor, status counts', async () => {
    const user = await userWithApp();
    const { data, error } = await user.client.auth.mfa.recoveryCodes.generate();
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'recovery_code', friendly_name: 'Recovery codes', total: 10 });
    expect(data!.codes).toHaveLength(10);
    for (const code of data!.codes) expect(code).toMatch(/^[a-z2-7]{16}$/);
    expect(new Set(data!.codes).size).toBe(10);

    const status = await user.client.auth.mfa.recoveryCodes.getStatus();
    expect(status).toEqual({
      data: { id: data!.id, type: 'recovery_code', total: 10, remaining: 10 },
      error: null,
    });
    const factors = await user.client.auth.mfa.listFactors();
    expect(factors.data!.recovery_code).toEqual([
      expect.objectContaining({ id: data!.id, factor_type: 'recovery_code', status: 'verified' }),
    ]);
    // A second set is refused: regenerate replaces one.
    const again = await user.client.auth.mfa.recoveryCodes.generate();
    expect([again.error?.status, again.error?.code]).toEqual([422, 'mfa_verified_factor_exists']);
  });

  it('is refused at aal1 (insufficient_aal) and without another verified factor (sole factor)', async () => {
    const user = await userWithApp();
    const aal1 = await user.signIn();
    const refused = await aal1.auth.mfa.recoveryCodes.generate();
    expect([refused.error?.status, refused.error?.code]).toEqual([403, 'insufficient_aal']);

    const server = srv.get();
    const email = uniqueEmail('nofactor');
    await adminClient(server).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const plain = client(server, '10.8.250.1');
    await plain.auth.signInWithPassword({ email, password: PASSWORD });
    // Without a factor the session can never reach aal2, which GoTrue checks first.
    const none = await plain.auth.mfa.recoveryCodes.generate();
    expect([none.error?.status, none.error?.code]).toEqual([403, 'insufficient_aal']);
    const missing = await plain.auth.mfa.recoveryCodes.getStatus();
    expect([missing.error?.status, missing.error?.code]).toEqual([404, 'mfa_factor_not_found']);
  });
});

describe('verify', () => {
  it('a right code raises an aal1 session to aal2 with amr mfa/recovery_code; the count drops; the code works once', async () => {
    const user = await userWithApp();
    const { data } = await user.client.auth.mfa.recoveryCodes.generate();
    const code = data!.codes[3]!;
    const aal1 = await user.signIn();
    const before = (await aal1.auth.getSession()).data.session!;
    expect(aalOf(before.access_token)).toBe('aal1');

    // Typed as people type it: upper case, in groups with hyphens and spaces.
    const typed = ` ${code.toUpperCase().match(/.{4}/g)!.join('-')} `;
    const verified = await aal1.auth.mfa.recoveryCodes.verify({ code: typed });
    expect(verified.error).toBeNull();
    expect(aalOf(verified.data!.access_token)).toBe('aal2');
    expect(amrOf(verified.data!.access_token)[0]).toBe('mfa/recovery_code');
    expect(decodeJwtPart(verified.data!.access_token, 1).session_id).toBe(
      decodeJwtPart(before.access_token, 1).session_id,
    );
    expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data!.currentLevel).toBe('aal2');
    expect((await aal1.auth.mfa.recoveryCodes.getStatus()).data).toMatchObject({ total: 10, remaining: 9 });

    const again = await (await user.signIn()).auth.mfa.recoveryCodes.verify({ code });
    expect([again.error?.status, again.error?.code]).toEqual([422, 'mfa_verification_failed']);
  });

  it('a wrong code is 422 mfa_verification_failed; an empty one 400 validation_failed', async () => {
    const user = await userWithApp();
    await user.client.auth.mfa.recoveryCodes.generate();
    const aal1 = await user.signIn();
    const wrong = await aal1.auth.mfa.recoveryCodes.verify({ code: 'aaaaaaaaaaaaaaaa' });
    expect([wrong.error?.status, wrong.error?.code]).toEqual([422, 'mfa_verification_failed']);
    const empty = await aal1.auth.mfa.recoveryCodes.verify({ code: ' - ' });
    expect([empty.error?.status, empty.error?.code]).toEqual([400, 'validation_failed']);
    expect(aalOf((await aal1.auth.getSession()).data.session!.access_token)).toBe('aal1');
  });

  it(`locks after ${MAX_ATTEMPTS} wrong codes in a row: 429 mfa_recovery_codes_locked, even for a right code; regenerate clears it`, async () => {
    const user = await userWithApp();
    const { data } = await user.client.auth.mfa.recoveryCodes.generate();
    const aal1 = await user.signIn();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      const wrong = await aal1.auth.mfa.recoveryCodes.verify({ code: `wrongcode${i}xxxxxx` });
      expect(wrong.error?.code).toBe('mfa_verification_failed');
    }
    const lockedOut = await aal1.auth.mfa.recoveryCodes.verify({ code: data!.codes[0]! });
    expect([lockedOut.error?.status, lockedOut.error?.code]).toEqual([429, 'mfa_recovery_codes_locked']);

    const fresh = await user.client.auth.mfa.recoveryCodes.regenerate();
    expect(fresh.error).toBeNull();
    const old = await aal1.auth.mfa.recoveryCodes.verify({ code: data!.codes[0]! });
    expect(old.error?.code).toBe('mfa_verification_failed');
    const ok = await aal1.auth.mfa.recoveryCodes.verify({ code: fresh.data!.codes[0]! });
    expect(ok.error).toBeNull();
  });

  it('the lock runs out after the lockout duration', async () => {
    const settings = srv.get().config.mfa.recoveryCodes;
    const user = await userWithApp();
    const { data } = await user.client.auth.mfa.recoveryCodes.generate();
    const aal1 = await user.signIn();
    settings.lockoutMs = 1000;
    try {
      for (let i = 0; i < MAX_ATTEMPTS; i++)
        await aal1.auth.mfa.recoveryCodes.verify({ code: 'nope-nope-nope-no' });
      const lockedOut = await aal1.auth.mfa.recoveryCodes.verify({ code: data!.codes[1]! });
      expect(lockedOut.error?.code).toBe('mfa_recovery_codes_locked');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const ok = await aal1.auth.mfa.recoveryCodes.verify({ code: data!.codes[1]! });
      expect(ok.error).toBeNull();
    } finally {
      settings.lockoutMs = 15 * 60_000;
    }
  });
});

describe('regenerate and delete', () => {
  it('regenerate at aal1 is refused; at aal2 it replaces every code and keeps the factor', async () => {
    const user = await userWithApp();
    const first = await user.client.auth.mfa.recoveryCodes.generate();
    const aal1 = await user.signIn();
    const refused = await aal1.auth.mfa.recoveryCodes.regenerate();
    expect([refused.error?.status, refused.error?.code]).toEqual([403, 'insufficient_aal']);
    const removeRefused = await aal1.auth.mfa.recoveryCodes.unenroll();
    expect([removeRefused.error?.status, removeRefused.error?.code]).toEqual([403, 'insufficient_aal']);

    const again = await user.client.auth.mfa.recoveryCodes.regenerate();
    expect(again.data).toMatchObject({ id: first.data!.id, total: 10 });
    expect(again.data!.codes.some((c) => first.data!.codes.includes(c))).toBe(false);
  });

  it('the last app cannot go before the codes (sole factor); delete at aal2 removes the factor, then the app can go', async () => {
    const user = await userWithApp();
    // The app cannot leave recovery codes as the only factor.
    await user.client.auth.mfa.recoveryCodes.generate();
    const sole = await user.client.auth.mfa.unenroll({ factorId: user.factorId });
    expect([sole.error?.status, sole.error?.code]).toEqual([422, 'mfa_recovery_codes_sole_factor']);
    const factors = (await user.client.auth.mfa.listFactors()).data!;
    const byEndpoint = await user.client.auth.mfa.unenroll({ factorId: factors.recovery_code[0]!.id });
    expect([byEndpoint.error?.status, byEndpoint.error?.code]).toEqual([422, 'validation_failed']);

    const removed = await user.client.auth.mfa.recoveryCodes.unenroll();
    expect(removed).toEqual({ data: { id: factors.recovery_code[0]!.id }, error: null });
    const status = await user.client.auth.mfa.recoveryCodes.getStatus();
    expect(status.error?.code).toBe('mfa_factor_not_found');
    const gone = await user.client.auth.mfa.recoveryCodes.unenroll();
    expect([gone.error?.status, gone.error?.code]).toEqual([404, 'mfa_factor_not_found']);
    expect((await user.client.auth.mfa.unenroll({ factorId: user.factorId })).error).toBeNull();
  });
});

describe('storage', () => {
  it('keeps only argon2id hashes in auth.mfa_recovery_codes, never a code', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'recovery-codes-'));
    try {
      const server = await startLocalSupabase({ dataDir, port: 0, mailPort: 0, smtpPort: 0 });
      let codes: string[];
      try {
        const email = uniqueEmail('stored');
        await adminClient(server).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
        const c = client(server, '10.8.251.1');
        await c.auth.signInWithPassword({ email, password: PASSWORD });
        const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
        await c.auth.mfa.challengeAndVerify({
          factorId: enrolled.data!.id,
          code: totpCode(enrolled.data!.totp.secret),
        });
        codes = (await c.auth.mfa.recoveryCodes.generate()).data!.codes;
      } finally {
        await server.stop();
      }
      const pg = await PGlite.create(path.join(dataDir, 'pgdata'), EXTENSIONS);
      try {
        const { rows } = await pg.query<{ code_hash: string }>(
          'select code_hash from auth.mfa_recovery_codes',
        );
        expect(rows).toHaveLength(10);
        for (const row of rows) {
          expect(row.code_hash).toMatch(
            /^\$argon2id\$v=19\$m=19456,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
          );
          for (const code of codes) expect(row.code_hash).not.toContain(code);
        }
      } finally {
        await pg.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the config switches (GOTRUE_MFA_RECOVERY_CODES_*)', () => {
  it('enroll off: generate and regenerate answer 422 mfa_recovery_codes_enroll_not_enabled; verify off: 422 mfa_recovery_codes_verify_not_enabled', async () => {
    const server = srv.get();
    const user = await userWithApp();
    const { data } = await user.client.auth.mfa.recoveryCodes.generate();
    const settings = server.config.mfa.recoveryCodes;
    settings.enrollEnabled = false;
    settings.verifyEnabled = false;
    try {
      const generate = await user.client.auth.mfa.recoveryCodes.regenerate();
      expect([generate.error?.status, generate.error?.code]).toEqual([
        422,
        'mfa_recovery_codes_enroll_not_enabled',
      ]);
      const verify = await (await user.signIn()).auth.mfa.recoveryCodes.verify({ code: data!.codes[0]! });
      expect([verify.error?.status, verify.error?.code]).toEqual([
        422,
        'mfa_recovery_codes_verify_not_enabled',
      ]);
    } finally {
      settings.enrollEnabled = true;
      settings.verifyEnabled = true;
    }
  });

  it('off without the variables; on here through supabase/.env.development, not a config.toml key the CLI refuses; bounds checked as GoTrue when on', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'recovery-config-')), 'config.toml');
    writeFileSync(file, '[auth]\n[auth.mfa.recovery_codes]\nenroll_enabled = true\nverify_enabled = true\n');
    const env = (vars: Record<string, string>) => Object.assign({} as NodeJS.ProcessEnv, vars);
    expect(loadConfig(file, env({})).mfa.recoveryCodes).toMatchObject({
      enrollEnabled: false,
      verifyEnabled: false,
    });
    expect(readFileSync('supabase/config.toml', 'utf8')).not.toMatch(/recovery_codes/);
    expect(loadConfig('supabase/config.toml', env({})).mfa.recoveryCodes).toMatchObject({
      enrollEnabled: true,
      verifyEnabled: true,
    });
    expect(
      loadConfig(
        'supabase/config.toml',
        env({
          GOTRUE_MFA_RECOVERY_CODES_VERIFY_ENABLED: 'false',
          GOTRUE_MFA_RECOVERY_CODES_COUNT: '8',
          GOTRUE_MFA_RECOVERY_CODES_CODE_LENGTH: '20',
          GOTRUE_MFA_RECOVERY_CODES_MAX_VERIFY_ATTEMPTS: '3',
          GOTRUE_MFA_RECOVERY_CODES_LOCKOUT_DURATION: '1m',
        }),
      ).mfa.recoveryCodes,
    ).toEqual({
      enrollEnabled: true,
      verifyEnabled: false,
      count: 8,
      codeLength: 20,
      maxVerifyAttempts: 3,
      lockoutMs: 60_000,
    });
    expect(() => loadConfig('supabase/config.toml', env({ GOTRUE_MFA_RECOVERY_CODES_COUNT: '17' }))).toThrow(
      'GOTRUE_MFA_RECOVERY_CODES_COUNT must be between 4 and 16, got 17',
    );
    expect(() =>
      loadConfig('supabase/config.toml', env({ GOTRUE_MFA_RECOVERY_CODES_CODE_LENGTH: '12' })),
    ).toThrow('GOTRUE_MFA_RECOVERY_CODES_CODE_LENGTH must be between 13 and 32, got 12');
  });

  it('the project turns them on; the challenge and verify routes of the factor refuse it as GoTrue does', async () => {
    const server = srv.get();
    expect(server.config.mfa.recoveryCodes).toMatchObject({
      enrollEnabled: true,
      verifyEnabled: true,
      count: 10,
      codeLength: 16,
    });
    const user = await userWithApp();
    const { data } = await user.client.auth.mfa.recoveryCodes.generate();
    const token = (await user.client.auth.getSession()).data.session!.access_token;
    const challenge = await api(server, `/factors/${data!.id}/challenge`, { token, body: {} });
    expect([challenge.status, challenge.body.code]).toEqual([400, 'validation_failed']);
  });
});
