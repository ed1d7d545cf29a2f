import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportAuthFailure, reportIfUnreachable } from '@/lib/log/auth-errors';
import { logServerError, serverErrorLine } from '@/lib/log/server-log';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** What logServerError printed, one parsed JSON line per call, with NODE_ENV as in production. */
function captured(run: () => void): Record<string, string>[] {
  vi.stubEnv('NODE_ENV', 'production');
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  run();
  return spy.mock.calls.map(([line]) => JSON.parse(String(line)));
}

describe('server log', () => {
  it('writes one JSON line per error with the path, the code and the message', () => {
    const lines = captured(() =>
      logServerError({ path: '/en/account', code: 'auth_unreachable', error: new TypeError('fetch failed') }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      path: '/en/account',
      code: 'auth_unreachable',
      message: 'fetch failed',
    });
    expect(Date.parse(lines[0]!.time!)).not.toBeNaN();
  });

  it('is quiet in tests and when switched off', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    logServerError({ path: '/', code: 'x' });
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('POLYGLOT_LOG', 'off');
    logServerError({ path: '/', code: 'x' });
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps only a message, and a short one', () => {
    expect(
      serverErrorLine({ path: '/', code: 'c', error: { message: 'x'.repeat(1000), token: 'secret' } })
        .message,
    ).toHaveLength(300);
    expect(serverErrorLine({ path: '/', code: 'c', error: 42 })).toEqual({
      level: 'error',
      path: '/',
      code: 'c',
    });
  });
});

describe('auth failures', () => {
  it('logs an unreachable auth server and unknown answers, not the visitor’s own mistakes', () => {
    const lines = captured(() => {
      expect(reportAuthFailure(new AuthRetryableFetchError('fetch failed', 0), '/de/sign-in').key).toBe(
        'serviceUnavailable',
      );
      expect(
        reportAuthFailure(
          new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
          '/de/sign-in',
        ).key,
      ).toBe('invalidCredentials');
      reportAuthFailure(new AuthApiError('boom', 500, 'unexpected_failure'), '/de/account');
      reportAuthFailure(new AuthApiError('new', 422, 'some_new_code'), '/de/account');
    });
    expect(lines.map(({ path, code }) => [path, code])).toEqual([
      ['/de/sign-in', 'auth_unreachable'],
      ['/de/account', 'unexpected_failure'],
      ['/de/account', 'some_new_code'],
    ]);
  });

  it('reading a session logs only an unreachable server', () => {
    const lines = captured(() => {
      expect(reportIfUnreachable(new AuthApiError('Invalid JWT', 403, 'bad_jwt'), '/en/account')).toBe(false);
      expect(reportIfUnreachable(new AuthRetryableFetchError('fetch failed', 0), '/en/account')).toBe(true);
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ path: '/en/account', code: 'auth_unreachable' });
  });
});
