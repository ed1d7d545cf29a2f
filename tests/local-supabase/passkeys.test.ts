import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b64, type Ceremony, SoftwareAuthenticator, WINDOWS_HELLO } from './software-authenticator.ts';
import { loadConfig } from '../../local-supabase/src/config/config.ts';
import { type Database, openDatabase } from '../../local-supabase/src/db/database.ts';
import {
  consumeChallenge,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
} from '../../local-supabase/src/auth/store/passkeys.ts';
import { insertUser } from '../../local-supabase/src/auth/store/users.ts';
import {
  adminClient,
  api,
  authServerForFile,
  decodeJwtPart,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  signedInUser,
} from './helpers.ts';
import type { RunningLocalSupabase } from '../../local-supabase/src/server.ts';

/**
 * Passkeys through the real supabase-js (auth.passkey.*, auth.admin.passkey.*) against GoTrue's contract
 * (internal/api/passkey_*.go), with a software authenticator standing in for the browser and the device.
 */

const srv = authServerForFile({ configOverrides: { enableAnonymousSignIns: true } });

const nodeAuth = {
  persistSession: false,
  autoRefreshToken: false,
  detectSessionInUrl: false,
  experimental: { passkey: true },
} as const;
const visitor = (server: RunningLocalSupabase): SupabaseClient =>
  createClient(server.url, PUBLISHABLE_KEY, { auth: nodeAuth });

/** A confirmed user signed in with a password (supabase-js client) and its access token. */
async function member(
  server = srv.get(),
  metadata: Record<string, unknown> = {},
): Promise<{ client: SupabaseClient; userId: string; email: string; token: string }> {
  const { email, userId, client } = await signedInUser(server, metadata);
  const { data } = await client.auth.getSession();
  return { client, userId, email, token: data.session!.access_token };
}

/** Registers a passkey for the client's user; the verify answer. */
async function register(
  client: SupabaseClient,
  authenticator: SoftwareAuthenticator,
  ceremony: Ceremony = {},
) {
  const start = await client.auth.passkey.startRegistration();
  if (start.error) throw start.error;
  const credential = authenticator.create(start.data.options as unknown as Record<string, unknown>, ceremony);
  return client.auth.passkey.verifyRegistration({
    challengeId: start.data.challenge_id,
    credential: credential as never,
  });
}

/** A discoverable sign-in from a fresh browser: options, the authenticator's assertion, verify. */
async function signInWithPasskey(
  server: RunningLocalSupabase,
  authenticator: SoftwareAuthenticator,
  ceremony: Parameters<SoftwareAuthenticator['get']>[1] = {},
) {
  const client = visitor(server);
  const start = await client.auth.passkey.startAuthentication();
  if (start.error) throw start.error;
  const credential = authenticator.get(start.data.options as unknown as Record<string, unknown>, ceremony);
  return {
    client,
    result: await client.auth.passkey.verifyAuthentication({
      challengeId: start.data.challenge_id,
      credential: credential as never,
    }),
  };
}

const errorOf = (result: { error: unknown }) => {
  const error = result.error as { status?: number; code?: string; message?: string } | null;
  return error && { status: error.status, code: error.code, message: error.message };
};

