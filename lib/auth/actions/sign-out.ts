'use server';

import { redirect } from '@/i18n/navigation';
import { asFormData } from '@/lib/forms/form-action';
import { publicAction } from '@/lib/guard/action';
import { sessionClient, signOutHere } from '@/lib/session/server';

/** Signs this browser out. A plain form post, so it works without JavaScript. */
export async function signOut(formData: FormData): Promise<void> {
  const { locale } = publicAction(asFormData(formData));
  // Local scope: other devices stay signed in (the account page offers the wider scopes).
  await signOutHere(await sessionClient());
  return redirect({ href: '/', locale });
}
