'use server';

import { getTranslations } from 'next-intl/server';
import { isolatedText } from '@/i18n/isolate';
import { authErrorState } from '@/lib/auth/auth-error-state';
import { requireCurrentUser } from '@/lib/session/server';
import { changeEmailSchema, changePasswordSchema } from '@/lib/auth/form-schemas';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { formAction } from '@/lib/forms/form-action';
import { formLocale } from '@/lib/forms/form-locale';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm } from '@/lib/forms/parse-form';

/** The new address only replaces the old one once its confirmation link is opened. */
export const changeEmail = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const parsed = await parseForm(changeEmailSchema, formData, locale, ['email']);
  if (!parsed.ok) return parsed.state;
  const values = echoedValues(formData, ['email']);

  const current = await requireCurrentUser(locale);
  if (!current.user) return authErrorState(current.error, locale, values);
  const { error } = await current.supabase.auth.updateUser(
    { email: parsed.data.email },
    { emailRedirectTo: authRedirectUrl(locale, '/auth/confirm', '/account?updated=email') },
  );
  if (error) return authErrorState(error, locale, values);
  const t = await getTranslations({ locale, namespace: 'Account' });
  return { status: 'success', message: t.markup('emailChangeSent', { email: parsed.data.email, ...isolatedText }) };
});

export const changePassword = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const parsed = await parseForm(changePasswordSchema, formData, locale, []);
  if (!parsed.ok) return parsed.state;

  const current = await requireCurrentUser(locale);
  if (!current.user) return authErrorState(current.error, locale);
  const { error } = await current.supabase.auth.updateUser({ password: parsed.data.password });
  if (error) return authErrorState(error, locale);
  const t = await getTranslations({ locale, namespace: 'Account' });
  return { status: 'success', message: t('passwordChanged') };
});
