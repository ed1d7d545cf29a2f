import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-supabase/src/config/config.ts';
import type { RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import {
  adminClient,
  anonClient,
  api,
  APP_URL,
  authServerForFile,
  decodeJwtPart,
  PASSWORD,
  SECRET_KEY,
  serverClient,
  throughLocalIdp,
  uniqueEmail,
} from './helpers.ts';

/** MFA with TOTP factors through supabase-js auth.mfa.* and auth.admin.mfa.* (compare GoTrue's internal/api/mfa_test.go). */

const IP_HEADER = 'X-Test-Client-IP';
const srv = authServerForFile({
  rateLimitHeader: IP_HEADER,
  configOverrides: { enableAnonymousSignIns: true },
});

const STEP_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / STEP_MS);

/** The code of a time step, computed by otpauth from the secret the server gave. */
function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: step * STEP_MS,
  });
}

/** A user who tracks the steps it used: each factor accepts a step once, so the next code is the next usable step. */
class MfaUser {
  readonly email: string;
  readonly userId: string;
  readonly client: SupabaseClient;
  readonly ip: string;
  private readonly used = new Map<string, number>();
  constructor(email: string, userId: string, client: SupabaseClient, ip: string) {
    this.email = email;
    this.userId = userId;
    this.client = client;
    this.ip = ip;
  }

  /**
   * A code the server accepts now and has not accepted before for this factor: the current step, then the next (the
   * server accepts now - 1 … now + 1, so a step boundary passing before the request lands does no harm).
   */
  nextCode(factorId: string, secret: string): string {
    const step = Math.max(currentStep(), (this.used.get(factorId) ?? -Infinity) + 1);
    if (step > currentStep() + 1) throw new Error('no unused step left in the skew window');
    this.used.set(factorId, step);
    return codeAt(secret, step);
  }

  /** Enroll, challenge and verify: the session becomes aal2. */
  async enrollVerified(friendlyName = 'Phone app'): Promise<{ id: string; secret: string }> {
    const { data, error } = await this.client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
    if (error) throw error;
    const verified = await this.client.auth.mfa.challengeAndVerify({
      factorId: data.id,
      code: this.nextCode(data.id, data.totp.secret),
    });
    if (verified.error) throw verified.error;
    return { id: data.id, secret: data.totp.secret };
  }
}

let ips = 0;
/** A confirmed user signed in (session stored in its client) from an IP of its own. */
async function mfaUser(server: RunningLocalSupabase = srv.get()): Promise<MfaUser> {
  const email = uniqueEmail('mfa');
  const { data, error } = await adminClient(server).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
  const ip = `10.7.${Math.floor(++ips / 250)}.${ips % 250}`;
  const client = clientFrom(ip, server);
  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return new MfaUser(email, data.user.id, client, ip);
}

/** A client whose session is stored in memory (getAuthenticatorAssuranceLevel reads it), talking from `ip`. */
function clientFrom(ip: string, server: RunningLocalSupabase = srv.get()): SupabaseClient {
  return anonClient(server, 'implicit', { [IP_HEADER]: ip });
}

const amrMethods = (token: string) =>
  (decodeJwtPart(token, 1).amr as { method: string }[]).map((e) => e.method);

