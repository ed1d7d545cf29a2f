import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSupabase, type RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import { adminClient, anonClient, decodeJwtPart, PASSWORD, uniqueEmail } from './helpers.ts';

/** `[auth] signing_keys_path` and the JWKS endpoint (compare internal/api/jwks_test.go, conf/jwk_test.go). */

async function privateJwk(
  alg: 'RS256' | 'ES256',
  keyOps: string[],
): Promise<{ jwk: JWK; privateKey: CryptoKey }> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return {
    privateKey,
    jwk: {
      ...(await exportJWK(privateKey)),
      kid: crypto.randomUUID(),
      alg,
      use: 'sig',
      key_ops: keyOps,
      ext: true,
    },
  };
}

/** A supabase/ folder with config.toml pointing at keys.json, as `supabase gen signing-key` leaves it. */
function projectWith(keys: unknown, extraToml = ''): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-keys-'));
  writeFileSync(path.join(dir, 'keys.json'), JSON.stringify(keys));
  writeFileSync(
    path.join(dir, 'config.toml'),
    `[auth]\nsite_url = "http://localhost:3000"\nsigning_keys_path = "./keys.json"\n${extraToml}`,
  );
  return path.join(dir, 'config.toml');
}

const start = (configPath: string) =>
  startLocalSupabase({ memory: true, port: 0, mailPort: 0, smtpPort: 0, configPath });

describe('signing_keys_path with an RS256 signing key and an ES256 verification key', () => {
  let server: RunningLocalSupabase;
  let rsa: Awaited<ReturnType<typeof privateJwk>>;
  let ec: Awaited<ReturnType<typeof privateJwk>>;
  beforeAll(async () => {
    rsa = await privateJwk('RS256', ['sign', 'verify']);
    ec = await privateJwk('ES256', ['verify']);
    server = await start(projectWith([rsa.jwk, ec.jwk]));
  });
  afterAll(() => server.stop());

  it('signs user tokens with the signing key and its kid; the JWKS serves both public keys', async () => {
    const email = uniqueEmail('rs');
    await adminClient(server).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = anonClient(server);
    const { data } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(decodeJwtPart(data.session!.access_token, 0)).toMatchObject({ alg: 'RS256', kid: rsa.jwk.kid });

    const jwks = (await (await fetch(`${server.authUrl}/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    expect(jwks.keys.map((k) => [k.kid, k.alg, k.key_ops, k.use])).toEqual([
      [rsa.jwk.kid, 'RS256', ['verify'], 'sig'],
      [ec.jwk.kid, 'ES256', ['verify'], 'sig'],
    ]);
    for (const k of jwks.keys)
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(k).not.toHaveProperty(secret);

    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.email).toBe(email);

    // A token from the verification-only key (a key being rotated out) is still accepted.
    const payload = decodeJwtPart(data.session!.access_token, 1);
    const rotated = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', kid: ec.jwk.kid!, typ: 'JWT' })
      .sign(ec.privateKey);
    expect((await client.auth.getUser(rotated)).data.user?.email).toBe(email);
    const unknown = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', kid: 'nope', typ: 'JWT' })
      .sign(ec.privateKey);
    expect((await client.auth.getUser(unknown)).error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});

describe('start-up refuses a signing keys file or a switch it cannot honour', () => {
  it.each([
    ['a missing file', () => Promise.resolve({ keys: 'missing' }), 'failed to read signing keys'],
    [
      'HS256 keys',
      async () => ({ keys: [{ ...(await privateJwk('ES256', ['sign'])).jwk, alg: 'HS256' }] }),
      'must be one of [RS256 ES256]',
    ],
    [
      'no sign key',
      async () => ({ keys: [(await privateJwk('ES256', ['verify'])).jwk] }),
      'no signing key detected',
    ],
    [
      'two sign keys',
      async () => ({
        keys: [(await privateJwk('ES256', ['sign'])).jwk, (await privateJwk('RS256', ['sign'])).jwk],
      }),
      'multiple signing keys detected',
    ],
  ])('%s', async (_, make, message) => {
    const { keys } = await make();
    const configPath = projectWith(keys);
    if (keys === 'missing') writeFileSync(configPath, '[auth]\nsigning_keys_path = "./absent.json"\n');
    await expect(start(configPath)).rejects.toThrow(message);
  });

  it('a feature the server lacks, switched on, stops start-up with the key to turn off', async () => {
    const configPath = projectWith(
      [(await privateJwk('ES256', ['sign'])).jwk],
      '[auth.sms]\nenabled = true\n[auth.oauth_server]\nenabled = true\n',
    );
    await expect(start(configPath)).rejects.toThrow(/\[auth\.sms\] enabled .*\[auth\.oauth_server\] enabled/);
  });
});
