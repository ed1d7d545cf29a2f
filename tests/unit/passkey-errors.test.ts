import { readFileSync } from 'node:fs';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { authErrorMessage } from '@/lib/log/auth-errors';
import { passkeyBrowserErrorKey, passkeyBrowserKeys, passkeyServerMessage } from '@/lib/auth/passkey-errors';

// DOMExceptions as navigator.credentials.create/get throw them, and as @simplewebauthn/browser passes them on.
const domException = (name: string) => new DOMException('browser text', name);
const wrapped = (name: string, code: ConstructorParameters<typeof WebAuthnError>[0]['code']) =>
  new WebAuthnError({ message: 'library text', code, cause: domException(name) });

describe('passkeyBrowserErrorKey: what the browser threw', () => {
  it.each([
    ['NotAllowedError', 'passkeyCancelled'],
    ['InvalidStateError', 'passkeyAlreadyRegistered'],
    ['NotSupportedError', 'passkeyUnsupported'],
    ['ConstraintError', 'passkeyUnsupported'],
    ['SecurityError', 'passkeyFailed'],
    ['UnknownError', 'passkeyFailed'],
  ])('%s → %s, bare or wrapped by @simplewebauthn/browser', (name, key) => {
    expect(passkeyBrowserErrorKey(domException(name))).toBe(key);
    expect(passkeyBrowserErrorKey(wrapped(name, 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'))).toBe(key);
  });

  it('tells a timeout from a cancel by how long the prompt was open', () => {
    const error = wrapped('NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY');
    expect(passkeyBrowserErrorKey(error, { elapsedMs: 4_000, timeoutMs: 300_000 })).toBe('passkeyCancelled');
    expect(passkeyBrowserErrorKey(error, { elapsedMs: 299_500, timeoutMs: 300_000 })).toBe('passkeyTimedOut');
    expect(passkeyBrowserErrorKey(error, { elapsedMs: 301_000, timeoutMs: 300_000 })).toBe('passkeyTimedOut');
    // Autofill requests have no timeout: a NotAllowedError there is never one.
    expect(passkeyBrowserErrorKey(error, { elapsedMs: 900_000 })).toBe('passkeyCancelled');
  });

  it('has nothing to say when the page itself aborted the prompt', () => {
    expect(passkeyBrowserErrorKey(wrapped('AbortError', 'ERROR_CEREMONY_ABORTED'))).toBeNull();
    expect(passkeyBrowserErrorKey(domException('AbortError'))).toBeNull();
  });

  it('reads anything else as a failure, never as a crash', () => {
    expect(passkeyBrowserErrorKey(new Error('WebAuthn is not supported in this browser'))).toBe(
      'passkeyFailed',
    );
    expect(passkeyBrowserErrorKey(null)).toBe('passkeyFailed');
    expect(passkeyBrowserErrorKey('text')).toBe('passkeyFailed');
    expect(passkeyBrowserErrorKey({ name: 42 })).toBe('passkeyFailed');
  });
});

describe('the auth server’s passkey answers (GoTrue internal/api/passkey_*.go)', () => {
  const answer = (status: number, code: string) =>
    authErrorMessage(new AuthApiError('server text', status, code));

  it.each([
    [404, 'passkey_disabled', 'passkeyDisabled'],
    [422, 'too_many_passkeys', 'tooManyPasskeys'],
    [422, 'webauthn_credential_exists', 'passkeyAlreadyRegistered'],
    [400, 'webauthn_challenge_expired', 'passkeyTimedOut'],
    [400, 'webauthn_challenge_not_found', 'passkeyTimedOut'],
    [403, 'insufficient_aal', 'insufficientAal'],
    [429, 'over_request_rate_limit', 'overRequestRateLimit'],
  ])('%i %s → %s in both ceremonies', (status, code, key) => {
    expect(passkeyServerMessage(answer(status, code), 'registration')).toEqual({ key });
    expect(passkeyServerMessage(answer(status, code), 'authentication')).toEqual({ key });
  });

  it('a failed verification is an unknown passkey on sign-in, an unverified one when adding', () => {
    const failed = answer(400, 'webauthn_verification_failed');
    expect(passkeyServerMessage(failed, 'authentication')).toEqual({ key: 'passkeyUnknown' });
    expect(passkeyServerMessage(failed, 'registration')).toEqual({ key: 'passkeyNotVerified' });
  });

  it('a security key (WebAuthn MFA factor) that fails to sign is unknown; its expired challenge has its own words', () => {
    const failed = answer(400, 'webauthn_verification_failed');
    expect(passkeyServerMessage(failed, 'request')).toEqual({ key: 'securityKeyUnknown' });
    expect(passkeyServerMessage(failed, 'create')).toEqual({ key: 'passkeyNotVerified' });
    const expired = answer(422, 'mfa_challenge_expired');
    expect(passkeyServerMessage(expired, 'create')).toEqual({ key: 'securityKeyExpired' });
    expect(passkeyServerMessage(expired, 'request')).toEqual({ key: 'securityKeyExpired' });
  });

  it('an unreachable auth server is unavailable, whatever the ceremony', () => {
    const unreachable = authErrorMessage(new AuthRetryableFetchError('fetch failed', 0));
    expect(passkeyServerMessage(unreachable, 'authentication')).toEqual({ key: 'serviceUnavailable' });
    expect(passkeyServerMessage(unreachable, 'registration')).toEqual({ key: 'serviceUnavailable' });
  });
});

describe('every passkey outcome has its message in all six locales', () => {
  const keys = [
    ...passkeyBrowserKeys,
    'passkeyUnknown',
    'passkeyNotVerified',
    'passkeyDisabled',
    'tooManyPasskeys',
    'insufficientAal',
  ];
  it.each(locales)('%s', (locale) => {
    const messages = JSON.parse(
      readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'),
    );
    for (const key of keys) expect(messages.AuthErrors[key], `${locale}:${key}`).toBeTruthy();
  });
});
