import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  decodeJwtPart,
  latestMailTo,
  PASSWORD,
  signedInUser,
} from './helpers.ts';
import { b64, type Ceremony, SoftwareAuthenticator } from './software-authenticator.ts';

/**
 * WebAuthn second factors through supabase-js auth.mfa.* against GoTrue's contract (internal/api/mfa.go:
 * enrollWebAuthnFactor, challengeWebAuthnFactor, verifyWebAuthnFactor), with a software authenticator.
 */

const srv = authServerForFile({ projectTemplates: true });

type Json = Record<string, unknown>;
const bytes = (value: unknown) => b64(new Uint8Array(value as ArrayBuffer));

/** supabase-js hands the options over with ArrayBuffers; the authenticator reads them as the JSON the server sent. */
function optionsJson(publicKey: unknown): Json {
  const options = publicKey as Json & { user?: Json; excludeCredentials?: Json[]; allowCredentials?: Json[] };
  const ids = (list: Json[]) => list.map((item) => ({ ...item, id: bytes(item.id) }));
  return {
    ...options,
    challenge: bytes(options.challenge),
    ...(options.user ? { user: { ...options.user, id: bytes(options.user.id) } } : {}),
    ...(options.excludeCredentials ? { excludeCredentials: ids(options.excludeCredentials) } : {}),
    ...(options.allowCredentials ? { allowCredentials: ids(options.allowCredentials) } : {}),
  };
}

/**
 * The authenticator's answer to a factor's challenge, handed to the auth server as the app does: a browser credential
 * that supabase-js serializes through toJSON (as WebAuthn level 3 browsers do).
 */
function verifyKey(
  client: SupabaseClient,
  factorId: string,
  challengeId: string,
  type: 'create' | 'request',
  json: Json,
) {
  return client.auth.mfa.verify({
    factorId,
    challengeId,
    webauthn: { type, rpId: 'localhost', credential_response: { toJSON: () => json } as never },
  });
}

async function challengeOf(client: SupabaseClient, factorId: string) {
  const { data, error } = await client.auth.mfa.challenge({ factorId, webauthn: { rpId: 'localhost' } });
  if (error) throw error;
  return {
    id: data.id,
    type: data.webauthn.type,
    options: optionsJson(data.webauthn.credential_options.publicKey),
  };
}

/** Enroll, challenge, create and verify: the factor is verified and the session at aal2. */
async function enrollKey(
  client: SupabaseClient,
  authenticator: SoftwareAuthenticator,
  friendlyName = 'Security key',
  ceremony: Ceremony = {},
) {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName });
  if (enrolled.error) throw enrolled.error;
  const challenge = await challengeOf(client, enrolled.data.id);
  const verified = await verifyKey(
    client,
    enrolled.data.id,
    challenge.id,
    'create',
    authenticator.create(challenge.options, ceremony),
  );
  return { factorId: enrolled.data.id, challenge, verified };
}