describe('enroll, challenge, verify, unenroll', () => {
  it('enrolls a TOTP factor: raw SVG QR code, 32-character base32 secret, otpauth URI with the site host as issuer', async () => {
    const user = await mfaUser();
    const { data, error } = await user.client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone app',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    // supabase-js prefixes the server's raw SVG once.
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^]*<\/svg>\s*$/);
    // The QR code encodes the URI (error correction H, as GoTrue's).
    const svg = await QRCode.toString(data!.totp.uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 4 });
    expect(data!.totp.qr_code).toBe(`data:image/svg+xml;utf-8,${svg}`);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(
      `otpauth://totp/localhost:3000:${user.email}?algorithm=SHA1&digits=6&issuer=localhost:3000&period=30&secret=${data!.totp.secret}`,
    );
    const { data: user1 } = await user.client.auth.getUser();
    expect(user1.user!.factors).toEqual([
      expect.objectContaining({
        id: data!.id,
        status: 'unverified',
        friendly_name: 'Phone app',
        factor_type: 'totp',
        phone: '',
        last_challenged_at: null,
      }),
    ]);
    expect(user1.user!.factors![0]).not.toHaveProperty('secret');
  });

  it('verifies a code: the same session at aal2 with amr totp first, a new refresh token, getAuthenticatorAssuranceLevel follows', async () => {
    const user = await mfaUser();
    const before = await user.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    const { data: session0 } = await user.client.auth.getSession();
    const oldRefresh = session0.session!.refresh_token;
    const sessionId = decodeJwtPart(session0.session!.access_token, 1).session_id;

    const { data: enrolled } = await user.client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone app',
    });
    const { data: challenge, error: challengeError } = await user.client.auth.mfa.challenge({
      factorId: enrolled!.id,
    });
    expect(challengeError).toBeNull();
    expect(challenge).toMatchObject({ type: 'totp' });
    expect(challenge!.expires_at).toBeGreaterThan(Date.now() / 1000 + 290);
    const { data: verified, error } = await user.client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: user.nextCode(enrolled!.id, enrolled!.totp.secret),
    });
    expect(error).toBeNull();
    const claims = decodeJwtPart(verified!.access_token, 1);
    expect(claims).toMatchObject({ aal: 'aal2', session_id: sessionId });
    expect(amrMethods(verified!.access_token)).toEqual(['totp', 'password']);
    expect(verified!.refresh_token).not.toBe(oldRefresh);
    expect(verified!.user.factors).toEqual([
      expect.objectContaining({ id: enrolled!.id, status: 'verified' }),
    ]);

    const after = await user.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(
      after.data!.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method)),
    ).toEqual(['totp', 'password']);

    // The aal1 refresh token is dead; the new one keeps aal2.
    const replay = await api(srv.get(), '/token?grant_type=refresh_token', {
      body: { refresh_token: oldRefresh },
    });
    expect(replay).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found' } });
    const { data: refreshed, error: refreshError } = await user.client.auth.refreshSession();
    expect(refreshError).toBeNull();
    expect(decodeJwtPart(refreshed.session!.access_token, 1)).toMatchObject({
      aal: 'aal2',
      session_id: sessionId,
    });
    expect(refreshed.session!.user.factors).toEqual([expect.objectContaining({ status: 'verified' })]);

    // A fresh password sign-in (aal1) learns from its token response alone that aal2 is next.
    const other = clientFrom(user.ip);
    await other.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const listed = await other.auth.mfa.listFactors();
    expect(listed.data!.totp.map((f) => f.id)).toEqual([enrolled!.id]);
  });

  it('unenrolls a verified factor at aal2; the session drops to aal1 on its next refresh', async () => {
    const user = await mfaUser();
    const factor = await user.enrollVerified();
    const { data, error } = await user.client.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factor.id });
    const { data: refreshed } = await user.client.auth.refreshSession();
    expect(decodeJwtPart(refreshed.session!.access_token, 1).aal).toBe('aal1');
    expect(amrMethods(refreshed.session!.access_token)).toEqual(['password']);
    expect(refreshed.session!.user).not.toHaveProperty('factors');
    expect((await user.client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
  });
});

/** The user's current access token (the stored session). */
async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

/** Runs `body` with part of the server's [auth.mfa] settings changed. */
async function withMfa(
  patch: (mfa: RunningLocalSupabase['config']['mfa']) => void,
  body: () => Promise<void>,
): Promise<void> {
  const { mfa } = srv.get().config;
  const before = structuredClone(mfa);
  patch(mfa);
  try {
    await body();
  } finally {
    Object.assign(mfa, before);
  }
}

