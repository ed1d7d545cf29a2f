'use server';

import { getTranslations } from 'next-intl/server';
import { authErrorState } from '@/lib/auth/auth-error-state';
import { pendingEmail } from '@/lib/auth/pending-email-cookie';
import { authRedirectUrl } from '@/lib/auth/safe-redirect';
import { formLocale } from '@/lib/forms/form-locale';
import type { FormState } from '@/lib/forms/form-state';
import { createSupabaseServerClient } from '@/lib/supabase/server-client';

export async function resendConfirmation(_previous: FormState, formData: FormData): Promise<FormState> {
  const locale = formLocale(formData);
  const t = await getTranslations({ locale, namespace: 'CheckEmail' });
  const email = await pendingEmail();
  if (!email) return { status: 'error', message: t('noPendingEmail') };

  const supabase = await createSupabaseServerClient();
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: authRedirectUrl(locale, '/auth/confirm', null) },
  });
  if (error) return authErrorState(error, locale);
  return { status: 'success', message: t('resent') };
}
