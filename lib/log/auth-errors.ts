import { logServerError } from './server-log';
import { passwordPolicy } from '@/lib/forms/password-policy';
import { ownEntry } from '@/lib/http/search-param';

// The one place that turns Supabase Auth errors into messages of the AuthErrors namespace.
const keyByCode = {
  invalid_credentials: 'invalidCredentials',
  email_not_confirmed: 'emailNotConfirmed',
  user_already_exists: 'userAlreadyExists',
  email_exists: 'emailExists',
  weak_password: 'weakPassword',
  over_email_send_rate_limit: 'overEmailSendRateLimit',
  over_request_rate_limit: 'overRequestRateLimit',
  otp_expired: 'otpExpired',
  flow_state_expired: 'flowStateExpired',
  flow_state_not_found: 'flowStateNotFound',
  bad_code_verifier: 'flowStateNotFound',
  pkce_code_verifier_not_found: 'codeVerifierMissing',
  same_password: 'samePassword',
  email_address_invalid: 'emailAddressInvalid',
  email_address_not_authorized: 'emailAddressInvalid',
  signup_disabled: 'signupDisabled',
  otp_disabled: 'otpDisabled',
  email_provider_disabled: 'providerDisabled',
  provider_disabled: 'providerDisabled',
  session_not_found: 'sessionNotFound',
  session_expired: 'sessionNotFound',
  refresh_token_not_found: 'sessionNotFound',
  refresh_token_already_used: 'refreshTokenAlreadyUsed',
  bad_jwt: 'sessionNotFound',
  no_authorization: 'sessionNotFound',
  user_not_found: 'userNotFound',
  user_banned: 'userBanned',
  reauthentication_needed: 'reauthenticationNeeded',
  reauthentication_not_valid: 'reauthenticationNotValid',
  validation_failed: 'validationFailed',
  // Passkeys (GoTrue's internal/api/passkey_*.go). On sign-in a failed verification means a passkey this site does
  // not know (lib/auth/passkey-errors.ts says so there); a used or expired challenge means the ceremony took too long.
  passkey_disabled: 'passkeyDisabled',
  too_many_passkeys: 'tooManyPasskeys',
  webauthn_credential_exists: 'passkeyAlreadyRegistered',
  webauthn_verification_failed: 'passkeyNotVerified',
  webauthn_challenge_expired: 'passkeyTimedOut',
  webauthn_challenge_not_found: 'passkeyTimedOut',
  // Two-factor codes (GoTrue's mfa.go). A used challenge answers mfa_ip_address_mismatch: the code must be asked again.
  mfa_verification_failed: 'mfaCodeWrong',
  // update_password_require_current_password (internal/api/user.go).
  current_password_required: 'currentPasswordRequired',
  current_password_invalid: 'currentPasswordWrong',
  mfa_challenge_expired: 'mfaChallengeExpired',
  mfa_ip_address_mismatch: 'mfaChallengeExpired',
  mfa_factor_not_found: 'mfaFactorNotFound',
  insufficient_aal: 'insufficientAal',
  too_many_enrolled_mfa_factors: 'tooManyFactors',
  mfa_factor_name_conflict: 'factorNameConflict',
  mfa_totp_enroll_not_enabled: 'mfaDisabled',
  mfa_totp_verify_not_enabled: 'mfaDisabled',
  mfa_webauthn_enroll_not_enabled: 'mfaDisabled',
  mfa_webauthn_verify_not_enabled: 'mfaDisabled',
} as const satisfies Record<string, string>;

export type AuthErrorKey =
  | (typeof keyByCode)[keyof typeof keyByCode]
  | 'weakPasswordLength'
  | 'weakPasswordCharacters'
  | 'weakPasswordPwned'
  | 'overEmailSendRateLimitWait'
  // The app's own per-account limit on guesses (lib/auth/attempt-limits.ts).
  | 'tooManyAttempts'
  // Outcomes of the browser's passkey ceremony (lib/auth/passkey-errors.ts).
  | 'passkeyCancelled'
  | 'passkeyUnsupported'
  | 'passkeyFailed'
  | 'passkeyUnknown'
  // A security key as the second factor (lib/auth/actions/security-keys.ts): a key the factor does not know, and
  // a challenge that expired while the prompt was open.
  | 'securityKeyUnknown'
  | 'securityKeyExpired'
  | 'serviceUnavailable'
  | 'unexpected';

export interface AuthErrorMessage {
  key: AuthErrorKey;
  values?: Record<string, number>;
}

interface AuthErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  reasons?: unknown;
}

