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

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

const KEY_FILE = 'jwt-signing-key.json';

/**
 * The ES256 key user access tokens are signed with: created on first start and kept in the data folder so tokens
 * survive restarts; in memory mode a new one per process.
 */
export async function loadSigningKey(dataDir: string | undefined): Promise<SigningKey> {
  const file = dataDir ? path.join(dataDir, KEY_FILE) : undefined;
  let privateJwk: JWK;
  if (file && existsSync(file)) {
    privateJwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } else {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateJwk = { ...(await exportJWK(pair.privateKey)), kid: crypto.randomUUID(), alg: 'ES256' };
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(privateJwk, null, 2), { mode: 0o600 });
    }
  }
  const publicPart: JWK = { ...privateJwk };
  delete publicPart.d;
  const publicJwk: JWK = { ...publicPart, use: 'sig', key_ops: ['verify'], ext: true };
  return {
    kid: privateJwk.kid!,
    privateKey: (await importJWK(privateJwk, 'ES256')) as CryptoKey,
    publicKey: (await importJWK({ ...publicPart, ext: true }, 'ES256')) as CryptoKey,
    publicJwk,
  };
}
