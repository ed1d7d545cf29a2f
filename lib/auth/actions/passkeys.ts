'use server';

import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { VerifyPasskeyAuthenticationParams } from '@supabase/supabase-js';
import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { withEndSessionsOffer } from '@/lib/auth/end-sessions-offer';
import { refresh } from 'next/cache';
import { z } from 'zod/mini';
import { isolatedText } from '@/i18n/isolate';
import { redirectAfterSignIn } from '@/lib/auth/after-sign-in';
import { authMessageState } from '@/lib/guard/auth-error-state';
import { passkeyNameSchema, renamePasskeySchema } from '@/lib/auth/form-schemas';
import {
  ceremonyAnswer,
  failure,
  malformedAnswer,
  type PasskeyOptions,
  ready,
} from '@/lib/auth/passkey-options';
import { asFormData, formAction } from '@/lib/forms/form-action';
import { echoedValues, type FormState } from '@/lib/forms/form-state';
import { parseForm } from '@/lib/forms/parse-form';
import { privateAction, publicAction } from '@/lib/guard/action';
import { sessionClient } from '@/lib/session/server';

// The server half of passkeys: options from the auth server and the browser's answer back to it, with the
// visitor's session from the HttpOnly cookies. The browser only runs navigator.credentials.create/get
// (lib/auth/passkey-browser.ts). Every action takes form data, as a crafted call may pass anything.

/** The browser's credential, typed as supabase-js takes it (either ceremony's). */
type Credential = VerifyPasskeyAuthenticationParams['credential'];

async function passkeyMessage(locale: Locale, key: 'added' | 'renamed', name: string): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'Passkeys' });
  return { status: 'success', message: t.markup(key, { name, ...isolatedText }) };
}

/**
 * Step 1 of adding a passkey: the auth server's creation options for the signed-in user. The name is checked
 * first, so that a name the server would refuse never costs a prompt (and a credential left on the device). Like
 * deleting one, it needs the second factor when the user has one (GoTrue's requirePasskeyManagementAAL).
 */
export async function passkeyRegistrationOptions(
  formData: unknown,
): Promise<PasskeyOptions<PublicKeyCredentialCreationOptionsJSON>> {
  const form = asFormData(formData);
  const values = echoedValues(form, ['name']);
  const caller = await privateAction(form, '/account#passkeys', { values, enrolling: true, fresh: true });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const parsed = await parseForm(passkeyNameSchema, form, locale, ['name']);
  if (!parsed.ok) return parsed.state;
  const { data, error } = await supabase.auth.passkey.startRegistration();
  if (error) return failure(error, locale, 'registration', values);
  return ready(data);
}

/** Step 2 of adding a passkey: the new credential to the auth server, then the name the visitor chose. */
export const addPasskey = formAction(async (_previous, formData) => {
  const values = echoedValues(formData, ['name']);
  const caller = await privateAction(formData, '/account#passkeys', { values, enrolling: true, fresh: true });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const parsed = await parseForm(passkeyNameSchema, formData, locale, ['name']);
  if (!parsed.ok) return parsed.state;
  const ceremony = ceremonyAnswer<Credential>(formData);
  if (!ceremony) return malformedAnswer(locale, 'registration', values);

  const { data, error } = await supabase.auth.passkey.verifyRegistration(ceremony);
  if (error) return failure(error, locale, 'registration', values);
  refresh();
  if (data.friendly_name !== parsed.data.name) {
    // The passkey exists from here on, under the auth server's name for it; the list shows which.
    const renamed = await supabase.auth.passkey.update({
      passkeyId: data.id,
      friendlyName: parsed.data.name,
    });
    if (renamed.error) return failure(renamed.error, locale, 'registration', values);
  }
  return withEndSessionsOffer(locale, await passkeyMessage(locale, 'added', parsed.data.name));
});

export const renamePasskey = formAction(async (_previous, formData) => {
  const caller = await privateAction(formData, '/account#passkeys', {
    values: echoedValues(formData, ['name']),
  });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const parsed = await parseForm(renamePasskeySchema, formData, locale, ['name']);
  if (!parsed.ok) return parsed.state;
  const { error } = await supabase.auth.passkey.update({
    passkeyId: parsed.data.id,
    friendlyName: parsed.data.name,
  });
  if (error) return failure(error, locale, 'registration', { name: parsed.data.name });
  refresh();
  return passkeyMessage(locale, 'renamed', parsed.data.name);
});

const passkeyIdSchema = z.object({ id: z.uuid() });

export const deletePasskey = formAction(async (_previous, formData) => {
  const caller = await privateAction(formData, '/account#passkeys', { fresh: true });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const parsed = passkeyIdSchema.safeParse(Object.fromEntries(formData));
  // Only a crafted call sends no passkey: the answer is the auth server's for a passkey it does not have.
  if (!parsed.success) return authMessageState({ key: 'validationFailed' }, locale);
  const { error } = await supabase.auth.passkey.delete({ passkeyId: parsed.data.id });
  if (error) return failure(error, locale, 'registration');
  refresh();
  const t = await getTranslations({ locale, namespace: 'Passkeys' });
  return withEndSessionsOffer(locale, { status: 'success', message: t('deleted') });
});

/**
 * Step 2: the passkey's signature to the auth server. Its session lands in the same HttpOnly cookies as a
 * password sign-in, and the visitor goes where a password sign-in would send them.
 */
export const signInWithPasskey = formAction(async (_previous, formData) => {
  const { locale } = publicAction(formData);
  const ceremony = ceremonyAnswer<Credential>(formData);
  if (!ceremony) return malformedAnswer(locale, 'authentication');
  const supabase = await sessionClient();
  const { data, error } = await supabase.auth.passkey.verifyAuthentication(ceremony);
  if (error) return failure(error, locale, 'authentication');
  return redirectAfterSignIn(supabase, data.user, locale, formData);
});
