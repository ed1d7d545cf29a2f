import { describe, expect, it } from 'vitest';
import { type AttemptStore, startAttempt } from '@/lib/auth/attempt-limits';
import {
  accountSubject,
  attemptPolicies,
  type AttemptPolicy,
  deviceCookieKey,
  deviceIdFor,
  minutesUntil,
  newDeviceToken,
} from '@/lib/auth/attempt-rules';

// The per-account limits (ASVS 6.3.1): the rules, and how an attempt is counted, over a store kept in memory here
// (the database's own functions are held by tests/local-supabase/sign-in-attempts.test.ts).

const key = deviceCookieKey('sb_secret_test');
const wrongPassword = { code: 'invalid_credentials', message: 'Invalid login credentials' };

/** The database's arithmetic without its clock: a lockout starts at the max-th failure and doubles. */
function memoryStore(): AttemptStore & { rows: Map<string, { failures: number; lockouts: number }> } {
  const rows = new Map<string, { failures: number; lockouts: number; lockedUntil?: Date }>();
  return {
    rows,
    async lockedUntil(subject) {
      const until = rows.get(subject)?.lockedUntil;
      return until && until > new Date() ? until : null;
    },
    async failed(subject, policy: AttemptPolicy) {
      const row = rows.get(subject) ?? { failures: 0, lockouts: 0 };
      row.failures += 1;
      let until: Date | null = null;
      if (row.failures >= policy.maxFailures) {
        row.lockouts += 1;
        row.failures = 0;
        const seconds = Math.min(policy.firstLockSeconds * 2 ** (row.lockouts - 1), policy.maxLockSeconds);
        until = new Date(Date.now() + seconds * 1000);
        Object.assign(row, { lockedUntil: until });
      }
      rows.set(subject, row);
      return until;
    },
    async succeeded(subject) {
      rows.delete(subject);
    },
  };
}

async function guess(
  store: AttemptStore,
  email: string,
  deviceToken?: string,
  error: unknown = wrongPassword,
) {
  const attempt = await startAttempt('password', email, email, { store, key, deviceToken });
  if (attempt.lockedUntil) return { locked: attempt.lockedUntil };
  return { settled: await attempt.settle(error) };
}

describe('per-account attempt limits (lib/auth/attempt-limits.ts)', () => {
  it('locks the account after the policy’s failures, whatever the case or spaces of the address', async () => {
    const store = memoryStore();
    const { maxFailures } = attemptPolicies.password.account;
    for (let i = 1; i < maxFailures; i++)
      expect(await guess(store, 'Victim@Example.com ')).toEqual({ settled: null });
    const last = await guess(store, 'victim@example.com');
    expect(last.settled).toBeInstanceOf(Date);
    const next = await guess(store, 'VICTIM@example.com');
    expect(next.locked).toEqual(last.settled);
    expect(minutesUntil(next.locked!)).toBe(1);
  });

  it('a browser with a device cookie for the account still signs in during the lockout, counted on its own', async () => {
    const store = memoryStore();
    const email = 'owner@example.com';
    for (let i = 0; i < attemptPolicies.password.account.maxFailures; i++) await guess(store, email);
    expect((await guess(store, email)).locked).toBeInstanceOf(Date);

    const device = newDeviceToken(key, email);
    expect(await guess(store, email, device, null)).toEqual({ settled: null });
    // Its own small limit: wrong passwords from this browser lock this browser only.
    for (let i = 1; i < attemptPolicies.password.device.maxFailures; i++) await guess(store, email, device);
    expect((await guess(store, email, device)).settled).toBeInstanceOf(Date);
    expect((await guess(store, email, device)).locked).toBeInstanceOf(Date);
    expect((await guess(store, email, newDeviceToken(key, email), null)).settled).toBeNull();
  });

  it('a device cookie proves nothing for another account, with another key, or when altered', () => {
    const token = newDeviceToken(key, 'a@example.com');
    expect(deviceIdFor(key, token, 'A@example.com')).toBe(token.split('.')[0]);
    expect(deviceIdFor(key, token, 'b@example.com')).toBeUndefined();
    expect(deviceIdFor(deviceCookieKey('another secret'), token, 'a@example.com')).toBeUndefined();
    const [id, signature] = token.split('.');
    expect(deviceIdFor(key, `${id}.${signature!.slice(1)}x`, 'a@example.com')).toBeUndefined();
    for (const bad of [undefined, '', '.', `${id}`, `${token}.x`, `../${token}`])
      expect(deviceIdFor(key, bad, 'a@example.com')).toBeUndefined();
  });

  it('counts only wrong passwords and codes; a success clears the count', async () => {
    const store = memoryStore();
    const subject = accountSubject('password', 'c@example.com');
    await guess(store, 'c@example.com', undefined, { code: 'over_request_rate_limit' });
    await guess(store, 'c@example.com', undefined, { code: 'email_not_confirmed' });
    expect(store.rows.get(subject)).toBeUndefined();
    await guess(store, 'c@example.com');
    expect(store.rows.get(subject)?.failures).toBe(1);
    await guess(store, 'c@example.com', undefined, null);
    expect(store.rows.get(subject)).toBeUndefined();

    const totp = await startAttempt('totp', 'user-id', 'c@example.com', {
      store,
      key,
      deviceToken: undefined,
    });
    if (totp.lockedUntil) throw new Error('a fresh account is not locked');
    await totp.settle({ code: 'mfa_verification_failed' });
    expect(store.rows.get(accountSubject('totp', 'user-id'))?.failures).toBe(1);
  });

  it('a store that cannot be reached leaves the sign-in to GoTrue’s own limits', async () => {
    const failing: AttemptStore = {
      lockedUntil: () => Promise.reject(new Error('unreachable')),
      failed: () => Promise.reject(new Error('unreachable')),
      succeeded: () => Promise.reject(new Error('unreachable')),
    };
    expect(await guess(failing, 'd@example.com')).toEqual({ settled: null });
  });

  it('tells whole minutes, at least one', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(minutesUntil(new Date('2026-01-01T00:00:01Z'), now)).toBe(1);
    expect(minutesUntil(new Date('2026-01-01T00:02:01Z'), now)).toBe(3);
    expect(minutesUntil(new Date('2025-12-31T00:00:00Z'), now)).toBe(1);
  });
});
