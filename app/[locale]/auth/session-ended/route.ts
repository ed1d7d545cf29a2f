import type { NextRequest } from 'next/server';
import { reportIfUnreachable } from '@/lib/log/auth-errors';
import { sameSitePath } from '@/lib/routes/safe-redirect';
import { defaultLocale, isLocale } from '@/i18n/locales';
import { redirect } from '@/i18n/navigation';
import { boundedGetUser, sessionClient } from '@/lib/session/server';

/**
 * Pages land here when the auth server says a session the cookie still vouches for has ended (signed out
 * elsewhere, account deleted). Clearing the cookie breaks what would otherwise be a sign-in ↔ account loop
 * until the access token expires. Only a session the server rejects is cleared, so a crafted link cannot
 * sign anyone out.
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/[locale]/auth/session-ended'>) {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : defaultLocale;
  const next = sameSitePath(request.nextUrl.searchParams.get('next')) ?? '/account';

  const supabase = await sessionClient();
  const { data, error } = await boundedGetUser(supabase);
  if (data.user) return redirect({ href: next, locale });
  // An unreachable auth server is logged and leaves the cookie alone: the session may well still be valid.
  if (!error || !reportIfUnreachable(error, request.nextUrl.pathname))
    await supabase.auth.signOut({ scope: 'local' });
  return redirect({ href: { pathname: '/sign-in', query: { next, status: 'session-ended' } }, locale });
}
