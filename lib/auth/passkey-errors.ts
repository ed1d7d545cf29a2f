import type { AuthErrorKey, AuthErrorMessage } from '@/lib/log/auth-errors';

// The outcomes of a passkey ceremony, as keys of the AuthErrors namespace: what the browser's
// navigator.credentials.create/get threw (DOMException names, as @simplewebauthn/browser passes them on), and how
// the auth server's answers read in each ceremony. Runs in the browser and on the server: no runtime imports.

export type PasskeyCeremony = 'registration' | 'authentication';

/** A security key's ceremonies (GoTrue's WebAuthn MFA factor), named as the auth server names them. */
export type SecurityKeyCeremony = 'create' | 'request';

/** The AuthErrors keys a failed ceremony in the browser can end with (the browser holds only these messages). */
export const passkeyBrowserKeys = [
  'passkeyCancelled',
  'passkeyTimedOut',
  'passkeyAlreadyRegistered',
  'passkeyUnsupported',
  'passkeyFailed',
] as const satisfies readonly AuthErrorKey[];

export type PasskeyBrowserKey = (typeof passkeyBrowserKeys)[number];

interface CeremonyTiming {
  /** How long the browser's prompt was open. */
  elapsedMs: number;
  /** The `timeout` of the options the server sent (GoTrue: 300000). */
  timeoutMs?: number;
}

// Browsers report a timeout as NotAllowedError, like a cancel; a prompt that ran this close to its timeout timed out.
const timeoutSlackMs = 2_000;

function field(error: unknown, name: 'name' | 'code'): string | undefined {
  if (!error || typeof error !== 'object' || !(name in error)) return undefined;
  const value = (error as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The message for what navigator.credentials.create/get threw, or null when there is nothing to tell: the
 * ceremony was aborted by the page itself (a newer one replaced it, or the page moved on).
 */
export function passkeyBrowserErrorKey(error: unknown, timing?: CeremonyTiming): PasskeyBrowserKey | null {
  const name = field(error, 'name');
  if (name === 'AbortError' || field(error, 'code') === 'ERROR_CEREMONY_ABORTED') return null;
  switch (name) {
    case 'NotAllowedError':
      // The user closed the prompt, declined, failed user verification, or had no passkey for this site to
      // choose: browsers tell these apart only from the timeout, on purpose.
      if (timing?.timeoutMs && timing.elapsedMs >= timing.timeoutMs - timeoutSlackMs)
        return 'passkeyTimedOut';
      return 'passkeyCancelled';
    case 'InvalidStateError':
      // The authenticator already holds one of the credentials the server excluded: this account's own.
      return 'passkeyAlreadyRegistered';
    case 'NotSupportedError':
    case 'ConstraintError':
      // No authenticator here can make a discoverable credential with one of the offered algorithms.
      return 'passkeyUnsupported';
    default:
      // SecurityError (the site's address does not match the relying party), UnknownError, anything else.
      return 'passkeyFailed';
  }
}

/**
 * How an auth server failure reads in a ceremony: as for any auth call (lib/log/auth-errors.ts), except that on
 * sign-in a passkey or security key the server cannot verify is one it does not know: deleted from the account,
 * or never added on this site (GoTrue gives the one code for both ceremonies). A security key's challenge that ran
 * out has its own words too.
 */
export function passkeyServerMessage(
  message: AuthErrorMessage,
  ceremony: PasskeyCeremony | SecurityKeyCeremony,
): AuthErrorMessage {
  if (message.key === 'passkeyNotVerified' && ceremony === 'authentication') return { key: 'passkeyUnknown' };
  if (message.key === 'passkeyNotVerified' && ceremony === 'request') return { key: 'securityKeyUnknown' };
  if (message.key === 'mfaChallengeExpired' && (ceremony === 'create' || ceremony === 'request'))
    return { key: 'securityKeyExpired' };
  return message;
}
