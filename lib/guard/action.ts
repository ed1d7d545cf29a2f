import type { User } from '@supabase/supabase-js';
import type { Locale } from 'next-intl';
import { formLocale } from '@/lib/forms/form-locale';
import type { FormState } from '@/lib/forms/form-state';
import { requireCurrentUser, type SessionClient } from '@/lib/session/server';
import { authErrorState } from './auth-error-state';

/** A private action's caller: signed in with the assurance their account asks for, or refused with a form state. */
export type PrivateCaller =
  | { locale: Locale; supabase: SessionClient; user: User; refused?: undefined }
  | { locale: Locale; refused: FormState };

/**
 * The first line of every action behind a private page: the form's language and its caller, asked of the auth
 * server (lib/session/server.ts's requireCurrentUser: a session ended elsewhere goes to sign-in, one that owes its
 * second factor to the code step, both coming back to `next`). When the auth server cannot answer, `refused` is
 * the form's localized "unavailable" state keeping `values`, what the visitor typed.
 */
export async function privateAction(
  formData: FormData,
  next: string,
  { values, ...options }: { values?: Record<string, string>; fresh?: boolean; enrolling?: boolean } = {},
): Promise<PrivateCaller> {
  const locale = formLocale(formData);
  const current = await requireCurrentUser(locale, next, options);
  if (!current.user) return { locale, refused: await authErrorState(current.error, locale, values) };
  return { locale, supabase: current.supabase, user: current.user };
}
