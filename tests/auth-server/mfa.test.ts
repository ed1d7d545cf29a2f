import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { adminClient, anonClient, api, authServerForFile, decodeJwtPart, PASSWORD, uniqueEmail } from './helpers.ts';

/** MFA with TOTP factors through supabase-js auth.mfa.* and auth.admin.mfa.* (compare GoTrue's internal/api/mfa_test.go). */

const IP_HEADER = 'X-Test-Client-IP';
const srv = authServerForFile({ rateLimitHeader: IP_HEADER });

const STEP_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / STEP_MS);

/** The code of a time step, computed by otpauth from the secret the server gave. */
function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: step * STEP_MS });
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

  /** A code the server accepts now and has not accepted before for this factor (now - 1 … now + 1). */
  nextCode(factorId: string, secret: string): string {
    const step = Math.max(currentStep() - 1, (this.used.get(factorId) ?? -Infinity) + 1);
    if (step > currentStep() + 1) throw new Error('no unused step left in the skew window');
    this.used.set(factorId, step);
    return codeAt(secret, step);
  }

  /** Enroll, challenge and verify: the session becomes aal2. */
  async enrollVerified(friendlyName = 'Phone app'): Promise<{ id: string; secret: string }> {
    const { data, error } = await this.client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
    if (error) throw error;
    const verified = await this.client.auth.mfa.challengeAndVerify({ factorId: data.id, code: this.nextCode(data.id, data.totp.secret) });
    if (verified.error) throw verified.error;
    return { id: data.id, secret: data.totp.secret };
  }
}

let ips = 0;
/** A confirmed user signed in (session stored in its client) from an IP of its own. */
async function mfaUser(): Promise<MfaUser> {
  const server = srv.get();
  const email = uniqueEmail('mfa');
  const { data, error } = await adminClient(server).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  const ip = `10.7.${Math.floor(++ips / 250)}.${ips % 250}`;
  const client = clientFrom(ip);
  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return new MfaUser(email, data.user.id, client, ip);
}

/** A client whose session is stored in memory (getAuthenticatorAssuranceLevel reads it), talking from `ip`. */
function clientFrom(ip: string): SupabaseClient {
  const server = srv.get();
  return anonClient(server, 'implicit', { [IP_HEADER]: ip });
}

const amrMethods = (token: string) => (decodeJwtPart(token, 1).amr as { method: string }[]).map((e) => e.method);

describe('enroll, challenge, verify, unenroll', () => {
  it('enrolls a TOTP factor: raw SVG QR code, 32-character base32 secret, otpauth URI with the site host as issuer', async () => {
    const user = await mfaUser();
    const { data, error } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    // supabase-js prefixes the server's raw SVG once.
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^]*<\/svg>\s*$/);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(
      `otpauth://totp/localhost:3000:${user.email}?algorithm=SHA1&digits=6&issuer=localhost:3000&period=30&secret=${data!.totp.secret}`,
    );
    const { data: user1 } = await user.client.auth.getUser();
    expect(user1.user!.factors).toEqual([
      expect.objectContaining({ id: data!.id, status: 'unverified', friendly_name: 'Phone app', factor_type: 'totp', phone: '', last_challenged_at: null }),
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

    const { data: enrolled } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    const { data: challenge, error: challengeError } = await user.client.auth.mfa.challenge({ factorId: enrolled!.id });
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
    expect(verified!.user.factors).toEqual([expect.objectContaining({ id: enrolled!.id, status: 'verified' })]);

    const after = await user.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(after.data!.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual(['totp', 'password']);

    // The aal1 refresh token is dead; the new one keeps aal2.
    const replay = await api(srv.get(), '/token?grant_type=refresh_token', { body: { refresh_token: oldRefresh } });
    expect(replay.status).toBe(400);
    const { data: refreshed, error: refreshError } = await user.client.auth.refreshSession();
    expect(refreshError).toBeNull();
    expect(decodeJwtPart(refreshed.session!.access_token, 1)).toMatchObject({ aal: 'aal2', session_id: sessionId });
    expect(refreshed.session!.user.factors).toEqual([expect.objectContaining({ status: 'verified' })]);

    // A fresh password sign-in (aal1) learns from its token response alone that aal2 is next.
    const other = clientFrom(user.ip);
    await other.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
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
    expect((await user.client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });
});
