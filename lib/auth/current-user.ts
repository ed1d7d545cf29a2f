import type { Locale } from 'next-intl';
import { redirect } from '@/i18n/navigation';
import { createSupabaseServerClient } from '@/lib/supabase/server-client';
import { authErrorMessage } from './auth-error-messages';

/**
 * The signed-in user, asked of the auth server itself (not just the cookie's claims): actions call this before
 * changing anything. Signed-out visitors go to sign-in; an unreachable server is reported, not treated as signed out.
 */
export async function requireCurrentUser(locale: Locale) {
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.getUser();
  if (data.user) return { supabase, user: data.user, unavailable: false as const };
  if (error && authErrorMessage(error).key === 'serviceUnavailable') return { supabase, user: null, unavailable: true as const };
  // The cookie may still hold a valid-looking token for a session the server has ended: clear it first.
  return redirect({ href: { pathname: '/auth/session-ended', query: { next: '/account' } }, locale });
}
