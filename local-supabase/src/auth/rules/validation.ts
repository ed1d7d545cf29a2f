import type { Pkce } from '../store/flow-state.ts';
import { badRequest } from '../../errors.ts';

/** The format check GoTrue uses (badoux/checkmail ValidateFormat). */
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, ≤ 255 chars, valid format; returns it lowercased. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue's validatePhone: one leading `+` and spaces dropped, then E.164 digits; returns the normalised number. */
export function validatePhone(phone: string): string {
  const digits = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(digits))
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return digits;
}

export const isEmail = (email: string): boolean => email.length <= 255 && EMAIL_FORMAT.test(email);

/** Narrows a request string to one of a declared list of literal values. */
export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

export const isUuid = (s: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** GoTrue's validatePKCEParams: both or neither; challenge 43-128 chars of [a-zA-Z._~0-9-]; method s256 or plain. */
export function validatePkce(challenge: string, method: string): Pkce | undefined {
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return undefined;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain')
    throw badRequest('validation_failed', 'code challenge method not supported');
  return { codeChallenge: challenge, codeChallengeMethod: lower };
}