describe('verify: codes, challenges and sessions', () => {
  it('signing in on another device: aal1 with aal2 next, then the code raises it; the first device stays signed in', async () => {
    const user = await mfaUser();
    const factor = await user.enrollVerified();
    const device = clientFrom(user.ip);
    await device.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect((await device.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const { data, error } = await device.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: user.nextCode(factor.id, factor.secret),
    });
    expect(error).toBeNull();
    expect(amrMethods(data!.access_token)).toEqual(['totp', 'password']);
    expect((await device.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect((await user.client.auth.getUser()).error).toBeNull();
  });

  it('unenrolling a factor downgrades only the sessions raised with it', async () => {
    const user = await mfaUser();
    const first = await user.enrollVerified('first');
    // Verifying the second factor moves this session onto it.
    const second = await user.enrollVerified('second');
    expect((await user.client.auth.mfa.unenroll({ factorId: first.id })).error).toBeNull();
    const { data: refreshed } = await user.client.auth.refreshSession();
    expect(decodeJwtPart(refreshed.session!.access_token, 1).aal).toBe('aal2');
    expect((await user.client.auth.mfa.unenroll({ factorId: second.id })).error).toBeNull();
    const { data: downgraded } = await user.client.auth.refreshSession();
    expect(decodeJwtPart(downgraded.session!.access_token, 1).aal).toBe('aal1');
  });

  it('ends the user’s other aal1 sessions and keeps the verifying one', async () => {
    const user = await mfaUser();
    const other = clientFrom(user.ip);
    await other.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect((await other.auth.getUser()).error).toBeNull();
    await user.enrollVerified();
    const gone = await other.auth.getUser();
    expect(gone.error).toMatchObject({ name: 'AuthSessionMissingError' });
    const refresh = await other.auth.refreshSession();
    expect(refresh.error).not.toBeNull();
    expect((await user.client.auth.getUser()).error).toBeNull();
  });

  it('a wrong code → 422 mfa_verification_failed and the challenge stays open for the right one', async () => {
    const user = await mfaUser();
    const { data: enrolled } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    const { data: challenge } = await user.client.auth.mfa.challenge({ factorId: enrolled!.id });
    const right = user.nextCode(enrolled!.id, enrolled!.totp.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, '12345', '1234567', 'abcdef']) {
      const { error } = await user.client.auth.mfa.verify({
        factorId: enrolled!.id,
        challengeId: challenge!.id,
        code,
      });
      expect(error).toMatchObject({
        status: 422,
        code: 'mfa_verification_failed',
        message: 'Invalid TOTP code entered',
      });
    }
    const { error } = await user.client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: ` ${right} `,
    });
    expect(error).toBeNull();
  });

  it('a code is single use: the same code on a new challenge → 422 mfa_verification_failed', async () => {
    const user = await mfaUser();
    const { data: enrolled } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    const code = user.nextCode(enrolled!.id, enrolled!.totp.secret);
    expect(
      (await user.client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code })).error,
    ).toBeNull();
    const again = await user.client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    // An older step than the one accepted is refused too; the next one is accepted.
    const older = codeAt(enrolled!.totp.secret, currentStep() - 2);
    expect(
      (await user.client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: older })).error,
    ).toMatchObject({ code: 'mfa_verification_failed' });
    expect(
      (
        await user.client.auth.mfa.challengeAndVerify({
          factorId: enrolled!.id,
          code: user.nextCode(enrolled!.id, enrolled!.totp.secret),
        })
      ).error,
    ).toBeNull();
  });

  it('a TOTP code lives one 30-s step either side of now (ASVS 6.5.5): two steps old or ahead → 422', async () => {
    const user = await mfaUser();
    const { data: enrolled } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    const { id, totp } = enrolled!;
    // Clear of a step's end, so that the steps named below are still those steps when the server checks them.
    if (Date.now() % STEP_MS > STEP_MS - 5_000) await new Promise((resolve) => setTimeout(resolve, 5_500));
    const now = currentStep();
    for (const step of [now - 2, now + 2]) {
      const refused = await user.client.auth.mfa.challengeAndVerify({
        factorId: id,
        code: codeAt(totp.secret, step),
      });
      expect(refused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    const accepted = await user.client.auth.mfa.challengeAndVerify({
      factorId: id,
      code: codeAt(totp.secret, now - 1),
    });
    expect(accepted.error).toBeNull();
  });

  it('two verifies racing with one code on two challenges: exactly one wins', async () => {
    const user = await mfaUser();
    const { data: enrolled } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    const challenges = await Promise.all(
      [1, 2].map(() => user.client.auth.mfa.challenge({ factorId: enrolled!.id })),
    );
    const code = user.nextCode(enrolled!.id, enrolled!.totp.secret);
    const token = await tokenOf(user.client);
    const results = await Promise.all(
      challenges.map(({ data }) =>
        api(srv.get(), `/factors/${enrolled!.id}/verify`, {
          token,
          body: { challenge_id: data!.id, code },
          headers: { [IP_HEADER]: user.ip },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.code).toBe('mfa_verification_failed');
  });

  it('a verified challenge cannot be verified again → 422 mfa_ip_address_mismatch', async () => {
    const user = await mfaUser();
    const { data: enrolled } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    const { data: challenge } = await user.client.auth.mfa.challenge({ factorId: enrolled!.id });
    const verify = (code: string) =>
      user.client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code });
    expect((await verify(user.nextCode(enrolled!.id, enrolled!.totp.secret))).error).toBeNull();
    expect((await verify(user.nextCode(enrolled!.id, enrolled!.totp.secret))).error).toMatchObject({
      status: 422,
      code: 'mfa_ip_address_mismatch',
      message: 'Challenge and verify IP addresses mismatch.',
    });
  });

  it('a challenge is bound to the client IP: verifying from another → 422 mfa_ip_address_mismatch', async () => {
    const user = await mfaUser();
    const { data: enrolled } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    const { data: challenge } = await user.client.auth.mfa.challenge({ factorId: enrolled!.id });
    const code = user.nextCode(enrolled!.id, enrolled!.totp.secret);
    const elsewhere = await api(srv.get(), `/factors/${enrolled!.id}/verify`, {
      token: await tokenOf(user.client),
      body: { challenge_id: challenge!.id, code },
      headers: { [IP_HEADER]: '10.99.99.99' },
    });
    expect(elsewhere).toMatchObject({ status: 422, body: { code: 'mfa_ip_address_mismatch' } });
    expect(
      (await user.client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code })).error,
    ).toBeNull();
  });

  it('unknown, foreign and malformed factors and challenges get GoTrue’s answers', async () => {
    const user = await mfaUser();
    const stranger = await mfaUser();
    const { data: theirs } = await stranger.client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'theirs',
    });
    const { data: mine } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'mine' });
    const mfa = user.client.auth.mfa;
    for (const factorId of [crypto.randomUUID(), theirs!.id]) {
      expect((await mfa.challenge({ factorId })).error).toMatchObject({
        status: 404,
        code: 'mfa_factor_not_found',
        message: 'Factor not found',
      });
      expect(
        (await mfa.verify({ factorId, challengeId: crypto.randomUUID(), code: '123456' })).error,
      ).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
      expect((await mfa.unenroll({ factorId })).error).toMatchObject({
        status: 404,
        code: 'mfa_factor_not_found',
      });
    }
    const token = await tokenOf(user.client);
    for (const [method, path] of [
      ['POST', '/factors/nope/challenge'],
      ['POST', '/factors/nope/verify'],
      ['DELETE', '/factors/nope'],
    ] as const) {
      const res = await api(srv.get(), path, { method, token, body: {} });
      expect(res).toMatchObject({
        status: 404,
        body: { code: 'validation_failed', message: 'factor_id must be an UUID' },
      });
    }
    const verify = (body: unknown) =>
      api(srv.get(), `/factors/${mine!.id}/verify`, { token, body, headers: { [IP_HEADER]: user.ip } });
    expect(await verify({ challenge_id: crypto.randomUUID(), code: '123456' })).toMatchObject({
      status: 422,
      body: { code: 'mfa_factor_not_found', message: 'MFA factor with the provided challenge ID not found' },
    });
    expect(await verify({ code: '123456' })).toMatchObject({
      status: 422,
      body: { code: 'mfa_factor_not_found' },
    });
    // A challenge of another factor is not this factor's.
    const { data: theirChallenge } = await stranger.client.auth.mfa.challenge({ factorId: theirs!.id });
    expect(await verify({ challenge_id: theirChallenge!.id, code: '123456' })).toMatchObject({
      status: 422,
      body: { code: 'mfa_factor_not_found' },
    });
    for (const challenge_id of ['nope', 42, ['x'], { id: 1 }]) {
      const res = await verify({ challenge_id, code: '123456' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('bad_json');
    }
    expect(await verify({ challenge_id: crypto.randomUUID(), code: '' })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'Code needs to be non-empty' },
    });
    expect(await verify({ challenge_id: crypto.randomUUID(), code: 123456 })).toMatchObject({
      status: 400,
      body: { code: 'bad_json' },
    });
    expect(
      (await api(srv.get(), `/factors/${mine!.id}/verify`, { token, rawBody: '{"code":' })).body.code,
    ).toBe('bad_json');
    // A TOTP challenge does not read its body (supabase-js sends `{factorId}`), as GoTrue's challengeTOTPFactor.
    const challenged = await api(srv.get(), `/factors/${mine!.id}/challenge`, {
      token,
      rawBody: '{"channel":',
    });
    expect(challenged).toMatchObject({ status: 200, body: { type: 'totp' } });
  });
});

