'use server';

import { redirect } from '@/i18n/navigation';
import { reportIfUnreachable } from '@/lib/log/auth-errors';
import { authErrorState } from '@/lib/auth/auth-error-state';
import { requireCurrentUser } from '@/lib/session/server';
import { profileSchema } from '@/lib/auth/form-schemas';
import { rememberLocaleChoice } from '@/lib/auth/preferred-locale';
import { formAction } from '@/lib/forms/form-action';
import { formLocale } from '@/lib/forms/form-locale';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm } from '@/lib/forms/parse-form';
import { withinAuthBudget } from '@/lib/supabase/auth-fetch';

const echoed = ['displayName', 'preferredLocale'] as const;

/** Display name and preferred language; the language also picks the interface and later emails. */
export const updateProfile = formAction(async (_previous, formData) => {
  const pageLocale = formLocale(formData);
  const parsed = await parseForm(profileSchema, formData, pageLocale, echoed);
  if (!parsed.ok) return parsed.state;

  const current = await requireCurrentUser(pageLocale, '/account#profile');
  if (!current.user) return authErrorState(current.error, pageLocale, echoedValues(formData, echoed));
  const { supabase } = current;
  const { error } = await supabase.auth.updateUser({
    data: { display_name: parsed.data.displayName, locale: parsed.data.preferredLocale },
  });
  if (error) return authErrorState(error, pageLocale, echoedValues(formData, echoed));
  // A fresh access token carries the new metadata, so the header shows it without a round trip. Within the auth
  // budget only: the change is saved, and past it the header shows the new name on the next refresh.
  await withinAuthBudget(supabase.auth.refreshSession()).catch((error: unknown) =>
    reportIfUnreachable(error, '/account'),
  );
  await rememberLocaleChoice(parsed.data.preferredLocale);
  return redirect({
    href: { pathname: '/account', query: { updated: 'profile' } },
    locale: parsed.data.preferredLocale,
  });
});
