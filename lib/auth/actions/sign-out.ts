'use server';

import { redirect } from '@/i18n/navigation';
import { asFormData } from '@/lib/forms/form-action';
import { publicAction } from '@/lib/guard/action';
import { sameSitePath } from '@/lib/routes/safe-redirect';
import { sessionClient, signOutHere } from '@/lib/session/server';

/**
 * Signs this browser out. A plain form post, so it works without JavaScript. With `next` (switching accounts, as
 * an invitation for another address offers), it goes back there signed out: that page offers the sign-in.
 */
export async function signOut(formData: FormData): Promise<void> {
  const data = asFormData(formData);
  const { locale } = publicAction(data);
  // Local scope: other devices stay signed in (the account page offers the wider scopes).
  await signOutHere(await sessionClient());
  const next = sameSitePath(data.get('next'));
  if (!next) return redirect({ href: '/', locale });
  return redirect({ href: next, locale });
}
