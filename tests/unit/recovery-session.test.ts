import { describe, expect, it } from 'vitest';
import { isRecoveryToken, recoveryToken, recoveryWindowSeconds } from '@/lib/auth/recovery-session';

// The mark a recovery link leaves (lib/auth/recovery-session.ts): only that session, only for the link's lifetime,
// only as the server signed it.

describe('the recovery session mark', () => {
  const secret = 'sb_secret_test';
  const session = '0b9f5a52-1c1f-4c57-9d55-5a5b1c7e0e11';
  const now = 1_800_000_000;

  it('holds for the session it names, until the window ends', () => {
    const token = recoveryToken(secret, session, now);
    expect(isRecoveryToken(secret, token, session, now)).toBe(true);
    expect(isRecoveryToken(secret, token, session, now + recoveryWindowSeconds)).toBe(true);
    expect(isRecoveryToken(secret, token, session, now + recoveryWindowSeconds + 1)).toBe(false);
    expect(isRecoveryToken(secret, token, 'another-session', now)).toBe(false);
    expect(isRecoveryToken(secret, token, undefined, now)).toBe(false);
  });

  it('refuses another key, a moved expiry and malformed values', () => {
    const token = recoveryToken(secret, session, now);
    expect(isRecoveryToken('another secret', token, session, now)).toBe(false);
    const [id, expires, signature] = token.split('.');
    expect(isRecoveryToken(secret, `${id}.${Number(expires) + 3600}.${signature}`, session, now)).toBe(false);
    for (const bad of [undefined, '', session, `${session}..`, `${token}.x`, `${id}.NaN.${signature}`])
      expect(isRecoveryToken(secret, bad, session, now)).toBe(false);
  });
});
