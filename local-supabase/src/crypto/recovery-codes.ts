import { argon2, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * MFA recovery codes as GoTrue 2.197 makes and checks them (internal/crypto/recovery_codes.go): lowercase base32
 * characters, hashed with argon2id (m=19456 KiB, t=1, p=1, 16-byte salt, 32-byte key) in the PHC string format, so a
 * row written by GoTrue verifies here and the other way round.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const MEMORY_KIB = 19456;
const PASSES = 1;
const PARALLELISM = 1;
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export function generateRecoveryCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What a code is hashed as: separators (`-`) and whitespace dropped, lowercase. */
export function normalizeRecoveryCode(input: string): string {
  return input.replace(/[-\s]/gu, '').toLowerCase();
}

function derive(
  code: string,
  nonce: Buffer,
  memory: number,
  passes: number,
  parallelism: number,
  length: number,
) {
  return new Promise<Buffer>((resolve, reject) =>
    argon2(
      'argon2id',
      { message: code, nonce, memory, passes, parallelism, tagLength: length },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashRecoveryCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(code, salt, MEMORY_KIB, PASSES, PARALLELISM, 32);
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${b64(salt)}$${b64(key)}`;
}

/** Whether the code matches the stored hash; a malformed hash (or one asking for absurd cost) never matches. */
export async function recoveryCodeMatches(hash: string, code: string): Promise<boolean> {
  const m = PHC.exec(hash);
  if (!m) return false;
  const [memory, passes, parallelism] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (memory > 1024 * 1024 || passes < 1 || passes > 20 || parallelism < 1 || parallelism > 16) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  if (expected.length < 4) return false;
  const key = await derive(code, Buffer.from(m[4]!, 'base64'), memory, passes, parallelism, expected.length);
  return timingSafeEqual(key, expected);
}
