import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Per-account limits on guessing (ASVS 6.3.1), after OWASP's "Slow down online guessing attacks with device
// cookies": GoTrue limits per IP only, and an attacker has many IPs. Wrong passwords or codes for one account lock
// it for a short, growing time, except in a browser that holds a device cookie from an earlier full sign-in to
// that account: there the browser has a small limit of its own, so an attacker cannot lock its owner out.

export type AttemptKind = 'password' | 'totp';

export interface AttemptPolicy {
  /** Failures within the window that start a lockout. */
  maxFailures: number;
  windowSeconds: number;
  /** The first lockout; each next one doubles, up to maxLockSeconds. */
  firstLockSeconds: number;
  maxLockSeconds: number;
}

/** The numbers and their reasons: docs/security.md, 6.3.1. */
export const attemptPolicies: Record<AttemptKind, { account: AttemptPolicy; device: AttemptPolicy }> = {
  password: {
    account: { maxFailures: 10, windowSeconds: 15 * 60, firstLockSeconds: 60, maxLockSeconds: 15 * 60 },
    device: { maxFailures: 5, windowSeconds: 15 * 60, firstLockSeconds: 60, maxLockSeconds: 15 * 60 },
  },
  totp: {
    account: { maxFailures: 5, windowSeconds: 15 * 60, firstLockSeconds: 60, maxLockSeconds: 15 * 60 },
    device: { maxFailures: 5, windowSeconds: 15 * 60, firstLockSeconds: 60, maxLockSeconds: 15 * 60 },
  },
};

/** How GoTrue stores an address (lower case, no surrounding spaces), so `A@x.org ` and `a@x.org` are one account. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The row that counts one account's failures of one kind (`account` is the email, or the user id for codes). */
export function accountSubject(kind: AttemptKind, account: string): string {
  return `${kind}:${kind === 'password' ? normalizedEmail(account) : account}`;
}

export function deviceSubject(kind: AttemptKind, deviceId: string): string {
  return `device:${deviceId}:${kind}`;
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
