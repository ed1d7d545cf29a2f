import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Locale } from 'next-intl';
import { z } from 'zod/mini';
import { actionPath, authMessageState } from '@/lib/auth/auth-error-state';
import {
  type PasskeyCeremony,
  passkeyServerMessage,
  type SecurityKeyCeremony,
} from '@/lib/auth/passkey-errors';
import type { FormState } from '@/lib/forms/form-state';
import { reportAuthFailure } from '@/lib/log/auth-errors';
import { sessionClient } from '@/lib/session/server';

// Node runtime: the auth server's challenges for a passkey prompt, as the browser gets them (or the localized reason
// why not), and the browser's answer as a form posts it back, for the passkey and security key actions
// (lib/auth/actions/passkeys.ts, security-keys.ts) and the sign-in challenge's route handler.

/** A challenge from the auth server, ready for the browser's prompt; it is good until `expiresAt` (unix s). */
export type PasskeyOptions<T> =
  { status: 'ready'; challengeId: string; options: T; expiresAt: number } | FormState;

type CeremonyOptions = { challenge_id: string; options: unknown; expires_at: number };

export function ready<T>({ challenge_id, options, expires_at }: CeremonyOptions): PasskeyOptions<T> {
  return { status: 'ready', challengeId: challenge_id, options: options as T, expiresAt: expires_at };
}

/** The auth server's refusal (or silence), logged and said in the form's language. One helper for both ceremonies. */
export async function failure(
  error: unknown,
  locale: Locale,
  ceremony: PasskeyCeremony | SecurityKeyCeremony,
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

// What the browser's prompt produced, passed through to the auth server, which checks every part of it; a security
// key's answer also names its factor (GoTrue's WebAuthn MFA factor).
const answerSchema = z.object({ challengeId: z.uuid(), credential: z.string().check(z.maxLength(64_000)) });
const factorAnswerSchema = z.extend(answerSchema, { factorId: z.uuid() });

/** The challenge and the browser's answer: the credential as the browser made it, a JSON object. */
export type CeremonyAnswer<Credential extends object = object> = {
  challengeId: string;
  credential: Credential;
};
export type FactorAnswer = CeremonyAnswer & { factorId: string };

/**
 * The one parser of a ceremony's answer, for passkeys and security keys (`'factor'`): null when a crafted call sent
 * a malformed id or anything but a JSON object. The credential's members are the auth server's to check.
 */
export function ceremonyAnswer<Credential extends object = object>(
  formData: FormData,
): CeremonyAnswer<Credential> | null;
export function ceremonyAnswer(formData: FormData, factor: 'factor'): FactorAnswer | null;
export function ceremonyAnswer(formData: FormData, factor?: 'factor'): CeremonyAnswer | FactorAnswer | null {
  const parsed = (factor ? factorAnswerSchema : answerSchema).safeParse(Object.fromEntries(formData));
  if (!parsed.success) return null;
  let credential: unknown;
  try {
    credential = JSON.parse(parsed.data.credential);
  } catch {
    // Not JSON: refused like any other malformed field.
    return null;
  }
  if (!credential || typeof credential !== 'object' || Array.isArray(credential)) return null;
  return { ...parsed.data, credential };
}

/** A malformed answer (a crafted call: the page always sends it whole) gets what a failed verification gets. */
export function malformedAnswer(
  locale: Locale,
  ceremony: PasskeyCeremony | SecurityKeyCeremony,
  values?: Record<string, string>,
): Promise<FormState> {
  return authMessageState(passkeyServerMessage({ key: 'passkeyNotVerified' }, ceremony), locale, values);
}
