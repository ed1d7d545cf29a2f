'use server';

import { redirectAfterSignIn } from '@/lib/auth/after-sign-in';
import { lockedState, refusedState, rememberDevice, startSignInAttempt } from '@/lib/auth/attempt-limits';
import { signInSchema } from '@/lib/auth/form-schemas';
import { authErrorState } from '@/lib/guard/auth-error-state';
import { formAction } from '@/lib/forms/form-action';
import { publicAction } from '@/lib/guard/action';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm } from '@/lib/forms/parse-form';
import { sessionClient } from '@/lib/session/server';
import { verifiedFactors } from '@/lib/session/types';

export const signInWithPassword = formAction(async (_previous, formData) => {
  const { locale } = publicAction(formData);
  const parsed = await parseForm(signInSchema, formData, locale, ['email']);
  if (!parsed.ok) return parsed.state;
  const values = echoedValues(formData, ['email']);
  const { email } = parsed.data;

  // Wrong passwords from any number of addresses lock the account for a while (ASVS 6.3.1, lib/auth/attempt-rules.ts).
  const attempt = await startSignInAttempt('password', email, email);
  if (attempt?.refused) return refusedState(attempt.refused, locale, values);
  const supabase = await sessionClient();
  const { data, error } = await supabase.auth.signInWithPassword(parsed.data);
  const lockedUntil = await attempt?.settle(error);
  if (lockedUntil) return lockedState(lockedUntil, locale, values);
  if (error) return authErrorState(error, locale, values);
  // With a second factor, the sign-in is complete (and the device known) only after the code step.
  if (verifiedFactors(data.user.factors).length === 0) await rememberDevice(email);
  return redirectAfterSignIn(supabase, data.user, locale, formData);
});
