import { describe, expect, it } from 'vitest';
import { needsRenewal, refreshedSession, tokenExpiry } from '../../bench/lib/auth/fresh-session.ts';
import { portOffset } from '../../bench/lib/ports.ts';

// The benchmark's signed-in session must never reach a measured request within the app's refresh margin (90 s
// before the token expires): the app would refresh it on every request, as the benchmark keeps no cookie.

const token = (claims: object) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.');

describe('needsRenewal', () => {
  const now = 1_800_000_000_000;
  const exp = now / 1000 + 600;

  it('keeps a token whose expiry lies beyond the run and the app refresh margin', () => {
    expect(needsRenewal(token({ exp }), now, 60_000)).toBe(false);
  });

  it('renews a token the app would refresh before the run ends', () => {
    expect(needsRenewal(token({ exp }), now, 600_000 - 90_000)).toBe(true);
    expect(needsRenewal(token({ exp: now / 1000 + 100 }), now, 0)).toBe(false);
    expect(needsRenewal(token({ exp: now / 1000 + 80 }), now, 0)).toBe(true);
  });

  it('renews an expired token and one without a readable expiry', () => {
    expect(needsRenewal(token({ exp: now / 1000 - 1 }), now, 0)).toBe(true);
    expect(needsRenewal(token({ sub: 'x' }), now, 0)).toBe(true);
    expect(needsRenewal('not-a-jwt', now, 0)).toBe(true);
    expect(tokenExpiry('a.%%%.b')).toBeNaN();
  });
});

describe('refreshedSession', () => {
  it('spots the session cookie, chunked or not, among the answer cookies', () => {
    expect(refreshedSession(['sb-127-auth-token=%7B%7D; Path=/; HttpOnly'])).toBe(true);
    expect(refreshedSession(['sb-127-auth-token.0=abc; Path=/'])).toBe(true);
    expect(refreshedSession(['polyglot-hint=Ada; Path=/', 'NEXT_LOCALE=en'])).toBe(false);
    expect(refreshedSession([])).toBe(false);
  });
});

describe('portOffset', () => {
  it('shifts the benchmark ports by hundreds, and refuses anything else', () => {
    expect(portOffset(undefined)).toBe(0);
    expect(portOffset('')).toBe(0);
    expect(portOffset('300')).toBe(300);
    for (const bad of ['10', '-100', '1100', '1e2x', 'abc', '150.5'])
      expect(() => portOffset(bad)).toThrow(/BENCH_PORT_OFFSET/);
  });
});
