'use server';

import { redirect } from 'next/navigation';
import { authErrorState, authMessageState } from '@/lib/guard/auth-error-state';
import { isOAuthProvider } from '@/lib/auth/oauth-providers';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { requestedNext } from '@/lib/auth/requested-next';
import { formAction } from '@/lib/forms/form-action';
import { publicAction } from '@/lib/guard/action';
import { sessionClient } from '@/lib/session/server';

/** Starts the PKCE flow: the verifier goes into an HttpOnly cookie, the browser to the provider. */
export const signInWithOAuth = formAction(async (_previous, formData) => {
  const { locale } = publicAction(formData);
  const provider = formData.get('provider');
  if (!isOAuthProvider(provider)) return authMessageState({ key: 'providerDisabled' }, locale);

  const supabase = await sessionClient();
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider,
    options: {
      redirectTo: authRedirectUrl(locale, '/auth/callback', await requestedNext(formData)),
      skipBrowserRedirect: true,
    },
  });
  if (error || !data.url) return authErrorState(error, locale);
  redirect(data.url);
});