describe('passkeys: register, list, rename, sign in, delete', () => {
  it('walks the whole life of a passkey through supabase-js', async () => {
    const server = srv.get();
    const { client, userId, email } = await member();
    const authenticator = new SoftwareAuthenticator(Buffer.from(WINDOWS_HELLO.replaceAll('-', ''), 'hex'));

    const start = await client.auth.passkey.startRegistration();
    expect(start.error).toBeNull();
    const options = start.data!.options as unknown as Record<string, unknown>;
    // The bare publicKey dictionary, GoTrue's members in go-webauthn's order.
    expect(Object.keys(options)).toEqual([
      'rp',
      'user',
      'challenge',
      'pubKeyCredParams',
      'timeout',
      'authenticatorSelection',
      'attestation',
    ]);
    expect(options).toMatchObject({
      rp: { name: 'Polyglot', id: 'localhost' },
      user: { name: email, displayName: email, id: Buffer.from(userId).toString('base64url') },
      timeout: 300000,
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
    });
    expect(Object.keys(options.user as object)).toEqual(['name', 'displayName', 'id']);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((options.pubKeyCredParams as { alg: number }[]).map((p) => p.alg)).toEqual([
      -7, -35, -36, -257, -258, -259, -37, -38, -39, -8,
    ]);
    expect(start.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 290);
    expect(start.data!.challenge_id).toMatch(/^[0-9a-f-]{36}$/);

    const credential = authenticator.create(options);
    const verified = await client.auth.passkey.verifyRegistration({
      challengeId: start.data!.challenge_id,
      credential: credential as never,
    });
    expect(verified.error).toBeNull();
    expect(Object.keys(verified.data!)).toEqual(['id', 'friendly_name', 'created_at']);
    expect(verified.data!.friendly_name).toBe('Windows Hello');
    const passkeyId = verified.data!.id;

    const listed = await client.auth.passkey.list();
    expect(listed).toMatchObject({
      error: null,
      data: [{ id: passkeyId, friendly_name: 'Windows Hello', created_at: verified.data!.created_at }],
    });
    expect(listed.data![0]).not.toHaveProperty('last_used_at');

    // A second registration excludes the passkey the user already has.
    const again = await client.auth.passkey.startRegistration();
    expect((again.data!.options as unknown as Record<string, unknown>).excludeCredentials).toEqual([
      { type: 'public-key', id: credential.id },
    ]);

    const renamed = await client.auth.passkey.update({ passkeyId, friendlyName: 'Laptop' });
    expect(renamed).toMatchObject({ error: null, data: { id: passkeyId, friendly_name: 'Laptop' } });

    const authStart = await visitor(server).auth.passkey.startAuthentication();
    expect(authStart.error).toBeNull();
    expect(authStart.data!.options).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      timeout: 300000,
      rpId: 'localhost',
      userVerification: 'preferred',
    });

    const { client: browser, result } = await signInWithPasskey(server, authenticator);
    expect(result.error).toBeNull();
    const session = result.data!.session!;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 600, user: { id: userId, email } });
    const claims = decodeJwtPart(session.access_token, 1);
    expect(claims.aal).toBe('aal1');
    expect(claims.amr).toEqual([{ method: 'passkey', timestamp: expect.any(Number) }]);
    // The session is saved by the client and usable.
    const me = await browser.auth.getUser();
    expect(me.data.user?.id).toBe(userId);

    const used = (await client.auth.passkey.list()).data![0]!;
    expect(used.last_used_at).toEqual(expect.any(String));

    // A signature counter that went backwards is not an error (GoTrue ignores clone warnings).
    const regressed = await signInWithPasskey(server, authenticator, { counter: 1 });
    expect(regressed.result.error).toBeNull();

    const deleted = await client.auth.passkey.delete({ passkeyId });
    expect(deleted).toEqual({ data: null, error: null });
    expect((await client.auth.passkey.list()).data).toEqual([]);

    const after = await signInWithPasskey(server, authenticator);
    expect(errorOf(after.result)).toEqual({
      status: 400,
      code: 'webauthn_verification_failed',
      message: 'Credential verification failed',
    });
  });

  it('names an unknown authenticator "Passkey", lists passkeys oldest first, and keeps refresh working', async () => {
    const { client } = await member();
    const authenticator = new SoftwareAuthenticator();
    const first = await register(client, authenticator);
    const second = await register(client, authenticator, { backup: { eligible: true, state: true } });
    expect([first.data?.friendly_name, second.data?.friendly_name]).toEqual(['Passkey', 'Passkey']);
    expect((await client.auth.passkey.list()).data!.map((p) => p.id)).toEqual([
      first.data!.id,
      second.data!.id,
    ]);

    const { client: browser, result } = await signInWithPasskey(srv.get(), authenticator, {
      backup: { eligible: true, state: true },
    });
    expect(result.error).toBeNull();
    const refreshed = await browser.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwtPart(refreshed.data.session!.access_token, 1).amr).toEqual([
      { method: 'passkey', timestamp: expect.any(Number) },
    ]);
  });

  it('shows the user’s name from user_metadata.name as the display name', async () => {
    const { client, email } = await member(srv.get(), { name: 'Ada Lovelace' });
    const { data } = await client.auth.passkey.startRegistration();
    expect((data!.options as unknown as { user: unknown }).user).toMatchObject({
      name: email,
      displayName: 'Ada Lovelace',
    });
  });

  it('lets an admin list and delete a user’s passkeys, whatever the passkey switch says', async () => {
    const server = srv.get();
    const { client, userId } = await member();
    const created = await register(client, new SoftwareAuthenticator());
    const admin = adminClient(server);
    server.config.passkey.enabled = false;
    try {
      const listed = await admin.auth.admin.passkey.listPasskeys({ userId });
      expect(listed).toMatchObject({
        error: null,
        data: [{ id: created.data!.id, friendly_name: 'Passkey' }],
      });
      const wrong = await api(server, `/admin/users/${userId}/passkeys/${crypto.randomUUID()}`, {
        method: 'DELETE',
        token: SECRET_KEY,
      });
      expect([wrong.status, wrong.body]).toEqual([
        404,
        { code: 'validation_failed', message: 'Passkey not found' },
      ]);
      const other = await member();
      const notTheirs = await api(server, `/admin/users/${other.userId}/passkeys/${created.data!.id}`, {
        method: 'DELETE',
        token: SECRET_KEY,
      });
      expect(notTheirs.status).toBe(404);
      expect(await admin.auth.admin.passkey.deletePasskey({ userId, passkeyId: created.data!.id })).toEqual({
        data: null,
        error: null,
      });
      expect((await admin.auth.admin.passkey.listPasskeys({ userId })).data).toEqual([]);
      const badUser = await api(server, '/admin/users/nope/passkeys', { token: SECRET_KEY });
      expect([badUser.status, badUser.body]).toEqual([
        404,
        { code: 'validation_failed', message: 'user_id must be an UUID' },
      ]);
      const noUser = await api(server, `/admin/users/${crypto.randomUUID()}/passkeys`, { token: SECRET_KEY });
      expect([noUser.status, noUser.body]).toEqual([
        404,
        { code: 'user_not_found', message: 'User not found' },
      ]);
    } finally {
      server.config.passkey.enabled = true;
    }
  });

  it('removes a soft-deleted user’s passkeys', async () => {
    const server = srv.get();
    const { client, userId } = await member();
    await register(client, new SoftwareAuthenticator());
    const admin = adminClient(server);
    expect((await admin.auth.admin.deleteUser(userId, true)).error).toBeNull();
    expect((await admin.auth.admin.passkey.listPasskeys({ userId })).data).toEqual([]);
  });
});