describe('a short challenge and factor expiry (GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION, GOTRUE_MFA_FACTOR_EXPIRY_DURATION)', () => {
  const short = authServerForFile({
    rateLimitHeader: IP_HEADER,
    env: {
      ...process.env,
      GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION: '1',
      GOTRUE_MFA_FACTOR_EXPIRY_DURATION: '1s',
    },
  });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('an expired challenge → 422 mfa_challenge_expired, then it is gone', async () => {
    const user = await mfaUser(short.get());
    const { data: enrolled } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    const { data: challenge } = await user.client.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(challenge!.expires_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 1);
    await pause(1_100);
    const verify = () =>
      user.client.auth.mfa.verify({
        factorId: enrolled!.id,
        challengeId: challenge!.id,
        code: user.nextCode(enrolled!.id, enrolled!.totp.secret),
      });
    expect((await verify()).error).toMatchObject({
      status: 422,
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${challenge!.id} has expired, verify against another challenge or create a new challenge.`,
    });
    expect((await verify()).error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
  });

  it('an unverified factor never challenged expires: its name is free again', async () => {
    const user = await mfaUser(short.get());
    const first = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    await pause(1_100);
    const second = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    expect(second.error).toBeNull();
    const { data } = await user.client.auth.getUser();
    expect(data.user!.factors!.map((f) => f.id)).toEqual([second.data!.id]);
    expect(second.data!.id).not.toBe(first.data!.id);
  });
});

describe('enroll and unenroll rules', () => {
  it('a second factor at aal1 once one is verified → 403 insufficient_aal; at aal2 it enrolls', async () => {
    const user = await mfaUser();
    await user.enrollVerified('first');
    const aal1 = clientFrom(user.ip);
    await aal1.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect((await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'backup' })).error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    });
    expect(
      (await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'backup' })).error,
    ).toBeNull();
  });

  it('unenrolling a verified factor at aal1 → 422 insufficient_aal; an unverified one may go', async () => {
    const user = await mfaUser();
    const verified = await user.enrollVerified('first');
    const { data: pending } = await user.client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'second',
    });
    const aal1 = clientFrom(user.ip);
    await aal1.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect((await aal1.auth.mfa.unenroll({ factorId: verified.id })).error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });
    expect((await aal1.auth.mfa.unenroll({ factorId: pending!.id })).data).toEqual({ id: pending!.id });
  });

  it('a verify deletes the user’s other unverified TOTP factors', async () => {
    const user = await mfaUser();
    await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'abandoned' });
    const kept = await user.enrollVerified('kept');
    const { data } = await user.client.auth.getUser();
    expect(data.user!.factors!.map((f) => [f.id, f.status])).toEqual([[kept.id, 'verified']]);
  });

  it('names must differ (an empty name too) → 422 mfa_factor_name_conflict', async () => {
    const user = await mfaUser();
    await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(
      (await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' })).error,
    ).toMatchObject({
      status: 422,
      code: 'mfa_factor_name_conflict',
      message: 'A factor with the friendly name "Phone app" for this user already exists',
    });
    const unnamed = await user.client.auth.mfa.enroll({ factorType: 'totp' });
    expect(unnamed.error).toBeNull();
    expect(unnamed.data).toMatchObject({ friendly_name: '' });
    expect((await user.client.auth.mfa.enroll({ factorType: 'totp' })).error).toMatchObject({
      status: 422,
      code: 'mfa_factor_name_conflict',
    });
  });

  it('max_enrolled_factors → 422 too_many_enrolled_mfa_factors', async () => {
    const user = await mfaUser();
    await withMfa(
      (mfa) => (mfa.maxEnrolledFactors = 2),
      async () => {
        for (const name of ['a', 'b'])
          expect(
            (await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: name })).error,
          ).toBeNull();
        expect(
          (await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'c' })).error,
        ).toMatchObject({
          status: 422,
          code: 'too_many_enrolled_mfa_factors',
          message: 'Maximum number of verified factors reached, unenroll to continue',
        });
      },
    );
  });

  it('TOTP switched off: enroll → 422 mfa_totp_enroll_not_enabled; challenge and verify → 422 mfa_totp_verify_not_enabled', async () => {
    const user = await mfaUser();
    const { data: enrolled } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    const { data: challenge } = await user.client.auth.mfa.challenge({ factorId: enrolled!.id });
    await withMfa(
      (mfa) => (mfa.totp = { enrollEnabled: false, verifyEnabled: false }),
      async () => {
        expect(
          (await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'other' })).error,
        ).toMatchObject({
          status: 422,
          code: 'mfa_totp_enroll_not_enabled',
          message: 'MFA enroll is disabled for TOTP',
        });
        const disabled = {
          status: 422,
          code: 'mfa_totp_verify_not_enabled',
          message: 'MFA verification is disabled for TOTP',
        };
        expect((await user.client.auth.mfa.challenge({ factorId: enrolled!.id })).error).toMatchObject(
          disabled,
        );
        const code = codeAt(enrolled!.totp.secret, currentStep());
        expect(
          (await user.client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code }))
            .error,
        ).toMatchObject(disabled);
      },
    );
  });

  it('enroll bodies: bad JSON and types → 400 bad_json, unknown types → 400, phone and switched-off WebAuthn → 422 not enabled', async () => {
    const user = await mfaUser();
    const token = await tokenOf(user.client);
    const enroll = (init: { body?: unknown; rawBody?: string }) =>
      api(srv.get(), '/factors', { token, ...init });
    expect((await enroll({ rawBody: '{"factor_type":' })).body.code).toBe('bad_json');
    expect((await enroll({ rawBody: '[]' })).body.code).toBe('bad_json');
    for (const body of [
      { factor_type: 1 },
      { factor_type: 'totp', friendly_name: ['x'] },
      { factor_type: 'totp', issuer: {} },
    ]) {
      expect(await enroll({ body })).toMatchObject({ status: 400, body: { code: 'bad_json' } });
    }
    for (const body of [{}, { factor_type: 'sms' }, { factor_type: 'TOTP' }]) {
      expect(await enroll({ body })).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', message: 'factor_type needs to be totp, phone, or webauthn' },
      });
    }
    expect(await enroll({ body: { factor_type: 'phone', phone: '+15555550100' } })).toMatchObject({
      status: 422,
      body: { code: 'mfa_phone_enroll_not_enabled', message: 'MFA enroll is disabled for Phone' },
    });
    await withMfa(
      (mfa) => (mfa.webAuthn = { enrollEnabled: false, verifyEnabled: false }),
      async () =>
        expect(await enroll({ body: { factor_type: 'webauthn' } })).toMatchObject({
          status: 422,
          body: { code: 'mfa_webauthn_enroll_not_enabled', message: 'MFA enroll is disabled for WebAuthn' },
        }),
    );
    const withIssuer = await user.client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'issued',
      issuer: 'Polyglot & Co',
    });
    expect(withIssuer.data!.totp.uri).toContain(
      `otpauth://totp/Polyglot%20&%20Co:${user.email}?algorithm=SHA1&digits=6&issuer=Polyglot%20&%20Co&period=30&secret=`,
    );
  });
});

describe('PUT /user with a verified factor (user.go UserUpdate)', () => {
  it('email or password from an aal1 session → 401 insufficient_aal; metadata still changes; at aal2 all of it works', async () => {
    const user = await mfaUser();
    const factor = await user.enrollVerified();
    const aal1 = clientFrom(user.ip);
    expect((await aal1.auth.signInWithPassword({ email: user.email, password: PASSWORD })).error).toBeNull();

    const refused = {
      status: 401,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    };
    for (const change of [{ password: 'Passw0rdNew' }, { email: uniqueEmail('moved') }]) {
      const { error } = await aal1.auth.updateUser(change);
      expect(error && { status: error.status, code: error.code, message: error.message }).toEqual(refused);
    }
    expect((await aal1.auth.updateUser({ email: user.email, data: { theme: 'dark' } })).error).toBeNull();

    const stepped = await aal1.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: user.nextCode(factor.id, factor.secret),
    });
    expect(stepped.error).toBeNull();
    expect((await aal1.auth.updateUser({ email: uniqueEmail('moved') })).error).toBeNull();
  });
});

