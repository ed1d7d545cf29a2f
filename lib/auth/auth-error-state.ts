import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import type { FormState } from '@/lib/forms/form-state';
import { type AuthErrorMessage, reportAuthFailure } from '@/lib/log/auth-errors';

/** The page a server action was posted from, for the log (actions are posted to the page's own URL). */
export async function actionPath(): Promise<string> {
  const referer = (await headers()).get('referer');
  if (!referer) return '-';
  try {
    return new URL(referer).pathname;
  } catch {
    // A Referer that is not a URL: the log says there was no readable path.
    return '-';
  }
}

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
