import { describe, expect, it } from 'vitest';
import { readEnv } from '@/lib/env/env';
import { authenticatedSince } from '@/lib/session/types';

// ASVS 7.5.1: the email address, authenticator apps and passkeys change only in a session whose every factor was
// proven within the window (requireCurrentUser's `fresh`, lib/session/server.ts); this is the test of the token.

describe('authenticatedSince (the amr claim)', () => {
  const now = 1_800_000_000;
  const since = now - 600;

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

  it('gives ten minutes unless REAUTHENTICATION_WINDOW_SECONDS says otherwise', () => {
    expect(readEnv({}).reauthenticationWindowSeconds).toBe(600);
    expect(readEnv({ REAUTHENTICATION_WINDOW_SECONDS: '120' }).reauthenticationWindowSeconds).toBe(120);
    for (const bad of ['0', '-5', '10m', '1e3'])
      expect(() => readEnv({ REAUTHENTICATION_WINDOW_SECONDS: bad })).toThrow(
        'REAUTHENTICATION_WINDOW_SECONDS',
      );
  });
});