describe('who may call /factors', () => {
  it('no bearer → 401 no_authorization; a key instead of a user token → 403 bad_jwt', async () => {
    for (const [method, path] of [
      ['POST', '/factors'],
      ['POST', `/factors/${crypto.randomUUID()}/challenge`],
      ['DELETE', `/factors/${crypto.randomUUID()}`],
    ]) {
      const res = await api(srv.get(), path!, { method, body: {}, headers: { Authorization: '' } });
      expect(res).toMatchObject({
        status: 401,
        body: { code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' },
      });
    }
    // supabase-js without a session sends its key as the bearer.
    const { error } = await anonClient(srv.get()).auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toMatchObject({
      status: 403,
      code: 'bad_jwt',
      message: 'invalid claim: missing sub claim',
    });
  });

  it('an anonymous user → 403 no_authorization', async () => {
    const guest = clientFrom('10.6.0.1');
    expect((await guest.auth.signInAnonymously()).error).toBeNull();
    const forbidden = {
      status: 403,
      code: 'no_authorization',
      message: 'Anonymous user not allowed to perform these actions',
    };
    expect((await guest.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'x' })).error).toMatchObject(
      forbidden,
    );
    expect((await guest.auth.mfa.challenge({ factorId: crypto.randomUUID() })).error).toMatchObject(
      forbidden,
    );
    expect((await guest.auth.mfa.unenroll({ factorId: crypto.randomUUID() })).error).toMatchObject(forbidden);
  });
});