describe('with two-factor authentication on, managing passkeys needs aal2 (requirePasskeyManagementAAL)', () => {
  it('add and delete → 403 insufficient_aal at aal1, allowed after the code; list and rename stay open; sign-in gives aal1', async () => {
    const server = srv.get();
    const { client, userId } = await member(server);
    const authenticator = new SoftwareAuthenticator();
    expect(errorOf(await register(client, authenticator))).toBeNull();
    const passkeyId = (await client.auth.passkey.list()).data![0]!.id;

    // Turn on TOTP (this session becomes aal2), then sign in again with the password: aal1, second factor pending.
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const totp = new TOTP({ secret: enrolled.data!.totp.secret });
    expect(
      errorOf(
        await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totp.generate() }),
      ),
    ).toBeNull();
    const { email } = (await client.auth.getUser()).data.user! as { email: string };
    const aal1 = visitor(server);
    expect(errorOf(await aal1.auth.signInWithPassword({ email, password: 'Passw0rdOne' }))).toBeNull();

    const refused = {
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to manage passkeys when MFA is enabled',
    };
    expect(errorOf(await aal1.auth.passkey.startRegistration())).toEqual(refused);
    expect(errorOf(await aal1.auth.passkey.delete({ passkeyId }))).toEqual(refused);
    expect((await aal1.auth.passkey.list()).data).toHaveLength(1);
    expect(errorOf(await aal1.auth.passkey.update({ passkeyId, friendlyName: 'Laptop' }))).toBeNull();

    // A passkey is a first factor only: signing in with it leaves the code owed, as GoTrue does.
    const { client: viaPasskey, result } = await signInWithPasskey(server, authenticator);
    expect(errorOf(result)).toBeNull();
    expect(decodeJwtPart(result.data!.session!.access_token, 1).aal).toBe('aal1');
    expect((await viaPasskey.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    expect(errorOf(await viaPasskey.auth.passkey.startRegistration())).toEqual(refused);

    // The same session after the code (the next time step: codes are single use) may add and delete.
    const stepped = await viaPasskey.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(errorOf(stepped)).toBeNull();
    expect(errorOf(await register(viaPasskey, new SoftwareAuthenticator()))).toBeNull();
    expect(errorOf(await viaPasskey.auth.passkey.delete({ passkeyId }))).toBeNull();
    expect((await adminClient(server).auth.admin.passkey.listPasskeys({ userId })).data).toHaveLength(1);
  });
});

