'use server';

import { refresh } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { isolatedText } from '@/i18n/isolate';
import { lockedState, refusedState, startSignInAttempt } from '@/lib/auth/attempt-limits';
import { authErrorState } from '@/lib/guard/auth-error-state';
import { privateAction } from '@/lib/guard/action';
import { changeEmailSchema, changePasswordSchema } from '@/lib/auth/form-schemas';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { formAction } from '@/lib/forms/form-action';
import { echoedValues, type FormState } from '@/lib/forms/form-state';
import { parseForm, parseNewPasswordForm } from '@/lib/forms/parse-form';

/** The new address only replaces the old one once it is confirmed (its link or its code). */
export const changeEmail = formAction(async (_previous, formData) => {
  const values = echoedValues(formData, ['email']);
  const caller = await privateAction(formData, '/account#email', { values, fresh: true });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const parsed = await parseForm(changeEmailSchema, formData, locale, ['email']);
  if (!parsed.ok) return parsed.state;

  const { error } = await supabase.auth.updateUser(
    { email: parsed.data.email },
    { emailRedirectTo: authRedirectUrl(locale, '/auth/confirm', '/account?updated=email') },
  );
  if (error) return authErrorState(error, locale, values);
  // The page shows a code field for each address that was mailed one.
  refresh();
  const t = await getTranslations({ locale, namespace: 'Account' });
  return {
    status: 'success',
    message: t.markup('emailChangeSent', { email: parsed.data.email, ...isolatedText }),
  };
});

/**
 * With `secure_password_change`, the auth server asks sessions older than 24 hours for proof (GoTrue's
 * reauthentication): it answers `reauthentication_needed`, we have it email a code (`GET /reauthenticate`), and the
 * form comes back with a code field; the code goes along as `nonce` with the new password.
 */
export const changePassword = formAction(async (_previous, formData) => {
  const caller = await privateAction(formData, '/account#password');
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const nonce = formData.get('nonce');
  const codeStep = typeof nonce === 'string';
  const withStep = (state: FormState): FormState => (codeStep ? { ...state, step: 'code' } : state);
  const parsed = await parseNewPasswordForm(changePasswordSchema, formData, locale, []);
  if (!parsed.ok) return withStep(parsed.state);
  const t = await getTranslations({ locale, namespace: 'Account' });
  if (codeStep && !/^\d{6,10}$/.test(nonce.trim()))
    return withStep({ status: 'error', message: t('reauthenticationCodeMissing') });

  const { currentPassword, password } = parsed.data;
  // A wrong current password is a guess like a wrong sign-in, and counts as one (ASVS 6.3.1). GoTrue asks no hook
  // when it checks a current password, so the app's server records it, under the same rules and counters.
  const email = user.email ?? '';
  const attempt = currentPassword ? await startSignInAttempt('password', email, email, 'app') : undefined;
  if (attempt?.refused) return withStep(await refusedState(attempt.refused, locale));
  const { error } = await supabase.auth.updateUser({
    password,
    ...(currentPassword ? { current_password: currentPassword } : {}),
    ...(codeStep ? { nonce: nonce.trim() } : {}),
  });
  // Counted once GoTrue has judged the current password: a wrong one, or a change that went through.
  const judged = !error || error.code === 'current_password_invalid';
  const lockedUntil = judged ? await attempt?.settle(error) : null;
  if (lockedUntil) return withStep(await lockedState(lockedUntil, locale));
  if (error?.code === 'reauthentication_needed') {
    const sent = await supabase.auth.reauthenticate();
    if (sent.error) return authErrorState(sent.error, locale);
    return { status: 'error', step: 'code', message: t('reauthenticationCodeSent') };
  }
  if (error) return withStep(await authErrorState(error, locale));
  return { status: 'success', message: t('passwordChanged') };
});
