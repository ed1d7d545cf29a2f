'use server';

import { redirectAfterSignIn } from '@/lib/auth/after-sign-in';
import { emailOnlySchema, otpSchema } from '@/lib/auth/form-schemas';
import { authErrorState } from '@/lib/auth/auth-error-state';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { requestedNext } from '@/lib/auth/requested-next';
import { formAction } from '@/lib/forms/form-action';
import { formLocale } from '@/lib/forms/form-locale';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm } from '@/lib/forms/parse-form';
import { sessionClient } from '@/lib/session/server';

/** Sends one email holding both a sign-in link and a 6-digit code. */
export const requestEmailLink = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const parsed = await parseForm(emailOnlySchema, formData, locale, ['email']);
  if (!parsed.ok) return parsed.state;

  const supabase = await sessionClient();
  const { error } = await supabase.auth.signInWithOtp({
    email: parsed.data.email,
    options: {
      emailRedirectTo: authRedirectUrl(locale, '/auth/confirm', await requestedNext(formData)),
      // Unknown addresses get an account (and a confirmation email) instead of an answer revealing who is registered.
      shouldCreateUser: true,
      data: { locale },
    },
  });
  if (error) return authErrorState(error, locale, echoedValues(formData, ['email']));
  return { status: 'success', values: { email: parsed.data.email } };
});

export const verifyEmailCode = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const parsed = await parseForm(otpSchema, formData, locale, ['email']);
  // The code screen stays up on error: `success` keeps it, the message says what went wrong.
  if (!parsed.ok) return { ...parsed.state, status: 'success' };

  const supabase = await sessionClient();
  const { data, error } = await supabase.auth.verifyOtp({
    email: parsed.data.email,
    token: parsed.data.code,
    type: 'email',
  });
  if (error)
    return { ...(await authErrorState(error, locale, { email: parsed.data.email })), status: 'success' };
  return redirectAfterSignIn(supabase, data.user, locale, formData);
});