describe('passkey challenges are used once', () => {
  it('a replayed registration or sign-in challenge → 400 webauthn_challenge_not_found', async () => {
    const server = srv.get();
    const { client } = await member();
    const authenticator = new SoftwareAuthenticator();
    const start = await client.auth.passkey.startRegistration();
    const credential = authenticator.create(start.data!.options as unknown as Record<string, unknown>);
    expect(
      (
        await client.auth.passkey.verifyRegistration({
          challengeId: start.data!.challenge_id,
          credential: credential as never,
        })
      ).error,
    ).toBeNull();
    const replay = await client.auth.passkey.verifyRegistration({
      challengeId: start.data!.challenge_id,
      credential: credential as never,
    });
    expect(errorOf(replay)).toEqual({
      status: 400,
      code: 'webauthn_challenge_not_found',
      message: 'Challenge not found or already used',
    });

    const browser = visitor(server);
    const auth = await browser.auth.passkey.startAuthentication();
    const assertion = authenticator.get(auth.data!.options as unknown as Record<string, unknown>);
    expect(
      (
        await browser.auth.passkey.verifyAuthentication({
          challengeId: auth.data!.challenge_id,
          credential: assertion as never,
        })
      ).error,
    ).toBeNull();
    const replayed = await visitor(server).auth.passkey.verifyAuthentication({
      challengeId: auth.data!.challenge_id,
      credential: assertion as never,
    });
    expect(errorOf(replayed)).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
  });

  it('a failed verify uses the challenge up too', async () => {
    const { client } = await member();
    const authenticator = new SoftwareAuthenticator();
    const start = await client.auth.passkey.startRegistration();
    const options = start.data!.options as unknown as Record<string, unknown>;
    const wrong = authenticator.create(options, { origin: 'http://localhost:9999' });
    expect(
      errorOf(
        await client.auth.passkey.verifyRegistration({
          challengeId: start.data!.challenge_id,
          credential: wrong as never,
        }),
      ),
    ).toMatchObject({
      code: 'webauthn_verification_failed',
    });
    const right = authenticator.create(options);
    expect(
      errorOf(
        await client.auth.passkey.verifyRegistration({
          challengeId: start.data!.challenge_id,
          credential: right as never,
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'webauthn_challenge_not_found',
    });
  });

  it('another user’s registration challenge is not found (and stays usable by its owner)', async () => {
    const owner = await member();
    const intruder = await member();
    const authenticator = new SoftwareAuthenticator();
    const start = await owner.client.auth.passkey.startRegistration();
    const credential = authenticator.create(start.data!.options as unknown as Record<string, unknown>);
    const stolen = await intruder.client.auth.passkey.verifyRegistration({
      challengeId: start.data!.challenge_id,
      credential: credential as never,
    });
    expect(errorOf(stolen)).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    expect(
      (
        await owner.client.auth.passkey.verifyRegistration({
          challengeId: start.data!.challenge_id,
          credential: credential as never,
        })
      ).error,
    ).toBeNull();
  });

  describe('with a 1 ms expiry (GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION)', () => {
    const short = authServerForFile({
      env: { ...process.env, GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION: '1ms' },
    });

    it('an expired challenge → 400 webauthn_challenge_expired, and it is gone afterwards', async () => {
      const server = short.get();
      const { client } = await member(server);
      const authenticator = new SoftwareAuthenticator();
      const start = await client.auth.passkey.startRegistration();
      const credential = authenticator.create(start.data!.options as unknown as Record<string, unknown>);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const late = await client.auth.passkey.verifyRegistration({
        challengeId: start.data!.challenge_id,
        credential: credential as never,
      });
      expect(errorOf(late)).toEqual({
        status: 400,
        code: 'webauthn_challenge_expired',
        message: 'Challenge has expired',
      });
      const again = await client.auth.passkey.verifyRegistration({
        challengeId: start.data!.challenge_id,
        credential: credential as never,
      });
      expect(errorOf(again)).toMatchObject({ code: 'webauthn_challenge_not_found' });

      const auth = await visitor(server).auth.passkey.startAuthentication();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const lateSignIn = await visitor(server).auth.passkey.verifyAuthentication({
        challengeId: auth.data!.challenge_id,
        credential: {} as never,
      });
      expect(errorOf(lateSignIn)).toMatchObject({ status: 400, code: 'webauthn_challenge_expired' });
    });
  });
});

describe('a ceremony that does not match → 400 webauthn_verification_failed', () => {
  const failed = {
    status: 400,
    code: 'webauthn_verification_failed',
    message: 'Credential verification failed',
  };

  it('registration from another origin or for another RP id', async () => {
    const { client } = await member();
    const authenticator = new SoftwareAuthenticator();
    expect(errorOf(await register(client, authenticator, { origin: 'https://evil.example' }))).toEqual(
      failed,
    );
    expect(errorOf(await register(client, authenticator, { rpId: 'evil.example' }))).toEqual(failed);
    expect((await client.auth.passkey.list()).data).toEqual([]);
  });

  it('sign-in from another origin, for another RP id, or with a changed backup-eligible flag', async () => {
    const server = srv.get();
    const { client } = await member();
    const authenticator = new SoftwareAuthenticator();
    expect((await register(client, authenticator)).error).toBeNull();
    expect(
      errorOf((await signInWithPasskey(server, authenticator, { origin: 'http://localhost:9999' })).result),
    ).toEqual(failed);
    expect(
      errorOf((await signInWithPasskey(server, authenticator, { rpId: 'evil.example' })).result),
    ).toEqual(failed);
    expect(
      errorOf(
        (await signInWithPasskey(server, authenticator, { backup: { eligible: true, state: false } })).result,
      ),
    ).toEqual(failed);
    expect((await signInWithPasskey(server, authenticator)).result.error).toBeNull();
  });

  it('another user’s credential: a user handle naming someone else, an unknown user, or garbage', async () => {
    const server = srv.get();
    const alice = await member();
    const bob = await member();
    const alicesKeys = new SoftwareAuthenticator();
    const bobsKeys = new SoftwareAuthenticator();
    expect((await register(alice.client, alicesKeys)).error).toBeNull();
    expect((await register(bob.client, bobsKeys)).error).toBeNull();
    const bobHandle = Buffer.from(bob.userId).toString('base64url');
    expect(errorOf((await signInWithPasskey(server, alicesKeys, { userHandle: bobHandle })).result)).toEqual(
      failed,
    );
    const nobody = Buffer.from(crypto.randomUUID()).toString('base64url');
    expect(errorOf((await signInWithPasskey(server, alicesKeys, { userHandle: nobody })).result)).toEqual(
      failed,
    );
    expect(
      errorOf((await signInWithPasskey(server, alicesKeys, { userHandle: 'bm90LWEtdXVpZA' })).result),
    ).toEqual(failed);
    expect(errorOf((await signInWithPasskey(server, alicesKeys, { userHandle: '' })).result)).toEqual(failed);
  });

  it('a credential registered already → 422 webauthn_credential_exists', async () => {
    const alice = await member();
    const bob = await member();
    const authenticator = new SoftwareAuthenticator();
    expect((await register(alice.client, authenticator)).error).toBeNull();
    const start = await bob.client.auth.passkey.startRegistration();
    const copy = authenticator.create(
      start.data!.options as unknown as Record<string, unknown>,
      {},
      authenticator.credentials[0],
    );
    const result = await bob.client.auth.passkey.verifyRegistration({
      challengeId: start.data!.challenge_id,
      credential: copy as never,
    });
    expect(errorOf(result)).toEqual({
      status: 422,
      code: 'webauthn_credential_exists',
      message: 'This credential is already registered',
    });
  });

  it('a banned user cannot sign in with a passkey → 403 user_banned', async () => {
    const server = srv.get();
    const { client, userId } = await member();
    const authenticator = new SoftwareAuthenticator();
    expect((await register(client, authenticator)).error).toBeNull();
    expect(
      (await adminClient(server).auth.admin.updateUserById(userId, { ban_duration: '1h' })).error,
    ).toBeNull();
    expect(errorOf((await signInWithPasskey(server, authenticator)).result)).toEqual({
      status: 403,
      code: 'user_banned',
      message: 'User is banned',
    });
  });
});

/** Parseable client data, but authenticator data (alone, or in an attestation object) too short to hold its header. */
const TRUNCATED = {
  clientDataJSON: b64(
    Buffer.from('{"type":"webauthn.get","challenge":"x","origin":"http://localhost:3000"}'),
  ),
  attestationObject: b64(
    isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(10)],
      ]) as never,
    ),
  ),
  authenticatorData: b64(new Uint8Array(10)),
  signature: 'AAAA',
};

