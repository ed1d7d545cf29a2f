'use server';

import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import { reportAuthFailure } from '@/lib/log/auth-errors';
import { actionPath, authErrorState } from '@/lib/auth/auth-error-state';
import { requireCurrentUser, signOutHere } from '@/lib/session/server';
import { deleteAccountSchema } from '@/lib/auth/form-schemas';
import { formAction } from '@/lib/forms/form-action';
import { formLocale } from '@/lib/forms/form-locale';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm } from '@/lib/forms/parse-form';
import { createSupabaseAdminClient } from '@/lib/supabase/admin';

export const signOutOtherDevices = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const current = await requireCurrentUser(locale, '/account#sessions');
  if (!current.user) return authErrorState(current.error, locale);
  const { error } = await current.supabase.auth.signOut({ scope: 'others' });
  if (error) return authErrorState(error, locale);
  const t = await getTranslations({ locale, namespace: 'Account' });
  return { status: 'success', message: t('otherDevicesSignedOut') };
});

/**
 * Ends every session of the user, this one included. When the auth server cannot end them (an error answer, or
 * no answer), supabase-js keeps this device's session and fires no sign-out (2.119): this device is signed out
 * here all the same, and sign-in says the other devices may still be signed in.
 */
export const signOutEverywhere = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const current = await requireCurrentUser(locale, '/account#sessions');
  const { error } = current.user ? await current.supabase.auth.signOut({ scope: 'global' }) : current;
  if (!error)
    return redirect({ href: { pathname: '/sign-in', query: { status: 'signed-out-everywhere' } }, locale });
  reportAuthFailure(error, await actionPath());
  await signOutHere(current.supabase);
  return redirect({ href: { pathname: '/sign-in', query: { status: 'signed-out-here-only' } }, locale });
});

/** Deletes the account with the secret key, on the server, after the user typed the confirmation word. */
export const deleteAccount = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const t = await getTranslations({ locale, namespace: 'Account' });
  const parsed = await parseForm(deleteAccountSchema(t('deleteWord')), formData, locale, ['confirmation']);
  if (!parsed.ok) return parsed.state;
  const values = echoedValues(formData, ['confirmation']);

  const current = await requireCurrentUser(locale, '/account#delete');
  if (!current.user) return authErrorState(current.error, locale, values);
  const { error } = await createSupabaseAdminClient().auth.admin.deleteUser(current.user.id);
  if (error) return authErrorState(error, locale, values);
  // The sessions died with the user; this clears this browser's cookies.
  await signOutHere(current.supabase);
  return redirect({ href: { pathname: '/sign-in', query: { status: 'account-deleted' } }, locale });
});
