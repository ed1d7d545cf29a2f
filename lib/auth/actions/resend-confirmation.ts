'use server';

import { getTranslations } from 'next-intl/server';
import { authErrorState } from '@/lib/guard/auth-error-state';
import { isEmailSendLimit } from '@/lib/log/auth-errors';
import { pendingEmail } from '@/lib/auth/pending-email-cookie';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { formAction } from '@/lib/forms/form-action';
import { publicAction } from '@/lib/guard/action';
import { sessionClient } from '@/lib/session/server';

export const resendConfirmation = formAction(async (_previous, formData) => {
  const { locale } = publicAction(formData);
  const t = await getTranslations({ locale, namespace: 'CheckEmail' });
  const email = await pendingEmail();
  if (!email) return { status: 'error', message: t('noPendingEmail') };

  const supabase = await sessionClient();
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: authRedirectUrl(locale, '/auth/confirm', null) },
  });
  // Confirmed and unknown addresses get a quiet success from GoTrue, so the email limit answers the same.
  if (error && !isEmailSendLimit(error)) return authErrorState(error, locale);
  return { status: 'success', message: t('resent') };
});