function isUnreachable(error: AuthErrorShape): boolean {
  // supabase-js reports network failures and 5xx answers as retryable; a bare fetch TypeError is the same
  // thing, and so is the TimeoutError of an auth call that ran out of its budget (lib/supabase/auth-fetch.ts).
  if (error.name === 'AuthRetryableFetchError' || error.name === 'TimeoutError' || error instanceof TypeError)
    return true;
  return typeof error.status === 'number' && error.status >= 500;
}

function weakPasswordMessage(reasons: unknown): AuthErrorMessage {
  const list = Array.isArray(reasons) ? reasons : [];
  if (list.includes('length'))
    return { key: 'weakPasswordLength', values: { min: passwordPolicy.minLength } };
  if (list.includes('characters')) return { key: 'weakPasswordCharacters' };
  if (list.includes('pwned')) return { key: 'weakPasswordPwned' };
  return { key: 'weakPassword' };
}

/**
 * GoTrue's wait between two emails to one address says how long is left ("For security purposes, you can only
 * request this after 42 seconds."); its hourly limit on all emails does not ("email rate limit exceeded").
 */
function emailRateLimitMessage(message: unknown): AuthErrorMessage {
  const seconds =
    typeof message === 'string' ? /\bafter (\d{1,6}) seconds?\b/u.exec(message)?.[1] : undefined;
  // GoTrue rounds down: "after 0 seconds" still means a moment, so at least one.
  if (seconds)
    return { key: 'overEmailSendRateLimitWait', values: { seconds: Math.max(1, Number(seconds)) } };
  return { key: 'overEmailSendRateLimit' };
}

// How GoTrue refuses a session it has ended (internal/tokens/service.go, internal/api/auth.go): timebox or
// inactivity (`session_expired`), signed out or revoked (`session_not_found`, `refresh_token_not_found`), a reused
// refresh token past its grace period, which revokes the session (`refresh_token_already_used`).
const sessionEndedCodes: ReadonlySet<unknown> = new Set([
  'session_expired',
  'session_not_found',
  'refresh_token_not_found',
  'refresh_token_already_used',
]);

/** The error's GoTrue code, whatever was thrown. */
const codeOf = (error: unknown): unknown =>
  error && typeof error === 'object' ? (error as AuthErrorShape).code : undefined;

/** Whether the auth server refused a session because it has ended (sign-in then says so). */
export function isSessionEnded(error: unknown): boolean {
  return sessionEndedCodes.has(codeOf(error));
}

/**
 * GoTrue sends mail only to addresses it knows, so only they meet its email limits (the wait between two emails to
 * one address, the hourly cap): a form that says "we sent it" for an unknown address must say the same here, or
 * its answer to a second try within the minute tells who has an account. The mail of that minute is on its way.
 */
export function isEmailSendLimit(error: unknown): boolean {
  return codeOf(error) === 'over_email_send_rate_limit';
}

/** A wrong password or second-factor code: what the per-account limits count (lib/auth/attempt-limits.ts). */
export function isWrongGuess(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === 'invalid_credentials' ||
    code === 'mfa_verification_failed' ||
    code === 'current_password_invalid'
  );
}

export function authErrorMessage(error: unknown): AuthErrorMessage {
  if (!error || typeof error !== 'object') return { key: 'unexpected' };
  const shape = error as AuthErrorShape;
  if (isUnreachable(shape)) return { key: 'serviceUnavailable' };
  if (shape.code === 'weak_password') return weakPasswordMessage(shape.reasons);
  if (shape.code === 'over_email_send_rate_limit') return emailRateLimitMessage(shape.message);
  return {
    key: ownEntry(keyByCode, typeof shape.code === 'string' ? shape.code : undefined) ?? 'unexpected',
  };
}

function logAuthError(error: unknown, { key }: AuthErrorMessage, path: string): void {
  const code =
    error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
      ? error.code
      : undefined;
  logServerError({
    path,
    code: code ?? (key === 'serviceUnavailable' ? 'auth_unreachable' : 'auth_unexpected'),
    error,
  });
}

/**
 * Logs an auth failure that is not the user's doing (the auth server unreachable, or an answer we do not know),
 * with Supabase's error code where it gave one, and returns the message to show.
 */
export function reportAuthFailure(error: unknown, path: string): AuthErrorMessage {
  const message = authErrorMessage(error);
  if (message.key === 'serviceUnavailable' || message.key === 'unexpected')
    logAuthError(error, message, path);
  return message;
}

/**
 * For reading a session, where any other failure (an expired, ended or forged session) simply means signed out:
 * logs the error and answers true only when the auth server could not be reached.
 */
export function reportIfUnreachable(error: unknown, path: string): boolean {
  const message = authErrorMessage(error);
  if (message.key !== 'serviceUnavailable') return false;
  logAuthError(error, message, path);
  return true;
}
