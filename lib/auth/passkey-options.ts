import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Locale } from 'next-intl';
import { actionPath, authMessageState } from '@/lib/auth/auth-error-state';
import { type PasskeyCeremony, passkeyServerMessage } from '@/lib/auth/passkey-errors';
import type { FormState } from '@/lib/forms/form-state';
import { reportAuthFailure } from '@/lib/log/auth-errors';
import { sessionClient } from '@/lib/session/server';

// Node runtime: the auth server's challenges for a passkey prompt, as the browser gets them (or the localized reason
// why not), for the passkey actions (lib/auth/actions/passkeys.ts) and the sign-in challenge's route handler.

/** A challenge from the auth server, ready for the browser's prompt; it is good until `expiresAt` (unix s). */
export type PasskeyOptions<T> =
  { status: 'ready'; challengeId: string; options: T; expiresAt: number } | FormState;

type CeremonyOptions = { challenge_id: string; options: unknown; expires_at: number };

export function ready<T>({ challenge_id, options, expires_at }: CeremonyOptions): PasskeyOptions<T> {
  return { status: 'ready', challengeId: challenge_id, options: options as T, expiresAt: expires_at };
}

/** The auth server's refusal (or silence), logged and said in the form's language. */
export async function failure(
  error: unknown,
  locale: Locale,
  ceremony: PasskeyCeremony,
  values?: Record<string, string>,
): Promise<FormState> {
  return authMessageState(
    passkeyServerMessage(reportAuthFailure(error, await actionPath()), ceremony),
    locale,
    values,
  );
}

/** Step 1 of signing in with a passkey: a challenge any of this site's passkeys can answer (no session needed). */
export async function passkeySignInOptions(
  locale: Locale,
): Promise<PasskeyOptions<PublicKeyCredentialRequestOptionsJSON>> {
  const supabase = await sessionClient();
  const { data, error } = await supabase.auth.passkey.startAuthentication();
  if (error) return failure(error, locale, 'authentication');
  return ready(data);
}
