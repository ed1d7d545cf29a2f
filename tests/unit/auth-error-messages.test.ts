import { readFileSync } from 'node:fs';
import {
  AuthApiError,
  AuthPKCECodeVerifierMissingError,
  AuthRetryableFetchError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { authErrorMessage, isEmailSendLimit, isSessionEnded } from '@/lib/log/auth-errors';
import { linkErrorReason } from '@/lib/auth/link-error-reason';
import { ownEntry } from '@/lib/http/search-param';
import { locales } from '@/i18n/locales';

// The GoTrue error codes a user can meet, each with the key it must map to.
const expected: Array<[string, number, string]> = [
  ['invalid_credentials', 400, 'invalidCredentials'],
  ['email_not_confirmed', 400, 'emailNotConfirmed'],
  ['user_already_exists', 422, 'userAlreadyExists'],
  ['over_email_send_rate_limit', 429, 'overEmailSendRateLimit'],
  ['over_request_rate_limit', 429, 'overRequestRateLimit'],
  ['otp_expired', 403, 'otpExpired'],
  ['flow_state_expired', 422, 'flowStateExpired'],
  ['flow_state_not_found', 404, 'flowStateNotFound'],
  ['same_password', 422, 'samePassword'],
  ['email_address_invalid', 400, 'emailAddressInvalid'],
  ['signup_disabled', 422, 'signupDisabled'],
  ['session_not_found', 403, 'sessionNotFound'],
  ['refresh_token_already_used', 400, 'refreshTokenAlreadyUsed'],
  ['email_exists', 422, 'emailExists'],
  ['validation_failed', 400, 'validationFailed'],
];

function authErrors(locale: string): Record<string, string> {
  const messages = JSON.parse(
    readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'),
  );
  return messages.AuthErrors;
}

describe('authErrorMessage', () => {
  it.each(expected)('maps %s to its own message', (code, status, key) => {
    expect(authErrorMessage(new AuthApiError('server text', status, code))).toEqual({ key });
  });

  it('explains weak passwords by their reasons', () => {
    expect(authErrorMessage(new AuthWeakPasswordError('weak', 422, ['length']))).toEqual({
      key: 'weakPasswordLength',
      values: { min: 8 },
    });
    expect(authErrorMessage(new AuthWeakPasswordError('weak', 422, ['characters']))).toEqual({
      key: 'weakPasswordCharacters',
    });
    expect(authErrorMessage(new AuthWeakPasswordError('weak', 422, ['pwned']))).toEqual({
      key: 'weakPasswordPwned',
    });
    expect(authErrorMessage(new AuthWeakPasswordError('weak', 422, []))).toEqual({ key: 'weakPassword' });
  });

  it('reports an unreachable or failing auth server as unavailable', () => {
    expect(authErrorMessage(new AuthRetryableFetchError('fetch failed', 0))).toEqual({
      key: 'serviceUnavailable',
    });
    expect(authErrorMessage(new AuthApiError('boom', 500, 'unexpected_failure'))).toEqual({
      key: 'serviceUnavailable',
    });
    expect(authErrorMessage(new TypeError('fetch failed'))).toEqual({ key: 'serviceUnavailable' });
  });

  it('falls back to a generic message for unknown codes and non-errors', () => {
    expect(authErrorMessage(new AuthApiError('?', 400, 'something_new'))).toEqual({ key: 'unexpected' });
    expect(authErrorMessage(null)).toEqual({ key: 'unexpected' });
    expect(authErrorMessage('text')).toEqual({ key: 'unexpected' });
  });

  it('has every key it can return in all six locales', () => {
    const keys = new Set([
      ...expected.map(([, , key]) => key),
      'weakPassword',
      'weakPasswordLength',
      'weakPasswordCharacters',
      'weakPasswordPwned',
      'serviceUnavailable',
      'unexpected',
      'codeVerifierMissing',
    ]);
    for (const locale of locales) {
      const messages = authErrors(locale);
      for (const key of keys) expect(messages[key], `${locale}:${key}`).toBeTruthy();
    }
  });
});

describe('isSessionEnded and isEmailSendLimit', () => {
  it('reads GoTrue’s codes for a session it ended, and nothing else', () => {
    for (const code of [
      'session_expired',
      'session_not_found',
      'refresh_token_not_found',
      'refresh_token_already_used',
    ])
      expect(isSessionEnded(new AuthApiError('Invalid Refresh Token', 400, code))).toBe(true);
    expect(isSessionEnded(new AuthApiError('bad', 400, 'validation_failed'))).toBe(false);
    expect(isSessionEnded(new AuthRetryableFetchError('down', 503))).toBe(false);
    expect(isSessionEnded(null)).toBe(false);
  });

  it('reads both email limits, the per-address wait and the hourly cap', () => {
    const wait = 'For security purposes, you can only request this after 4 seconds.';
    expect(isEmailSendLimit(new AuthApiError(wait, 429, 'over_email_send_rate_limit'))).toBe(true);
    expect(
      isEmailSendLimit(new AuthApiError('email rate limit exceeded', 429, 'over_email_send_rate_limit')),
    ).toBe(true);
    expect(isEmailSendLimit(new AuthApiError('slow down', 429, 'over_request_rate_limit'))).toBe(false);
  });
});

describe('linkErrorReason', () => {
  it('tells expired, foreign-browser, unavailable and invalid links apart', () => {
    expect(linkErrorReason(new AuthApiError('x', 403, 'otp_expired'))).toBe('expired');
    expect(linkErrorReason('otp_expired')).toBe('expired');
    expect(linkErrorReason(new AuthApiError('x', 422, 'flow_state_expired'))).toBe('expired');
    expect(linkErrorReason(new AuthPKCECodeVerifierMissingError())).toBe('other-browser');
    expect(linkErrorReason(new AuthRetryableFetchError('down', 0))).toBe('unavailable');
    expect(linkErrorReason(new AuthApiError('x', 404, 'flow_state_not_found'))).toBe('invalid');
    expect(linkErrorReason('access_denied')).toBe('denied');
  });
});

describe('lookups by a value from outside use own keys only', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    '%s names no table entry',
    (name) => {
      expect(ownEntry({ profile: 'profileSaved' }, name)).toBeUndefined();
      expect(authErrorMessage(new AuthApiError('x', 400, name)).key).toBe('unexpected');
    },
  );
  it('finds the own entries', () => {
    expect(ownEntry({ profile: 'profileSaved' }, 'profile')).toBe('profileSaved');
    expect(ownEntry({ profile: 'profileSaved' }, null)).toBeUndefined();
  });
});