describe('bad requests get GoTrue’s answers, never a 500', () => {
  const verifyPaths = ['/passkeys/registration/verify', '/passkeys/authentication/verify'];

  it.each(verifyPaths)('%s: body, challenge_id and credential checks in GoTrue’s order', async (path) => {
    const server = srv.get();
    const { token } = await member();
    const call = (body: unknown, raw?: string) =>
      api(server, path, { token, ...(raw !== undefined ? { rawBody: raw } : { body }) });
    expect(await call(undefined, '{"challenge_id":')).toMatchObject({
      status: 400,
      body: { code: 'bad_json' },
    });
    expect(await call(undefined, '[]')).toMatchObject({ status: 400, body: { code: 'bad_json' } });
    expect((await call({ challenge_id: 7, credential: {} })).body.message).toMatch(
      /cannot unmarshal number into Go struct field Passkey\w+VerifyParams.challenge_id of type string/,
    );
    expect(await call({})).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'challenge_id is required' },
    });
    expect(await call({ challenge_id: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'credential is required' },
    });
    expect(await call({ challenge_id: 'x', credential: {} })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'challenge_id must be a valid UUID' },
    });
    expect(await call({ challenge_id: crypto.randomUUID(), credential: {} })).toMatchObject({
      status: 400,
      body: { code: 'webauthn_challenge_not_found' },
    });
  });

  it.each([
    ['null', null],
    ['a string', 'nope'],
    ['no id', { type: 'public-key', response: {} }],
    ['a wrong type', { id: 'AAAA', rawId: 'AAAA', type: 'password', response: {} }],
    ['a non-base64url id', { id: '***', rawId: '***', type: 'public-key', response: {} }],
    [
      'an undecodable response',
      {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: {
          clientDataJSON: 'AAAA',
          attestationObject: 'AAAA',
          authenticatorData: 'AAAA',
          signature: 'AAAA',
        },
      },
    ],
    [
      'client data that is not an object',
      {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { ...TRUNCATED, clientDataJSON: b64(Buffer.from('null')) },
      },
    ],
    ['truncated authenticator data', { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: TRUNCATED }],
  ])(
    'a credential that is %s → 400 Invalid credential response (registration and sign-in)',
    async (_, credential) => {
      const server = srv.get();
      const { client, token } = await member();
      const reg = await client.auth.passkey.startRegistration();
      const regResult = await api(server, '/passkeys/registration/verify', {
        token,
        body: { challenge_id: reg.data!.challenge_id, credential },
      });
      expect([regResult.status, regResult.body]).toEqual([
        400,
        { code: 'webauthn_verification_failed', message: 'Invalid credential response' },
      ]);
      const auth = await visitor(server).auth.passkey.startAuthentication();
      const authResult = await api(server, '/passkeys/authentication/verify', {
        body: { challenge_id: auth.data!.challenge_id, credential },
      });
      expect([authResult.status, authResult.body]).toEqual([
        400,
        { code: 'webauthn_verification_failed', message: 'Invalid credential response' },
      ]);
    },
  );

  it('rename: passkey id, body and friendly_name checks (120 bytes at most)', async () => {
    const server = srv.get();
    const { client, token } = await member();
    const { data } = await register(client, new SoftwareAuthenticator());
    const patch = (id: string, body: unknown, raw?: string) =>
      api(server, `/passkeys/${id}`, {
        method: 'PATCH',
        token,
        ...(raw !== undefined ? { rawBody: raw } : { body }),
      });
    const notFound = { code: 'validation_failed', message: 'Passkey not found' };
    expect(await patch('not-a-uuid', { friendly_name: 'x' })).toMatchObject({ status: 404, body: notFound });
    expect(await patch(data!.id, undefined, '{')).toMatchObject({ status: 400, body: { code: 'bad_json' } });
    expect(await patch(data!.id, { friendly_name: 5 })).toMatchObject({
      status: 400,
      body: { code: 'bad_json' },
    });
    expect(await patch(data!.id, {})).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'friendly_name is required' },
    });
    const tooLong = { code: 'validation_failed', message: 'friendly_name must be 120 characters or less' };
    // 41 euro signs are 41 characters but 123 bytes.
    expect(await patch(data!.id, { friendly_name: '€'.repeat(41) })).toMatchObject({
      status: 400,
      body: tooLong,
    });
    expect(await patch(data!.id, { friendly_name: '€'.repeat(40) })).toMatchObject({
      status: 200,
      body: { friendly_name: '€'.repeat(40) },
    });
    expect(await patch(crypto.randomUUID(), { friendly_name: 'x' })).toMatchObject({
      status: 404,
      body: notFound,
    });
    const other = await member();
    expect(
      await api(server, `/passkeys/${data!.id}`, {
        method: 'PATCH',
        token: other.token,
        body: { friendly_name: 'mine' },
      }),
    ).toMatchObject({ status: 404, body: notFound });
  });

  it('delete: a malformed, unknown or someone else’s passkey id → 404 Passkey not found', async () => {
    const server = srv.get();
    const { client } = await member();
    const { data } = await register(client, new SoftwareAuthenticator());
    const other = await member();
    for (const [id, token] of [
      ['nope', other.token],
      [crypto.randomUUID(), other.token],
      [data!.id, other.token],
    ] as const) {
      expect(await api(server, `/passkeys/${id}`, { method: 'DELETE', token })).toMatchObject({
        status: 404,
        body: { code: 'validation_failed', message: 'Passkey not found' },
      });
    }
    expect((await client.auth.passkey.list()).data).toHaveLength(1);
  });

  it('unauthenticated: supabase-js reports a missing session; the API answers 401 no_authorization', async () => {
    const server = srv.get();
    const client = visitor(server);
    expect((await client.auth.passkey.startRegistration()).error?.name).toBe('AuthSessionMissingError');
    const routes: [string, string][] = [
      ['POST', '/passkeys/registration/options'],
      ['POST', '/passkeys/registration/verify'],
      ['GET', '/passkeys'],
      ['PATCH', `/passkeys/${crypto.randomUUID()}`],
      ['DELETE', `/passkeys/${crypto.randomUUID()}`],
    ];
    for (const [method, path] of routes) {
      const res = await api(server, path, {
        method,
        headers: { Authorization: '' },
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 401, 'no_authorization']);
    }
  });

  it('an anonymous user may list but not register passkeys → 403 no_authorization', async () => {
    const client = visitor(srv.get());
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    const refused = {
      status: 403,
      code: 'no_authorization',
      message: 'Anonymous user not allowed to perform these actions',
    };
    expect(errorOf(await client.auth.passkey.startRegistration())).toEqual(refused);
    expect(
      errorOf(
        await client.auth.passkey.verifyRegistration({
          challengeId: crypto.randomUUID(),
          credential: {} as never,
        }),
      ),
    ).toEqual(refused);
    expect(await client.auth.passkey.list()).toEqual({ data: [], error: null });
  });

  it('too many passkeys → 422 too_many_passkeys at options and at verify', async () => {
    const server = srv.get();
    const { client } = await member();
    const authenticator = new SoftwareAuthenticator();
    server.config.passkey.maxPerUser = 1;
    try {
      const pending = await client.auth.passkey.startRegistration();
      expect((await register(client, authenticator)).error).toBeNull();
      const tooMany = {
        status: 422,
        code: 'too_many_passkeys',
        message: 'Maximum number of passkeys reached',
      };
      expect(errorOf(await client.auth.passkey.startRegistration())).toEqual(tooMany);
      const late = authenticator.create(pending.data!.options as unknown as Record<string, unknown>);
      expect(
        errorOf(
          await client.auth.passkey.verifyRegistration({
            challengeId: pending.data!.challenge_id,
            credential: late as never,
          }),
        ),
      ).toEqual(tooMany);
    } finally {
      server.config.passkey.maxPerUser = 10;
    }
  });

  it('passkeys switched off → 404 passkey_disabled on every /passkeys route, before credentials; /settings says so', async () => {
    const server = srv.get();
    expect((await api(server, '/settings')).body.passkeys_enabled).toBe(true);
    server.config.passkey.enabled = false;
    try {
      expect((await api(server, '/settings')).body.passkeys_enabled).toBe(false);
      const disabled = { status: 404, code: 'passkey_disabled', message: 'Passkeys are disabled' };
      expect(errorOf(await visitor(server).auth.passkey.startAuthentication())).toEqual(disabled);
      const routes: [string, string][] = [
        ['POST', '/passkeys/authentication/verify'],
        ['POST', '/passkeys/registration/options'],
        ['GET', '/passkeys'],
        ['GET', '/passkeys/'],
        ['DELETE', '/passkeys/x'],
      ];
      for (const [method, path] of routes) {
        const res = await api(server, path, { method, headers: { Authorization: '' } });
        expect([path, res.status, res.body]).toEqual([
          path,
          404,
          { code: 'passkey_disabled', message: 'Passkeys are disabled' },
        ]);
      }
    } finally {
      server.config.passkey.enabled = true;
    }
  });
});

