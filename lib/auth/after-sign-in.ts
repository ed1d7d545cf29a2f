import type { User } from '@supabase/supabase-js';
import type { Locale } from 'next-intl';
import { redirect } from '@/i18n/navigation';
import { afterSignIn, type SessionClient } from '@/lib/session/server';
import { preferredLocale, rememberLocaleChoice } from './preferred-locale';
import { requestedNext } from './requested-next';
import { nextPath } from '@/lib/routes/safe-redirect';

/**
 * Where every sign-in from a form lands (password, email code, passkey): the safe `next` the form asked for, in
 * the language the user chose (remembered for later visits), else in the form's; by way of the code step when the
 * user has a second factor (a passkey is a first factor too). The action redirects there itself: Next renders an
 * action's redirect target in the same response, so the middleware's redirect would not reach the address bar.
 */
export async function redirectAfterSignIn(
  supabase: SessionClient,
  user: Pick<User, 'user_metadata'> | null,
  locale: Locale,
  formData: FormData,
): Promise<never> {
  const language = preferredLocale(user, locale);
  if (language !== locale) await rememberLocaleChoice(language);
  return redirect({
    href: await afterSignIn(supabase, nextPath(await requestedNext(formData))),
    locale: language,
  });
}