describe('factors in every token response', () => {
  it('omits `factors` without factors; a magic-link sign-in carries them, so the next level is known', async () => {
    const user = await mfaUser();
    const { data: none } = await user.client.auth.getUser();
    expect(none.user).not.toHaveProperty('factors');
    await user.enrollVerified();
    const link = await adminClient(srv.get()).auth.admin.generateLink({
      type: 'magiclink',
      email: user.email,
    });
    const viaLink = clientFrom(user.ip);
    const { data, error } = await viaLink.auth.verifyOtp({
      token_hash: link.data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(error).toBeNull();
    expect(data.session!.user.factors).toEqual([
      expect.objectContaining({ status: 'verified', factor_type: 'totp' }),
    ]);
    expect((await viaLink.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
  });
});

describe('factors in every token response (OAuth)', () => {
  it('a PKCE code exchange after an OAuth sign-in carries the factors', async () => {
    const server = srv.get();
    const signIn = async () => {
      const { client } = serverClient(server);
      const { data } = await client.auth.signInWithOAuth({
        provider: 'github',
        options: { redirectTo: `${APP_URL}/auth/callback` },
      });
      const location = await throughLocalIdp(data.url!, 'github', {
        identity: 'grace@example.com',
        decision: 'allow',
      });
      const exchanged = await client.auth.exchangeCodeForSession(new URL(location).searchParams.get('code')!);
      expect(exchanged.error).toBeNull();
      return { client, session: exchanged.data.session! };
    };
    const first = await signIn();
    await new MfaUser(
      first.session.user.email!,
      first.session.user.id,
      first.client,
      '127.0.0.1',
    ).enrollVerified();
    const { client, session } = await signIn();
    expect(session.user.factors).toEqual([expect.objectContaining({ status: 'verified' })]);
    expect(amrMethods(session.access_token)).toEqual(['oauth']);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
  });
});

describe('admin factor routes', () => {
  it('lists, renames and deletes a user’s factors; sessions raised with a deleted factor drop to aal1', async () => {
    const user = await mfaUser();
    const factor = await user.enrollVerified('first');
    const admin = adminClient(srv.get());
    const listed = await admin.auth.admin.mfa.listFactors({ userId: user.userId });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors).toEqual([
      expect.objectContaining({
        id: factor.id,
        status: 'verified',
        friendly_name: 'first',
        factor_type: 'totp',
      }),
    ]);

    const renamed = await api(srv.get(), `/admin/users/${user.userId}/factors/${factor.id}`, {
      method: 'PUT',
      token: SECRET_KEY,
      body: { friendly_name: 'renamed' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { id: factor.id, friendly_name: 'renamed' } });

    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: user.userId, id: factor.id });
    expect(deleted.error).toBeNull();
    // The deleted factor, which this supabase-js method wraps once more as `{ data, error }`.
    expect(deleted.data).toMatchObject({
      data: { id: factor.id, status: 'verified', friendly_name: 'renamed' },
    });
    expect((await admin.auth.admin.mfa.listFactors({ userId: user.userId })).data!.factors).toEqual([]);
    const { data: refreshed } = await user.client.auth.refreshSession();
    expect(decodeJwtPart(refreshed.session!.access_token, 1).aal).toBe('aal1');
    expect(amrMethods(refreshed.session!.access_token)).toEqual(['password']);
  });

  it('unknown or malformed users and factors → 404', async () => {
    const user = await mfaUser();
    const { data: mine } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'mine' });
    const stranger = await mfaUser();
    const admin = (method: string, path: string) =>
      api(srv.get(), path, { method, token: SECRET_KEY, body: method === 'GET' ? undefined : {} });
    expect(await admin('GET', '/admin/users/nope/factors')).toMatchObject({
      status: 404,
      body: { code: 'validation_failed', message: 'user_id must be an UUID' },
    });
    expect(await admin('GET', `/admin/users/${crypto.randomUUID()}/factors`)).toMatchObject({
      status: 404,
      body: { code: 'user_not_found' },
    });
    expect(await admin('DELETE', `/admin/users/${user.userId}/factors/nope`)).toMatchObject({
      status: 404,
      body: { code: 'validation_failed', message: 'factor_id must be an UUID' },
    });
    expect(await admin('DELETE', `/admin/users/${stranger.userId}/factors/${mine!.id}`)).toMatchObject({
      status: 404,
      body: { code: 'mfa_factor_not_found' },
    });
    expect(await admin('PUT', `/admin/users/${user.userId}/factors/${crypto.randomUUID()}`)).toMatchObject({
      status: 404,
      body: { code: 'mfa_factor_not_found' },
    });
    expect(
      (await api(srv.get(), `/admin/users/${user.userId}/factors`, { token: await tokenOf(user.client) }))
        .status,
    ).toBe(403);
  });

  it('a rename to a name the user already has → 422 mfa_factor_name_conflict, never a database error', async () => {
    const user = await mfaUser();
    await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'one' });
    const { data: two } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'two' });
    const res = await api(srv.get(), `/admin/users/${user.userId}/factors/${two!.id}`, {
      method: 'PUT',
      token: SECRET_KEY,
      body: { friendly_name: 'one' },
    });
    expect(res).toMatchObject({ status: 422, body: { code: 'mfa_factor_name_conflict' } });
    const bad = await api(srv.get(), `/admin/users/${user.userId}/factors/${two!.id}`, {
      method: 'PUT',
      token: SECRET_KEY,
      body: { friendly_name: 7 },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'bad_json' } });
  });
});

