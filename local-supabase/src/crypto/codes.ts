import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** The codes GoTrue hands out and checks: email OTPs and their token hashes, refresh tokens, PKCE challenges. */

/** A numeric OTP of the configured length (GoTrue's crypto.GenerateOtp). */
export function generateOtp(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** GoTrue's token hash: hex sha224 of address + OTP; PKCE flows prefix it with `pkce_`. */
export function tokenHash(address: string, otp: string, pkce = false): string {
  const hash = createHash('sha224')
    .update(address + otp)
    .digest('hex');
  return pkce ? `pkce_${hash}` : hash;
}

/** Whether a stored token column holds this hash, with or without the PKCE prefix. */
export function storedHashMatches(stored: string, hash: string): boolean {
  return stored !== '' && (stored === hash || stored === `pkce_${hash}`);
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** GoTrue's legacy refresh token format: 12 lowercase base32 characters. */
export function newRefreshToken(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += BASE32[randomInt(32)];
  return out;
}

export type PkceMethod = 's256' | 'plain';

/** Whether a PKCE code verifier answers the stored challenge (RFC 7636), compared in constant time. */
export function pkceVerifierMatches(method: PkceMethod, challenge: string, verifier: string): boolean {
  const expected = Buffer.from(
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier,
  );
  const stored = Buffer.from(challenge);
  return expected.length === stored.length && timingSafeEqual(expected, stored);
}
