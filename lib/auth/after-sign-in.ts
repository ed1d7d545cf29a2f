import type { User } from '@supabase/supabase-js';
import type { Locale } from 'next-intl';
import { redirect } from '@/i18n/navigation';
import { preferredLocale, rememberLocaleChoice } from './preferred-locale';
import { requestedNext } from './requested-next';
import { nextPath } from './safe-redirect';

/**
 * Where every sign-in from a form lands (password, email code, passkey): the safe `next` the form asked for, in
 * the language the user chose (remembered for later visits), else in the form's.
 */
export async function redirectAfterSignIn(user: Pick<User, 'user_metadata'> | null, locale: Locale, formData: FormData): Promise<never> {
  const language = preferredLocale(user, locale);
  if (language !== locale) await rememberLocaleChoice(language);
  return redirect({ href: nextPath(await requestedNext(formData)), locale: language });
}