describe('admin soft delete', () => {
  it('removes the user’s factors', async () => {
    const user = await mfaUser();
    await user.enrollVerified();
    const res = await api(srv.get(), `/admin/users/${user.userId}`, {
      method: 'DELETE',
      token: SECRET_KEY,
      body: { should_soft_delete: true },
    });
    expect(res.status).toBe(200);
    expect(
      (await adminClient(srv.get()).auth.admin.mfa.listFactors({ userId: user.userId })).data!.factors,
    ).toEqual([]);
  });
});

describe('[auth.mfa] in config.toml, as the Supabase CLI reads it, and GoTrue’s variables', () => {
  const toml = (text: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mfa-config-')), 'config.toml');
    writeFileSync(file, text);
    return file;
  };
  const noEnv = {} as NodeJS.ProcessEnv;
  const withEnv = (vars: Record<string, string>): NodeJS.ProcessEnv =>
    Object.assign({} as NodeJS.ProcessEnv, vars);

  it('the project enables TOTP and WebAuthn with 10 factors; without the sections both are off, as the CLI’s default', () => {
    expect(loadConfig('supabase/config.toml', noEnv).mfa).toEqual({
      maxEnrolledFactors: 10,
      maxVerifiedFactors: 10,
      challengeExpirySeconds: 300,
      factorExpirySeconds: 300,
      totp: { enrollEnabled: true, verifyEnabled: true },
      webAuthn: { enrollEnabled: true, verifyEnabled: true },
      recoveryCodes: {
        enrollEnabled: true,
        verifyEnabled: true,
        count: 10,
        codeLength: 16,
        maxVerifyAttempts: 5,
        lockoutMs: 900_000,
      },
    });
    expect(loadConfig(toml('[auth]\n'), noEnv).mfa.totp).toEqual({
      enrollEnabled: false,
      verifyEnabled: false,
    });
    expect(loadConfig(toml('[auth]\n'), noEnv).mfa.webAuthn).toEqual({
      enrollEnabled: false,
      verifyEnabled: false,
    });
    expect(loadConfig(toml('[auth]\n'), noEnv).rateLimit.mfaChallengeAndVerify).toBe(15);
  });

  it('GOTRUE_MFA_* variables override the file', () => {
    const env = withEnv({
      GOTRUE_MFA_TOTP_ENROLL_ENABLED: 'false',
      GOTRUE_MFA_TOTP_VERIFY_ENABLED: '0',
      GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED: 'false',
      GOTRUE_MFA_MAX_ENROLLED_FACTORS: '3',
      GOTRUE_MFA_MAX_VERIFIED_FACTORS: '2',
      GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION: '60.5',
      GOTRUE_MFA_FACTOR_EXPIRY_DURATION: '2m',
      GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: '5',
    });
    const config = loadConfig('supabase/config.toml', env);
    expect(config.mfa).toEqual({
      maxEnrolledFactors: 3,
      maxVerifiedFactors: 2,
      challengeExpirySeconds: 60.5,
      factorExpirySeconds: 120,
      totp: { enrollEnabled: false, verifyEnabled: false },
      webAuthn: { enrollEnabled: false, verifyEnabled: true },
      recoveryCodes: {
        enrollEnabled: true,
        verifyEnabled: true,
        count: 10,
        codeLength: 16,
        maxVerifyAttempts: 5,
        lockoutMs: 900_000,
      },
    });
    expect(config.rateLimit.mfaChallengeAndVerify).toBe(5);
    expect(() =>
      loadConfig('supabase/config.toml', withEnv({ GOTRUE_MFA_TOTP_ENROLL_ENABLED: 'yes' })),
    ).toThrow(/GOTRUE_MFA_TOTP_ENROLL_ENABLED/);
    expect(() =>
      loadConfig('supabase/config.toml', withEnv({ GOTRUE_MFA_FACTOR_EXPIRY_DURATION: '5' })),
    ).toThrow(/GOTRUE_MFA_FACTOR_EXPIRY_DURATION/);
  });

  it('refuses what the CLI refuses, phone factors, and WebAuthn factors without a relying party', () => {
    expect(() =>
      loadConfig(toml('[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = false\n'), noEnv),
    ).toThrow('Invalid MFA config: auth.mfa.totp.enroll_enabled requires verify_enabled');
    expect(() =>
      loadConfig(toml('[auth.mfa.phone]\nenroll_enabled = true\nverify_enabled = true\n'), noEnv),
    ).toThrow(/\[auth\.mfa\.phone\]/);
    expect(() => loadConfig(toml('[auth.mfa.web_authn]\nverify_enabled = true\n'), noEnv)).toThrow(
      'config: GOTRUE_WEBAUTHN_RP_ID is required when WebAuthn is enabled',
    );
    expect(() =>
      loadConfig(toml('[auth]\n'), withEnv({ GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED: 'true' })),
    ).toThrow('config: GOTRUE_WEBAUTHN_RP_ID is required when WebAuthn is enabled');
  });
});
