import { authErrorMessage } from '@/lib/log/auth-errors';

/** Why an emailed or OAuth link failed, as the auth error page explains it. */
const linkErrorReasons = ['expired', 'invalid', 'other-browser', 'denied', 'unavailable'] as const;
export type LinkErrorReason = (typeof linkErrorReasons)[number];

export function isLinkErrorReason(value: unknown): value is LinkErrorReason {
  return typeof value === 'string' && (linkErrorReasons as readonly string[]).includes(value);
}

/** From a Supabase error object, or an `error_code` that the auth server put on a redirect. */
export function linkErrorReason(error: unknown): LinkErrorReason {
  const source = typeof error === 'string' ? { code: error } : error;
  if (typeof error === 'string' && error === 'access_denied') return 'denied';
  switch (authErrorMessage(source).key) {
    case 'otpExpired':
    case 'flowStateExpired':
      return 'expired';
    case 'codeVerifierMissing':
      return 'other-browser';
    case 'serviceUnavailable':
      return 'unavailable';
    default:
      return 'invalid';
  }
}
