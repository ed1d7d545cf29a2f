'use server';

import { redirect } from '@/i18n/navigation';
import { signInSchema } from '@/lib/auth/form-schemas';
import { authErrorState } from '@/lib/auth/auth-error-state';
import { preferredLocale, rememberLocaleChoice } from '@/lib/auth/preferred-locale';
import { nextPath } from '@/lib/auth/safe-redirect';
import { requestedNext } from '@/lib/auth/requested-next';
import { formAction } from '@/lib/forms/form-action';
import { formLocale } from '@/lib/forms/form-locale';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm } from '@/lib/forms/parse-form';
import { afterSignIn, sessionClient } from '@/lib/session/server';

export const signInWithPassword = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const parsed = await parseForm(signInSchema, formData, locale, ['email']);
  if (!parsed.ok) return parsed.state;

  const supabase = await sessionClient();
  const { data, error } = await supabase.auth.signInWithPassword(parsed.data);
  if (error) return authErrorState(error, locale, echoedValues(formData, ['email']));

  const language = preferredLocale(data.user, locale);
  if (language !== locale) await rememberLocaleChoice(language);
  return redirect({ href: await afterSignIn(supabase, nextPath(await requestedNext(formData))), locale: language });
});
