'use server';

import { redirectAfterSignIn } from '@/lib/auth/after-sign-in';
import { signInSchema } from '@/lib/auth/form-schemas';
import { authErrorState } from '@/lib/auth/auth-error-state';
import { formAction } from '@/lib/forms/form-action';
import { formLocale } from '@/lib/forms/form-locale';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm } from '@/lib/forms/parse-form';
import { sessionClient } from '@/lib/session/server';

export const signInWithPassword = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const parsed = await parseForm(signInSchema, formData, locale, ['email']);
  if (!parsed.ok) return parsed.state;

  const supabase = await sessionClient();
  const { data, error } = await supabase.auth.signInWithPassword(parsed.data);
  if (error) return authErrorState(error, locale, echoedValues(formData, ['email']));
  return redirectAfterSignIn(supabase, data.user, locale, formData);
});
