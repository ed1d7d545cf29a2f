'use server';

import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import { isolatedText } from '@/i18n/isolate';
import { emailOnlySchema, resetPasswordSchema } from '@/lib/auth/form-schemas';
import { authErrorMessage, isEmailSendLimit } from '@/lib/log/auth-errors';
import { authErrorState, authMessageState } from '@/lib/guard/auth-error-state';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { formAction } from '@/lib/forms/form-action';
import { publicAction } from '@/lib/guard/action';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm, parseNewPasswordForm } from '@/lib/forms/parse-form';
import { endRecovery, isRecoverySession } from '@/lib/auth/recovery-session';
import { afterSignIn, sessionClient } from '@/lib/session/server';
import { isSecondFactorPending } from '@/lib/session/types';
import { createSupabaseAdminClient } from '@/lib/supabase/admin';

export const requestPasswordReset = formAction(async (_previous, formData) => {
  const { locale } = publicAction(formData);
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

/**
 * Runs in the session a recovery link opened, and only there (recovery-session.ts): any other session changes its
 * password on the account page, with the current one. GoTrue would ask this session for the current password too
 * (update_password_require_current_password), so the new one is set with the admin API, after the checks GoTrue's
 * own recovery exemption keeps: the link's session, still fresh, with its second factor paid. That ends every
 * session of the user, this one included, so the user is signed in again with the new password.
 */
export const resetPassword = formAction(async (_previous, formData) => {
  const { locale } = publicAction(formData);
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
  const { data: claims } = await supabase.auth.getClaims();
  const sessionId = claims?.claims.session_id;
  if (!data.user.email || !(await isRecoverySession(typeof sessionId === 'string' ? sessionId : undefined)))
    return authMessageState({ key: 'otpExpired' }, locale);
  // A user with an authenticator app proves it first, as GoTrue asks of a recovery session (aal2).
  if (isSecondFactorPending(claims?.claims.aal, data.user.factors))
    return redirect({ href: { pathname: '/sign-in/verify', query: { next: '/reset-password' } }, locale });

  const { password } = parsed.data;
  const { error } = await createSupabaseAdminClient().auth.admin.updateUserById(data.user.id, { password });
  if (error) return authErrorState(error, locale);
  await endRecovery();
  const signedIn = await supabase.auth.signInWithPassword({ email: data.user.email, password });
  if (signedIn.error) return authErrorState(signedIn.error, locale);
  return redirect({
    href: await afterSignIn(supabase, '/account?updated=password'),
    locale,
  });
});