describe('configuration as the CLI and GoTrue read it', () => {
  const env = (vars: Record<string, string> = {}) => Object.assign({} as NodeJS.ProcessEnv, vars);
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const file = (toml: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'auth-passkey-config-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'config.toml'), toml);
    return path.join(dir, 'config.toml');
  };

  it('reads [auth.passkey] and [auth.webauthn] from the project file: localhost for every app port', () => {
    const config = loadConfig('supabase/config.toml', env());
    expect(config.passkey).toEqual({ enabled: true, maxPerUser: 10 });
    expect(config.webauthn).toEqual({
      rpId: 'localhost',
      rpDisplayName: 'Polyglot',
      rpOrigins: [
        'http://localhost:3000',
        'http://localhost:3001',
        'http://localhost:3002',
        'http://localhost:3100',
      ],
      challengeExpiryMs: 300_000,
    });
    expect(config.rateLimit.passkey).toBe(30);
  });

  it('takes GoTrue’s variables over the file', () => {
    const config = loadConfig(
      'supabase/config.toml',
      env({
        GOTRUE_PASSKEY_ENABLED: 'false',
        GOTRUE_WEBAUTHN_RP_ID: 'example.test',
        GOTRUE_WEBAUTHN_RP_DISPLAY_NAME: 'Other',
        GOTRUE_WEBAUTHN_RP_ORIGINS: 'http://localhost:3400, https://example.test',
        GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION: '90s',
        GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER: '3',
        GOTRUE_RATE_LIMIT_PASSKEY: '7',
      }),
    );
    expect(config.passkey).toEqual({ enabled: false, maxPerUser: 3 });
    expect(config.webauthn).toEqual({
      rpId: 'example.test',
      rpDisplayName: 'Other',
      rpOrigins: ['http://localhost:3400', 'https://example.test'],
      challengeExpiryMs: 90_000,
    });
    expect(config.rateLimit.passkey).toBe(7);
    expect(() => loadConfig('supabase/config.toml', env({ GOTRUE_PASSKEY_ENABLED: 'yes' }))).toThrow(
      /GOTRUE_PASSKEY_ENABLED is not a boolean/,
    );
    expect(() =>
      loadConfig('supabase/config.toml', env({ GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION: '5' })),
    ).toThrow(/not a duration/);
  });

  it('is off without the sections, as the CLI leaves it, and refuses what the CLI refuses', () => {
    expect(loadConfig(file('[auth]\n'), env()).passkey.enabled).toBe(false);
    expect(() => loadConfig(file('[auth.passkey]\nenabled = true\n'), env())).toThrow(
      'config: Missing required config section: auth.webauthn (required when auth.passkey.enabled is true)',
    );
    expect(() =>
      loadConfig(
        file('[auth.passkey]\nenabled = true\n[auth.webauthn]\nrp_origins = ["http://localhost:3000"]\n'),
        env(),
      ),
    ).toThrow('config: Missing required field in config: auth.webauthn.rp_id');
    expect(() =>
      loadConfig(file('[auth.passkey]\nenabled = true\n[auth.webauthn]\nrp_id = "localhost"\n'), env()),
    ).toThrow('config: Missing required field in config: auth.webauthn.rp_origins');
    // Switched on by GoTrue's variable with no relying party: GoTrue would answer 500 on every request; this says why up front.
    expect(() => loadConfig(file('[auth]\n'), env({ GOTRUE_PASSKEY_ENABLED: 'true' }))).toThrow(
      'config: GOTRUE_WEBAUTHN_RP_ID is required when WebAuthn is enabled',
    );
  });
});

