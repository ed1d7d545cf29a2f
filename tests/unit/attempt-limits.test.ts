import { describe, expect, it } from 'vitest';
import { type AttemptJudge, type AttemptStore, startAttempt } from '@/lib/auth/attempt-limits';
import {
  deviceCookieKey,
  deviceIdFor,
  lockedUntilIn,
  minutesUntil,
  newDeviceToken,
} from '@/lib/auth/attempt-rules';

// How the app's server takes part in the per-account limits (ASVS 6.3.1): it vouches for browsers with a device
// cookie, reads the lock from the auth server's refusal, and records attempts itself where the auth server does not.
// The rules themselves are the database's (tests/local-supabase/lockout-hooks.test.ts, sign-in-attempts.test.ts).

const key = deviceCookieKey('sb_secret_test');
const wrongPassword = { code: 'invalid_credentials', message: 'Invalid login credentials' };
const lockRefusal = {
  code: 'invalid_credentials',
  message: 'Too many failed attempts for this account. Try again after 2030-01-02T03:04:05Z.',
};

/** A store that remembers its calls and answers `locked` to every check and failure. */
function recordingStore(locked: Date | null = null) {
  const calls: string[] = [];
  const store: AttemptStore = {
    async vouch(kind, account, ip, device) {
      calls.push(`vouch ${kind} ${account} ${ip} ${device}`);
    },
    async check(kind, account, ip) {
      calls.push(`check ${kind} ${account} ${ip}`);
      return locked;
    },
    async record(kind, account, ip, valid) {
      calls.push(`record ${kind} ${account} ${ip} ${valid}`);
      return valid ? null : locked;
    },
  };
  return { store, calls };
}

const start = (store: AttemptStore, judge: AttemptJudge, deviceToken?: string) =>
  startAttempt('password', 'a@example.com', 'a@example.com', {
    store,
    key,
    deviceToken,
    ip: '203.0.113.9',
    judge,
  });

describe('per-account attempt limits (lib/auth/attempt-limits.ts)', () => {
  it('reads the lock’s end from the auth server’s refusal, for passwords and codes alike', () => {
    expect(lockedUntilIn(lockRefusal)).toEqual(new Date('2030-01-02T03:04:05Z'));
    expect(lockedUntilIn({ ...lockRefusal, code: 'mfa_verification_rejected' })).toEqual(
      new Date('2030-01-02T03:04:05Z'),
    );
    expect(lockedUntilIn(wrongPassword)).toBeNull();
    expect(lockedUntilIn({ ...lockRefusal, code: 'over_request_rate_limit' })).toBeNull();
    expect(lockedUntilIn(null)).toBeNull();
  });

  it('with the auth server judging, only vouches for a browser with the device cookie, then reads the refusal', async () => {
    const { store, calls } = recordingStore();
    const plain = await start(store, 'auth server');
    expect(calls).toEqual([]);
    if (plain.refused) throw new Error('not refused before the auth server answers');
    expect(await plain.settle(lockRefusal)).toEqual(new Date('2030-01-02T03:04:05Z'));
    expect(await plain.settle(wrongPassword)).toBeNull();

    const device = newDeviceToken(key, 'A@example.com ');
    await start(store, 'auth server', device);
    expect(calls).toEqual([`vouch password a@example.com 203.0.113.9 ${device.split('.')[0]}`]);
    // A cookie signed for another account or altered vouches for nothing.
    await start(store, 'auth server', newDeviceToken(key, 'b@example.com'));
    await start(store, 'auth server', `${device}x`);
    expect(calls).toHaveLength(1);
  });

  it('with the app judging, checks the lock first and records only wrong guesses and successes', async () => {
    const { store, calls } = recordingStore();
    const attempt = await start(store, 'app');
    if (attempt.refused) throw new Error('not locked');
    expect(await attempt.settle({ code: 'over_request_rate_limit' })).toBeNull();
    expect(await attempt.settle({ code: 'email_not_confirmed' })).toBeNull();
    await attempt.settle(wrongPassword);
    await attempt.settle(null);
    expect(calls).toEqual([
      'check password a@example.com 203.0.113.9',
      'record password a@example.com 203.0.113.9 false',
      'record password a@example.com 203.0.113.9 true',
    ]);
    const until = new Date(Date.now() + 60_000);
    expect(await start(recordingStore(until).store, 'app')).toEqual({ refused: { lockedUntil: until } });
  });

  it('a lock lookup that fails or hangs refuses the guess instead of letting it through', async () => {
    const failing: AttemptStore = {
      vouch: () => Promise.reject(new Error('unreachable')),
      check: () => Promise.reject(new Error('unreachable')),
      record: () => Promise.reject(new Error('unreachable')),
    };
    expect(await start(failing, 'app')).toEqual({ refused: 'unavailable' });
    // A browser that cannot be vouched for is judged as any other: by the account's lock.
    const unvouched = await start(failing, 'auth server', newDeviceToken(key, 'a@example.com'));
    if (unvouched.refused) throw new Error('the auth server judges it');
    expect(await unvouched.settle(lockRefusal)).toEqual(new Date('2030-01-02T03:04:05Z'));
    const hanging: AttemptStore = { ...failing, check: () => new Promise<Date | null>(() => {}) };
    expect(await start(hanging, 'app')).toEqual({ refused: 'unavailable' });
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

  it('tells whole minutes, at least one', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(minutesUntil(new Date('2026-01-01T00:00:01Z'), now)).toBe(1);
    expect(minutesUntil(new Date('2026-01-01T00:02:01Z'), now)).toBe(3);
    expect(minutesUntil(new Date('2025-12-31T00:00:00Z'), now)).toBe(1);
  });
});
