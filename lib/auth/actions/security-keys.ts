'use server';

import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { z } from 'zod/mini';
import { redirect } from '@/i18n/navigation';
import { isolatedText } from '@/i18n/isolate';
import { rememberDevice } from '@/lib/auth/attempt-limits';
import { privateAction, secondFactorAction } from '@/lib/guard/action';
import { authMessageState } from '@/lib/guard/auth-error-state';
import { withEndSessionsOffer } from '@/lib/auth/end-sessions-offer';
import { firstRecoveryCodes } from '@/lib/auth/first-recovery-codes';
import type { SecurityKeyCeremony } from '@/lib/auth/passkey-errors';
import { ceremonyAnswer, type FactorAnswer, failure, malformedAnswer } from '@/lib/auth/passkey-options';
import { requestedNext } from '@/lib/auth/requested-next';
import { factorNameLength } from '@/lib/auth/two-factor';
import { asFormData, formAction } from '@/lib/forms/form-action';
import { echoedValues, type FormState } from '@/lib/forms/form-state';
import { nextPath } from '@/lib/routes/safe-redirect';
import type { SessionClient } from '@/lib/session/server';
import { verifiedFactors } from '@/lib/session/types';

// Security keys and passkeys as a second factor (GoTrue's WebAuthn MFA factor): the server asks the auth server for
// each challenge and hands it the browser's answer; the browser only runs navigator.credentials.create/get
// (lib/auth/passkey-browser.ts). Every action takes form data, as a crafted call may pass anything.

const accountSection = '/account#two-factor';

/** A challenge ready for the browser's prompt, for one factor. */
export type SecurityKeyOptions<T> =
  { status: 'ready'; factorId: string; challengeId: string; options: T } | FormState;

/** The outcome of adding a key: with the first key, the recovery codes made for it (shown once). */
export type SecurityKeyAddState = FormState & { codes?: string[] };

/** The relying party supabase-js asks for (GoTrue takes its own from its configuration): this site's host name. */
async function rpId(): Promise<string> {
  const host = (await headers()).get('host') ?? 'localhost';
  return URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : 'localhost';
}

