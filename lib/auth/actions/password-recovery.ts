'use server';

import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import { isolatedText } from '@/i18n/isolate';
import { emailOnlySchema, resetPasswordSchema } from '@/lib/auth/form-schemas';
import { authErrorMessage, isEmailSendLimit } from '@/lib/log/auth-errors';
import { authErrorState, authMessageState } from '@/lib/auth/auth-error-state';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { formAction } from '@/lib/forms/form-action';
import { formLocale } from '@/lib/forms/form-locale';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm, parseNewPasswordForm } from '@/lib/forms/parse-form';
import { sessionClient } from '@/lib/session/server';

export const requestPasswordReset = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const parsed = await parseForm(emailOnlySchema, formData, locale, ['email']);
  if (!parsed.ok) return parsed.state;

  const supabase = await sessionClient();
  const { error } = await supabase.auth.resetPasswordForEmail(parsed.data.email, {
    redirectTo: authRedirectUrl(locale, '/auth/confirm', '/reset-password'),
  });
  if (error && !isEmailSendLimit(error))
    return authErrorState(error, locale, echoedValues(formData, ['email']));
  const t = await getTranslations({ locale, namespace: 'ForgotPassword' });
  // The same answer for known and unknown addresses, a second request within the minute included.
  return {
    status: 'success',
    message: t.markup('sent', { email: parsed.data.email, ...isolatedText }),
    values: { email: parsed.data.email },
  };
});

/** Runs in the session the recovery link opened. */
export const resetPassword = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const parsed = await parseNewPasswordForm(resetPasswordSchema, formData, locale, []);
  if (!parsed.ok) return parsed.state;

  const supabase = await sessionClient();
  const { data, error: lookup } = await supabase.auth.getUser();
  if (!data.user) {
    // Unreachable auth server: say so. Otherwise the session the recovery link opened has run out.
    return authErrorMessage(lookup).key === 'serviceUnavailable'
      ? authErrorState(lookup, locale)
      : authMessageState({ key: 'otpExpired' }, locale);
  }
  const { error } = await supabase.auth.updateUser({ password: parsed.data.password });
  if (error) return authErrorState(error, locale);
  return redirect({ href: { pathname: '/account', query: { updated: 'password' } }, locale });
});