/** A new password sign-in of the user: aal1 with aal2 next. */
async function signInAgain(server: RunningLocalSupabase, email: string): Promise<SupabaseClient> {
  const client = anonClient(server);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

async function tokenOf(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

const amrMethods = async (client: SupabaseClient) =>
  (decodeJwtPart(await tokenOf(client), 1).amr as { method: string }[]).map((e) => e.method);

describe('a security key or passkey as the second factor', () => {
  it('enrolls: bare factor, creation options from the relying party, the credential verified → aal2 with mfa/webauthn', async () => {
    const server = srv.get();
    const { client, email, userId } = await signedInUser(server);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'YubiKey' });
    expect(enrolled).toEqual({
      data: { id: expect.any(String), type: 'webauthn', friendly_name: 'YubiKey' },
      error: null,
    });
    const challenge = await client.auth.mfa.challenge({
      factorId: enrolled.data!.id,
      webauthn: { rpId: 'localhost' },
    });
    expect(challenge.error).toBeNull();
    const data = challenge.data!;
    expect(data).toMatchObject({ id: expect.any(String), type: 'webauthn', expires_at: expect.any(Number) });
    expect(data.webauthn.type).toBe('create');
    const options = optionsJson(data.webauthn.credential_options.publicKey);
    expect(options).toEqual({
      rp: { name: 'Polyglot', id: 'localhost' },
      user: { name: email, displayName: email, id: b64(Buffer.from(userId)) },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      pubKeyCredParams: expect.arrayContaining([{ type: 'public-key', alg: -7 }]),
      timeout: 300000,
      authenticatorSelection: { requireResidentKey: false, userVerification: 'preferred' },
      attestation: 'none',
    });

    const authenticator = new SoftwareAuthenticator(Buffer.from('08987058cadc4b81b6e130de50dcbe96', 'hex'));
    const verified = await verifyKey(
      client,
      enrolled.data!.id,
      data.id,
      'create',
      authenticator.create(options),
    );
    expect(verified.error).toBeNull();
    expect(decodeJwtPart(verified.data!.access_token, 1).aal).toBe('aal2');
    expect(await amrMethods(client)).toEqual(['mfa/webauthn', 'password']);
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors!.all).toEqual([
      expect.objectContaining({
        id: enrolled.data!.id,
        factor_type: 'webauthn',
        status: 'verified',
        friendly_name: 'YubiKey',
        web_authn_aaguid: '08987058-cadc-4b81-b6e1-30de50dcbe96',
      }),
    ]);
    expect(JSON.stringify(factors)).not.toContain('web_authn_credential');
    expect((await latestMailTo(server, email)).Subject).toMatch(/two-factor/i);
  });

  it('a new sign-in is aal1 until the key signs the factor’s challenge; then aal2', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server);
    const authenticator = new SoftwareAuthenticator();
    const { factorId, verified } = await enrollKey(client, authenticator);
    expect(verified.error).toBeNull();

    const other = await signInAgain(server, email);
    const levels = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(levels.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const challenge = await challengeOf(other, factorId);
    expect(challenge.type).toBe('request');
    expect(challenge.options).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      timeout: 300000,
      rpId: 'localhost',
      allowCredentials: [
        { type: 'public-key', id: b64(authenticator.credentials[0]!.id), transports: ['internal', 'hybrid'] },
      ],
      userVerification: 'preferred',
    });
    const signed = await verifyKey(
      other,
      factorId,
      challenge.id,
      'request',
      authenticator.get(challenge.options),
    );
    expect(signed.error).toBeNull();
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect(await amrMethods(other)).toEqual(['mfa/webauthn', 'password']);
    // The challenge was destroyed on use.
    const again = await verifyKey(
      other,
      factorId,
      challenge.id,
      'request',
      authenticator.get(challenge.options),
    );
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
  });

  it('refuses another key, the wrong ceremony and the wrong origin; the challenge stays open for the right key', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server);
    const authenticator = new SoftwareAuthenticator();
    const { factorId } = await enrollKey(client, authenticator);
    const other = await signInAgain(server, email);
    const challenge = await challengeOf(other, factorId);
    const verify = (type: 'create' | 'request', json: Json) =>
      verifyKey(other, factorId, challenge.id, type, json);
    const failed = {
      status: 400,
      code: 'webauthn_verification_failed',
      message: 'Credential verification failed',
    };

    const stranger = new SoftwareAuthenticator();
    stranger.create({ ...challenge.options, user: { id: b64(Buffer.from('x')) } });
    expect((await verify('request', stranger.get(challenge.options))).error).toMatchObject(failed);
    // A new key's creation answer to a sign-in challenge does not pass as the factor.
    const created = new SoftwareAuthenticator().create({
      ...challenge.options,
      user: { id: b64(Buffer.from('x')) },
    });
    expect((await verify('create', created)).error).toMatchObject(failed);
    expect(
      (await verify('request', authenticator.get(challenge.options, { origin: 'https://evil.test' }))).error,
    ).toMatchObject(failed);
    expect((await verify('request', authenticator.get(challenge.options))).error).toBeNull();
  });

  it('a second key excludes the first (as USB or NFC); a verified key is removed at aal2 only', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server);
    const first = new SoftwareAuthenticator();
    const { factorId } = await enrollKey(client, first, 'First');
    const second = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Second' });
    const challenge = await challengeOf(client, second.data!.id);
    expect(challenge.options.excludeCredentials).toEqual([
      { type: 'public-key', id: b64(first.credentials[0]!.id), transports: ['usb', 'nfc'] },
    ]);

    const other = await signInAgain(server, email);
    expect((await other.auth.mfa.unenroll({ factorId })).error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
    });
    expect(
      (await other.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Third' })).error,
    ).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await client.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect(
      (
        await adminClient(server).auth.admin.mfa.listFactors({
          userId: (await client.auth.getUser()).data.user!.id,
        })
      ).data!.factors.map((f) => f.friendly_name),
    ).toEqual(['Second']);
  });

  it('recovery codes can stand beside a key, and the key cannot leave them alone', async () => {
    const { client } = await signedInUser(srv.get());
    const { factorId } = await enrollKey(client, new SoftwareAuthenticator());
    const token = await tokenOf(client);
    expect((await api(srv.get(), '/factors/recovery-codes', { method: 'POST', token })).status).toBe(200);
    expect(await api(srv.get(), `/factors/${factorId}`, { method: 'DELETE', token })).toMatchObject({
      status: 422,
      body: { code: 'mfa_recovery_codes_sole_factor' },
    });
  });
});