describe('passkey storage', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(undefined);
  });
  afterAll(async () => {
    await db.close();
  });
  const newUser = async () => (await insertUser(db.sql, { email: `${crypto.randomUUID()}@example.com` })).id;

  it('a challenge is taken out once, by one of two concurrent verifies', async () => {
    const userId = await newUser();
    const session = { challenge: 'abc', rpId: 'localhost', userVerification: 'preferred' } as const;
    const row = await insertChallenge(db.sql, userId, 'registration', session, new Date(Date.now() + 60_000));
    const taken = await Promise.all([
      consumeChallenge(db.sql, row.id, 'registration', userId),
      consumeChallenge(db.sql, row.id, 'registration', userId),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(taken.find(Boolean)!.session_data).toEqual(session);
    // Wrong owner or wrong ceremony finds nothing.
    const other = await insertChallenge(
      db.sql,
      null,
      'authentication',
      session,
      new Date(Date.now() + 60_000),
    );
    expect(await consumeChallenge(db.sql, other.id, 'authentication', userId)).toBeUndefined();
    expect(await consumeChallenge(db.sql, other.id, 'registration', null)).toBeUndefined();
    expect(await consumeChallenge(db.sql, other.id, 'authentication', null)).toBeDefined();
  });

  it('expired challenges are swept when a new one is stored', async () => {
    const session = { challenge: 'abc', rpId: 'localhost', userVerification: 'preferred' } as const;
    const old = await insertChallenge(db.sql, null, 'authentication', session, new Date(Date.now() - 1000));
    await insertChallenge(db.sql, null, 'authentication', session, new Date(Date.now() + 60_000));
    expect(await consumeChallenge(db.sql, old.id, 'authentication', null)).toBeUndefined();
  });

  it('a sign-in stores last_used_at and a rising counter only', async () => {
    const userId = await newUser();
    const passkey = await insertPasskey(db.sql, {
      user_id: userId,
      credential_id: new Uint8Array([1, 2, 3]),
      public_key: new Uint8Array([4]),
      attestation_type: 'none',
      aaguid: null,
      sign_count: 5,
      transports: ['internal'],
      backup_eligible: false,
      backed_up: false,
      friendly_name: 'Passkey',
    });
    await recordPasskeyUse(db.sql, passkey.id, 9);
    await recordPasskeyUse(db.sql, passkey.id, 2);
    const [stored] = await listPasskeys(db.sql, userId);
    expect(Number(stored!.sign_count)).toBe(9);
    expect(stored!.last_used_at).toBeInstanceOf(Date);
    expect(stored!.transports).toEqual(['internal']);
  });
});
