'use server';

import { redirect } from '@/i18n/navigation';
import { signUpSchema } from '@/lib/auth/form-schemas';
import { authErrorState } from '@/lib/guard/auth-error-state';
import { isEmailSendLimit } from '@/lib/log/auth-errors';
import { rememberPendingEmail } from '@/lib/auth/pending-email-cookie';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { nextPath, sameSitePath } from '@/lib/routes/safe-redirect';
import { requestedNext } from '@/lib/auth/requested-next';
import { formAction } from '@/lib/forms/form-action';
import { publicAction } from '@/lib/guard/action';
import { echoedValues } from '@/lib/forms/form-state';
import { parseNewPasswordForm } from '@/lib/forms/parse-form';
import { sessionClient } from '@/lib/session/server';

const echoed = ['displayName', 'email'] as const;

export const signUp = formAction(async (_previous, formData) => {
  const { locale } = publicAction(formData);
  const parsed = await parseNewPasswordForm(signUpSchema, formData, locale, echoed);
  if (!parsed.ok) return parsed.state;
  const { displayName, email, password } = parsed.data;
  const next = await requestedNext(formData);

  const supabase = await sessionClient();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: {
      emailRedirectTo: authRedirectUrl(locale, '/auth/confirm', next),
      // The language of every later email and of the pages after sign-in.
      data: { display_name: displayName, locale },
    },
  });
  // A second sign-up within the minute for an address GoTrue just wrote to (a new one included) meets its email
  // limit, while a confirmed address gets its quiet success: both go on to "check your inbox".
  if (error && !isEmailSendLimit(error)) return authErrorState(error, locale, echoedValues(formData, echoed));

  // Projects without email confirmation sign the user in at once.
  if (data.session) return redirect({ href: nextPath(next), locale });
  await rememberPendingEmail(email);
  // `next` goes along for the emailed code, which signs in on that page.
  const after = sameSitePath(next);
  return redirect({
    href: after ? { pathname: '/sign-up/check-email', query: { next: after } } : '/sign-up/check-email',
    locale,
  });
});