describe('verify bodies and switches', () => {
  it('GoTrue’s answers to missing or malformed WebAuthn parameters, never a 500', async () => {
    const server = srv.get();
    const { client } = await signedInUser(server);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'key' });
    const factorId = enrolled.data!.id;
    const challenge = await challengeOf(client, factorId);
    const token = await tokenOf(client);
    const verify = (body: unknown) => api(server, `/factors/${factorId}/verify`, { token, body });
    const invalid = (message: string) => ({ status: 400, body: { code: 'validation_failed', message } });
    expect(await verify({ challenge_id: challenge.id })).toMatchObject(invalid('WebAuthn config required'));
    expect(await verify({ challenge_id: challenge.id, webauthn: { type: 'get' } })).toMatchObject(
      invalid('WebAuthn type must be create or request'),
    );
    expect(await verify({ challenge_id: challenge.id, webauthn: { type: 'create' } })).toMatchObject(
      invalid('credential_response required'),
    );
    for (const credential_response of [
      'x',
      { id: 'not base64!' },
      { id: 'AA', type: 'public-key', response: {} },
    ]) {
      expect(
        await verify({ challenge_id: challenge.id, webauthn: { type: 'create', credential_response } }),
      ).toMatchObject(invalid('Invalid credential_response'));
    }
    expect(
      await verify({ challenge_id: challenge.id, webauthn: { type: 'create', credential_response: null } }),
    ).toMatchObject(invalid('Invalid credential_response'));
    expect(await verify({ challenge_id: challenge.id, webauthn: { type: 1 } })).toMatchObject({
      status: 400,
      body: { code: 'bad_json' },
    });
    expect(await verify({ challenge_id: challenge.id, webauthn: 'create' })).toMatchObject({
      status: 400,
      body: { code: 'bad_json' },
    });
    expect(
      await api(server, `/factors/${factorId}/challenge`, { token, body: { webauthn: [] } }),
    ).toMatchObject({ status: 400, body: { code: 'bad_json' } });
    expect(
      await verify({
        challenge_id: crypto.randomUUID(),
        webauthn: { type: 'create', credential_response: {} },
      }),
    ).toMatchObject({ status: 422, body: { code: 'mfa_factor_not_found' } });
  });

  it('an expired challenge → 422 mfa_challenge_expired', async () => {
    const server = srv.get();
    const { client } = await signedInUser(server);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'key' });
    const challenge = await challengeOf(client, enrolled.data!.id);
    const { mfa } = server.config;
    const before = mfa.challengeExpirySeconds;
    mfa.challengeExpirySeconds = 0;
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const expired = await verifyKey(
        client,
        enrolled.data!.id,
        challenge.id,
        'create',
        new SoftwareAuthenticator().create(challenge.options),
      );
      expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    } finally {
      mfa.challengeExpirySeconds = before;
    }
  });

  it('switched off: enroll → 422 mfa_webauthn_enroll_not_enabled; challenge and verify → 422 not enabled', async () => {
    const server = srv.get();
    const { client } = await signedInUser(server);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'key' });
    const challenge = await challengeOf(client, enrolled.data!.id);
    const { mfa } = server.config;
    const before = { ...mfa.webAuthn };
    mfa.webAuthn = { enrollEnabled: false, verifyEnabled: false };
    try {
      expect(
        (await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'other' })).error,
      ).toMatchObject({
        status: 422,
        code: 'mfa_webauthn_enroll_not_enabled',
        message: 'MFA enroll is disabled for WebAuthn',
      });
      const message = 'MFA verification is disabled for WebAuthn';
      expect(
        (await client.auth.mfa.challenge({ factorId: enrolled.data!.id, webauthn: { rpId: 'localhost' } }))
          .error,
      ).toMatchObject({ status: 422, code: 'mfa_webauthn_verify_not_enabled', message });
      // GoTrue's verify route answers with the enroll code here.
      const verified = await verifyKey(
        client,
        enrolled.data!.id,
        challenge.id,
        'create',
        new SoftwareAuthenticator().create(challenge.options),
      );
      expect(verified.error).toMatchObject({ status: 422, code: 'mfa_webauthn_enroll_not_enabled', message });
    } finally {
      mfa.webAuthn = before;
    }
  });
});
