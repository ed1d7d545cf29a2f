import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Per-account limits on guessing (ASVS 6.3.1), after OWASP's "Slow down online guessing attacks with device
// cookies". The auth server keeps them (its hooks, supabase/migrations/*_sign_in_attempt_hooks.sql, where the
// numbers live): wrong passwords or codes for one account lock it for a short, growing time, except in a browser that
// holds a device cookie from an earlier full sign-in to that account, which the app's server vouches for.

export type AttemptKind = 'password' | 'totp';

/** How GoTrue stores an address (lower case, no surrounding spaces), so `A@x.org ` and `a@x.org` are one account. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The key the device cookies are signed with, derived from a server secret (never the secret itself). */
export function deviceCookieKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('polyglot device cookie v1').digest();
}

function mac(key: Buffer, deviceId: string, email: string): string {
  return createHmac('sha256', key)
    .update(`${deviceId}\n${normalizedEmail(email)}`)
    .digest('base64url');
}

/** A new device cookie's value for a full sign-in to `email`: a random device id and its signature. */
export function newDeviceToken(key: Buffer, email: string): string {
  const deviceId = randomBytes(16).toString('base64url');
  return `${deviceId}.${mac(key, deviceId, email)}`;
}

/** The device id of a cookie value signed for `email`, or undefined for anything else. */
export function deviceIdFor(key: Buffer, token: string | undefined, email: string): string | undefined {
  const [deviceId, signature, ...rest] = token?.split('.') ?? [];
  if (!deviceId || !signature || rest.length > 0 || !/^[\w-]{22}$/.test(deviceId)) return undefined;
  const expected = Buffer.from(mac(key, deviceId, email));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
}

/** Whole minutes until `until` (at least 1), for "try again in … minutes". */
export function minutesUntil(until: Date, now: Date = new Date()): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** The lockout's refusal (private.sign_in_locked_message): its English message ends with the lock's end in UTC. */
const lockMessage = /Try again after (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\.$/;

/**
 * When the lock ends that the auth server refused this attempt for: GoTrue answers the password hook's rejection as
 * `invalid_credentials` and the code hook's as `mfa_verification_rejected`, with the hook's message. Null otherwise.
 */
export function lockedUntilIn(error: unknown): Date | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== 'invalid_credentials' && code !== 'mfa_verification_rejected') return null;
  const until = typeof message === 'string' ? lockMessage.exec(message)?.[1] : undefined;
  return until ? new Date(until) : null;
}
