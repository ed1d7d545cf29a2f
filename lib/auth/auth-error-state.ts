import { getTranslations } from 'next-intl/server';
import type { Locale } from 'next-intl';
import type { FormState } from '@/lib/forms/form-state';
import { authErrorMessage } from './auth-error-messages';

/** A failed Supabase call as form state: the mapped message in the form's language, typed values kept. */
export async function authErrorState(error: unknown, locale: Locale, values?: Record<string, string>): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'AuthErrors' });
  const { key, values: messageValues } = authErrorMessage(error);
  return { status: 'error', message: t(key, messageValues), values };
}
