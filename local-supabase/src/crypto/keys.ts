import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';

/** The Supabase CLI's well-known local keys (apps/cli-go/pkg/config/apikeys.go); never valid anywhere else. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export const HS256_SECRET = new TextEncoder().encode(LOCAL_JWT_SECRET);

/** GoTrue's JWT keys: the one that signs user tokens, and every configured key's public half by kid. */
export interface SigningKey {
  kid: string;
  alg: SigningAlg;
  privateKey: CryptoKey;
  /** For verification: each key's algorithm and public key (the signing key's included). */
  publicKeys: ReadonlyMap<string, { alg: SigningAlg; key: CryptoKey }>;
  /** What /.well-known/jwks.json serves. */
  publicJwks: JWK[];
}

/** The algorithms the CLI accepts in a signing keys file (pkg/config Algorithm). */
const SIGNING_ALGS = ['RS256', 'ES256'] as const;
export type SigningAlg = (typeof SIGNING_ALGS)[number];

const KEY_FILE = 'jwt-signing-key.json';

/**
 * The keys user access tokens are signed with. `[auth] signing_keys_path` names a JSON array of private JWKs (as
 * `supabase gen signing-key` writes it) with exactly one `sign` key; without it, an ES256 key is created on first start
 * and kept in the data folder so tokens survive restarts (in memory mode a new one per process).
 */
export async function loadSigningKey(dataDir: string | undefined, keysFile?: string): Promise<SigningKey> {
  if (keysFile) return keysFromJwks(readKeysFile(keysFile));
  const file = dataDir ? path.join(dataDir, KEY_FILE) : undefined;
  let privateJwk: JWK;
  if (file && existsSync(file)) {
    privateJwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } else {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateJwk = {
      ...(await exportJWK(pair.privateKey)),
      kid: crypto.randomUUID(),
      alg: 'ES256',
      key_ops: ['sign', 'verify'],
    };
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(privateJwk, null, 2), { mode: 0o600 });
    }
  }
  return keysFromJwks([{ key_ops: ['sign', 'verify'], ...privateJwk }]);
}

/** Reads and checks the file as the CLI's config loader and GoTrue's JwtKeysDecoder do; failures stop start-up. */
function readKeysFile(keysFile: string): JWK[] {
  const fail = (why: string) => new Error(`config: [auth] signing_keys_path ${keysFile}: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(keysFile, 'utf8'));
  } catch (err) {
    throw fail(`failed to read signing keys: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Array.isArray(parsed) || parsed.some((k) => !k || typeof k !== 'object')) {
    throw fail('failed to decode signing keys: expected a JSON array of JWKs');
  }
  const keys = parsed as JWK[];
  for (const k of keys) {
    if (!(SIGNING_ALGS as readonly unknown[]).includes(k.alg)) {
      throw fail(`failed to decode signing keys: alg ${JSON.stringify(k.alg)} must be one of [RS256 ES256]`);
    }
    if (!k.kid) throw fail('failed to decode signing keys: every key needs a kid');
  }
  const signing = keys.filter((k) => k.key_ops?.includes('sign'));
  if (signing.length === 0) throw fail('no signing key detected');
  if (signing.length > 1) throw fail('multiple signing keys detected, only 1 signing key is supported');
  if (!signing[0]!.d) throw fail('the signing key has no private part ("d")');
  return keys;
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

/** Imports the keys; the public halves keep their members with key_ops ["verify"] and use "sig" (GoTrue's jwks.go). */
async function keysFromJwks(jwks: JWK[]): Promise<SigningKey> {
  const publicKeys = new Map<string, { alg: SigningAlg; key: CryptoKey }>();
  const publicJwks: JWK[] = [];
  let signing: { kid: string; alg: SigningAlg; privateKey: CryptoKey } | undefined;
  for (const jwk of jwks) {
    const alg = jwk.alg as SigningAlg;
    const publicPart: JWK = { ...jwk };
    for (const member of PRIVATE_MEMBERS) delete publicPart[member];
    const publicJwk: JWK = { ...publicPart, use: 'sig', key_ops: ['verify'], ext: true };
    publicKeys.set(jwk.kid!, {
      alg,
      key: (await importJWK({ ...publicPart, key_ops: ['verify'], ext: true }, alg)) as CryptoKey,
    });
    publicJwks.push(publicJwk);
    if (jwk.key_ops?.includes('sign')) {
      signing = {
        kid: jwk.kid!,
        alg,
        privateKey: (await importJWK({ ...jwk, key_ops: ['sign'] }, alg)) as CryptoKey,
      };
    }
  }
  return { ...signing!, publicKeys, publicJwks };
}