/** supabase-js hands the options over with ArrayBuffers (for navigator.credentials); the browser gets base64url. */
function base64url(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString('base64url');
  if (ArrayBuffer.isView(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64url');
  return value;
}

function optionsJson(publicKey: object): Record<string, unknown> {
  const options: Record<string, unknown> = {
    ...publicKey,
    challenge: base64url('challenge' in publicKey ? publicKey.challenge : ''),
  };
  const user = options.user as Record<string, unknown> | undefined;
  if (user) options.user = { ...user, id: base64url(user.id) };
  for (const list of ['excludeCredentials', 'allowCredentials']) {
    const items = options[list];
    if (Array.isArray(items))
      options[list] = items.map((item: Record<string, unknown>) => ({ ...item, id: base64url(item.id) }));
  }
  return options;
}

async function challenge<T>(
  supabase: SessionClient,
  factorId: string,
  locale: Locale,
  ceremony: SecurityKeyCeremony,
  values?: Record<string, string>,
): Promise<SecurityKeyOptions<T>> {
  const { data, error } = await supabase.auth.mfa.challenge({ factorId, webauthn: { rpId: await rpId() } });
  if (error) return failure(error, locale, ceremony, values);
  if (!('webauthn' in data) || data.webauthn.type !== ceremony)
    return authMessageState({ key: 'mfaFactorNotFound' }, locale, values);
  return {
    status: 'ready',
    factorId,
    challengeId: data.id,
    options: optionsJson(data.webauthn.credential_options.publicKey) as T,
  };
}

const factorIdSchema = z.object({ factorId: z.uuid() });

/** The browser's answer to the auth server. supabase-js serializes a credential through its toJSON(); this one is JSON already. */
async function verify(supabase: SessionClient, type: SecurityKeyCeremony, answer: FactorAnswer) {
  const { credential } = answer;
  return supabase.auth.mfa.verify({
    factorId: answer.factorId,
    challengeId: answer.challengeId,
    webauthn: { type, rpId: await rpId(), credential_response: { toJSON: () => credential } as never },
  });
}

/**
 * Step 1 of adding a key: the name checked, a WebAuthn factor enrolled and challenged; the creation options go to
 * the browser. Leftovers of an abandoned enrollment go first (they would count against the limit).
 */
export async function securityKeyEnrollOptions(
  formData: unknown,
): Promise<SecurityKeyOptions<PublicKeyCredentialCreationOptionsJSON>> {
  const form = asFormData(formData);
  const values = echoedValues(form, ['name']);
  const caller = await privateAction(form, accountSection, { values, enrolling: true, fresh: true });
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const raw = form.get('name');
  const name = typeof raw === 'string' ? raw.trim() : '';
  const t = await getTranslations({ locale, namespace: 'SecurityKeys' });
  if (!name) return { status: 'error', fieldErrors: { name: t('nameRequired') }, values };
  if (name.length > factorNameLength) {
    const tv = await getTranslations({ locale, namespace: 'Validation' });
    return { status: 'error', fieldErrors: { name: tv('tooLong', { max: factorNameLength }) }, values };
  }
  for (const factor of user.factors ?? []) {
    if (factor.status !== 'verified') await supabase.auth.mfa.unenroll({ factorId: factor.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: name });
  if (error) return failure(error, locale, 'create', values);
  return challenge(supabase, data.id, locale, 'create', values);
}

/** Step 2: the new credential verifies the factor (and raises this session to aal2). */
export const addSecurityKey = formAction<SecurityKeyAddState>(async (_previous, formData) => {
  const values = echoedValues(formData, ['name']);
  const caller = await privateAction(formData, accountSection, { values, enrolling: true, fresh: true });
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const answer = ceremonyAnswer(formData, 'factor');
  if (!answer) return malformedAnswer(locale, 'create', values);
  const { error } = await verify(supabase, 'create', answer);
  if (error) return failure(error, locale, 'create', values);
  const t = await getTranslations({ locale, namespace: 'SecurityKeys' });
  return withEndSessionsOffer(locale, {
    status: 'success',
    message: t.markup('added', { name: String(formData.get('name') ?? ''), ...isolatedText }),
    codes: await firstRecoveryCodes(supabase, user, locale),
  });
});

/** A key's sign-in options, its factor named by the form, for the caller a guard let through. */
async function requestOptions(
  form: FormData,
  { locale, supabase }: { locale: Locale; supabase: SessionClient },
): Promise<SecurityKeyOptions<PublicKeyCredentialRequestOptionsJSON>> {
  const parsed = factorIdSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return authMessageState({ key: 'mfaFactorNotFound' }, locale);
  return challenge(supabase, parsed.data.factorId, locale, 'request');
}

/** Removing a key asks the key itself first (a fresh proof, as an app's code does): its sign-in options. */
export async function securityKeyProofOptions(
  formData: unknown,
): Promise<SecurityKeyOptions<PublicKeyCredentialRequestOptionsJSON>> {
  const form = asFormData(formData);
  const caller = await privateAction(form, accountSection, { fresh: true });
  if (caller.refused) return caller.refused;
  return requestOptions(form, caller);
}

/** The key's signature, then the factor removed (recovery codes first when nothing else would be left beside them). */
export const removeSecurityKey = formAction(async (_previous, formData) => {
  const caller = await privateAction(formData, accountSection, { fresh: true });
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const answer = ceremonyAnswer(formData, 'factor');
  if (!answer) return malformedAnswer(locale, 'request');
  const verified = await verify(supabase, 'request', answer);
  if (verified.error) return failure(verified.error, locale, 'request');
  const others = verifiedFactors(user.factors).filter(
    (factor) => factor.id !== answer.factorId && (factor.type === 'totp' || factor.type === 'webauthn'),
  );
  if (others.length === 0) {
    const codes = await supabase.auth.mfa.recoveryCodes.unenroll();
    if (codes.error && codes.error.code !== 'mfa_factor_not_found')
      return failure(codes.error, locale, 'request');
  }
  const { error } = await supabase.auth.mfa.unenroll({ factorId: answer.factorId });
  if (error) return failure(error, locale, 'request');
  const t = await getTranslations({ locale, namespace: 'SecurityKeys' });
  return withEndSessionsOffer(locale, { status: 'success', message: t('removed') });
});

/** The code step with a key: the factor's sign-in options, for the session that owes its second factor. */
export async function securityKeySignInOptions(
  formData: unknown,
): Promise<SecurityKeyOptions<PublicKeyCredentialRequestOptionsJSON>> {
  const form = asFormData(formData);
  const caller = await secondFactorAction(form);
  if (caller.refused) return caller.refused;
  return requestOptions(form, caller);
}

/** The key's signature raises this session to aal2; then on to the page the visitor was going to. */
export const verifyWithSecurityKey = formAction(async (_previous, formData) => {
  const caller = await secondFactorAction(formData);
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const answer = ceremonyAnswer(formData, 'factor');
  if (!answer) return malformedAnswer(locale, 'request');
  const next = nextPath(await requestedNext(formData));
  // Already at aal2 (another tab was quicker): nothing to prove.
  if (caller.secondFactorPending) {
    const { error } = await verify(supabase, 'request', answer);
    if (error) return failure(error, locale, 'request');
    await rememberDevice(user.email ?? '');
  }
  return redirect({ href: next, locale });
});
