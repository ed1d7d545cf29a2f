'use server';

import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import { isolatedText } from '@/i18n/isolate';
import { redirectAfterSignIn } from '@/lib/auth/after-sign-in';
import { emailOnlySchema, otpSchema } from '@/lib/auth/form-schemas';
import { authErrorState, authMessageState } from '@/lib/guard/auth-error-state';
import { emailCodeFormName, isEmailCodeType } from '@/lib/auth/link-verification';
import { preferredLocale } from '@/lib/auth/preferred-locale';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { markRecoverySession } from '@/lib/auth/recovery-session';
import { requestedNext } from '@/lib/auth/requested-next';
import { formAction } from '@/lib/forms/form-action';
import { echoedValues, type FormState } from '@/lib/forms/form-state';
import { answerForm } from '@/lib/forms/no-script-state';
import { parseForm } from '@/lib/forms/parse-form';
import { privateAction, publicAction } from '@/lib/guard/action';
import { sessionClient } from '@/lib/session/server';

/** Sends one email holding both a sign-in link and a 6-digit code. */
export const requestEmailLink = formAction(async (_previous, formData) => {
  const { locale } = publicAction(formData);
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

/**
 * Any emailed 6-digit code, by the `type` its form posts: a sign-in or sign-up signs in, a password reset goes on
 * to the new password with the session it opened, an email change finishes once GoTrue has every confirmation it
 * asks for (with secure email change, the first of the two addresses' codes confirms only its half).
 */
export const verifyEmailCode = formAction(async (_previous, formData) => {
  const type = formData.get('type') ?? 'email';
  // An email change is confirmed from the account page: with the full session it asks for, as its other actions.
  // Every other code signs someone in, or opens a password reset: open to anyone, in this request's session.
  const caller =
    type === 'email_change'
      ? await privateAction(formData, '/account#email', { values: echoedValues(formData, ['email']) })
      : { ...publicAction(formData), supabase: undefined };
  const { locale } = caller;
  if (!isEmailCodeType(type)) return authMessageState({ key: 'validationFailed' }, locale);
  const answer = (state: FormState) => answerForm(emailCodeFormName(type), state);
  if (caller.refused) return answer(caller.refused);
  const parsed = await parseForm(otpSchema, formData, locale, ['email']);
  if (!parsed.ok) return answer(parsed.state);
  const { email, code } = parsed.data;

  const supabase = caller.supabase ?? (await sessionClient());
  const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type });
  if (error) return answer(await authErrorState(error, locale, { email }));
  if (type === 'recovery') {
    // As a recovery link does: the new-password page works in this session only (recovery-session.ts).
    await markRecoverySession(data.session);
    return redirect({ href: '/reset-password', locale: preferredLocale(data.user, locale) });
  }
  if (type === 'email_change') {
    if (data.session)
      return redirect({ href: { pathname: '/account', query: { updated: 'email' } }, locale });
    const t = await getTranslations({ locale, namespace: 'EmailCode' });
    return answer({
      status: 'success',
      message: t.markup('emailChangeHalf', { email, ...isolatedText }),
      values: { email },
    });
  }
  return redirectAfterSignIn(supabase, data.user, locale, formData);
});