it('a wrong or expired reauthentication code has its own message', () => {
  expect(
    authErrorMessage(new AuthApiError('Nonce has expired or is invalid', 422, 'reauthentication_not_valid'))
      .key,
  ).toBe('reauthenticationNotValid');
  expect(
    authErrorMessage(
      new AuthApiError('Password update requires reauthentication', 400, 'reauthentication_needed'),
    ).key,
  ).toBe('reauthenticationNeeded');
});

describe('two-factor errors', () => {
  // GoTrue's codes and statuses (internal/api/mfa.go), each with the message the visitor reads.
  const mfa: Array<[string, number, string]> = [
    ['mfa_verification_failed', 422, 'mfaCodeWrong'],
    ['mfa_challenge_expired', 422, 'mfaChallengeExpired'],
    ['mfa_ip_address_mismatch', 422, 'mfaChallengeExpired'],
    ['mfa_factor_not_found', 404, 'mfaFactorNotFound'],
    ['insufficient_aal', 403, 'insufficientAal'],
    ['insufficient_aal', 422, 'insufficientAal'],
    ['insufficient_aal', 401, 'insufficientAal'], // PUT /user: email or password from an aal1 session
    ['too_many_enrolled_mfa_factors', 422, 'tooManyFactors'],
    ['mfa_factor_name_conflict', 422, 'factorNameConflict'],
    ['mfa_totp_enroll_not_enabled', 422, 'mfaDisabled'],
    ['mfa_totp_verify_not_enabled', 422, 'mfaDisabled'],
    ['mfa_webauthn_enroll_not_enabled', 422, 'mfaDisabled'],
    ['mfa_webauthn_verify_not_enabled', 422, 'mfaDisabled'],
    ['over_request_rate_limit', 429, 'overRequestRateLimit'],
  ];

  it.each(mfa)('maps %s (%i) to %s, in all six locales', (code, status, key) => {
    expect(authErrorMessage(new AuthApiError('server text', status, code))).toEqual({ key });
    for (const locale of locales) expect(authErrors(locale)[key], `${locale}:${key}`).toBeTruthy();
  });

  it('reports an unreachable auth server during a code check as unavailable', () => {
    expect(authErrorMessage(new AuthRetryableFetchError('fetch failed', 0))).toEqual({
      key: 'serviceUnavailable',
    });
    expect(
      authErrorMessage(
        new AuthApiError('Database error verifying MFA TOTP secret', 500, 'unexpected_failure'),
      ),
    ).toEqual({ key: 'serviceUnavailable' });
  });
});

describe('too soon for another email', () => {
  // GoTrue's per-address wait (validateSentWithinFrequencyLimit) names the seconds left; its hourly limit does not.
  const tooSoon = (seconds: number) =>
    new AuthApiError(
      `For security purposes, you can only request this after ${seconds} seconds.`,
      429,
      'over_email_send_rate_limit',
    );

  it('says how many seconds are left', () => {
    expect(authErrorMessage(tooSoon(42))).toEqual({
      key: 'overEmailSendRateLimitWait',
      values: { seconds: 42 },
    });
    // GoTrue rounds down: a moment left still reads as one second.
    expect(authErrorMessage(tooSoon(0))).toEqual({
      key: 'overEmailSendRateLimitWait',
      values: { seconds: 1 },
    });
  });

  it('keeps the message without a time when GoTrue gives none', () => {
    expect(
      authErrorMessage(new AuthApiError('email rate limit exceeded', 429, 'over_email_send_rate_limit')),
    ).toEqual({ key: 'overEmailSendRateLimit' });
  });

  it('words the seconds in all six locales', () => {
    for (const locale of locales) {
      const t = createTranslator({ locale, messages: { AuthErrors: authErrors(locale) } });
      const { key, values } = authErrorMessage(tooSoon(1));
      const one = t(`AuthErrors.${key}`, values);
      const many = t(`AuthErrors.${key}`, authErrorMessage(tooSoon(42)).values);
      expect(one, locale).not.toEqual(many);
      expect(many, locale).toMatch(/42|٤٢/u);
    }
    const en = createTranslator({ locale: 'en', messages: { AuthErrors: authErrors('en') } });
    expect(en('AuthErrors.overEmailSendRateLimitWait', { seconds: 1 })).toBe(
      'We just sent you an email. You can ask for another one in 1 second.',
    );
  });
});
