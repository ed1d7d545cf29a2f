import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { FormState } from '@/lib/forms/form-state';
import { actionPath } from '@/lib/log/action-path';
import { type AuthErrorMessage, reportAuthFailure } from '@/lib/log/auth-errors';

/** A known outcome as form state: its AuthErrors message in the form's language, typed values kept. */
export async function authMessageState(
  { key, values: messageValues }: AuthErrorMessage,
  locale: Locale,
  values?: Record<string, string>,
): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'AuthErrors' });
  return { status: 'error', message: t(key, messageValues), values };
}

/** A failed Supabase call as form state (failures that are not the user's are logged). */
export async function authErrorState(
  error: unknown,
  locale: Locale,
  values?: Record<string, string>,
): Promise<FormState> {
  return authMessageState(reportAuthFailure(error, await actionPath()), locale, values);
}
