import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { badRequest, WeakPasswordError } from '../errors.ts';
import type { AuthConfig } from '../config/config.ts';
import { isPwnedPassword } from './pwned-passwords.ts';

/**
 * Local-only hashing: async scrypt (off the event loop) with modest cost so 200 parallel sign-ins stay quick on two
 * cores. Parameters are stored with the hash so they can change without breaking old rows.
 */
const N = 1024;
const R = 8;
const P = 1;
const KEY_LEN = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LEN, { N: n, r, p, maxmem: 256 * n * r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `$scrypt$n=${N},r=${R},p=${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const m = /^\$scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(stored ?? '');
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const key = await derive(password, Buffer.from(m[4]!, 'base64'), Number(m[1]), Number(m[2]), Number(m[3]));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** bcrypt (GoTrue's hash) only reads 72 bytes, so GoTrue refuses longer passwords. */
const MAX_PASSWORD_LENGTH = 72;

/** Why a password fails policy (GoTrue's checkPasswordStrength): reasons and the message as GoTrue words them. */
export function passwordWeakness(
  config: AuthConfig,
  password: string,
): { reasons: string[]; message: string } | undefined {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (Buffer.byteLength(password) < config.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${config.minimumPasswordLength} characters.`);
  }
  const sets = config.passwordRequiredCharacters;
  if (sets.some((set) => set !== '' && ![...set].some((c) => password.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  // GoTrue's HIBP check (GOTRUE_PASSWORD_HIBP_ENABLED), against an offline list here (pwned-passwords.ts).
  if (config.passwordHibp && isPwnedPassword(password)) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return reasons.length > 0 ? { reasons, message: messages.join(' ') } : undefined;
}

/** Refuses a new password that is too long for bcrypt or fails policy (422 weak_password with its reasons). */
export function checkPasswordStrength(config: AuthConfig, password: string): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const weakness = passwordWeakness(config, password);
  if (weakness) throw new WeakPasswordError(weakness.message, weakness.reasons);
}
