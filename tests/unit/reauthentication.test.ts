import { describe, expect, it } from 'vitest';
import { authenticatedSince, reauthenticationWindowSeconds } from '@/lib/session/types';

// ASVS 7.5.1: the email address, authenticator apps and passkeys change only in a session whose every factor was
// proven within the window (requireCurrentUser's `fresh`, lib/session/server.ts); this is the test of the token.

describe('authenticatedSince (the amr claim)', () => {
  const now = 1_800_000_000;
  const since = now - reauthenticationWindowSeconds;

  it('holds when every factor of the session was proven within the window', () => {
    expect(authenticatedSince([{ method: 'password', timestamp: now - 60 }], since)).toBe(true);
    expect(
      authenticatedSince(
        [
          { method: 'password', timestamp: since },
          { method: 'totp', timestamp: now },
        ],
        since,
      ),
    ).toBe(true);
  });

  it('fails for an older sign-in, even after a fresh second factor', () => {
    expect(authenticatedSince([{ method: 'password', timestamp: since - 1 }], since)).toBe(false);
    expect(
      authenticatedSince(
        [
          { method: 'totp', timestamp: now },
          { method: 'password', timestamp: now - 3600 },
        ],
        since,
      ),
    ).toBe(false);
  });

  it('fails for a missing or malformed claim', () => {
    for (const amr of [
      undefined,
      null,
      [],
      'password',
      [{ method: 'password' }],
      [null],
      [{ timestamp: '1' }],
    ])
      expect(authenticatedSince(amr, since)).toBe(false);
  });

  it('gives ten minutes', () => {
    expect(reauthenticationWindowSeconds).toBe(600);
  });
});
