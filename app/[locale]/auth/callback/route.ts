import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { failedLinkPath, linkErrorPath, localizedNextPath } from '@/lib/auth/auth-routes';
import { linkErrorReason } from '@/lib/auth/link-error-reason';
import { preferredLocale } from '@/lib/auth/preferred-locale';
import { defaultLocale, isLocale } from '@/i18n/locales';
import { sessionClient } from '@/lib/session/server';

/**
 * PKCE returns (OAuth providers, and `?code=` links): the code is exchanged with the verifier kept in this
 * browser's cookie. Opened elsewhere, the verifier is missing and the error page says so.
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/[locale]/auth/callback'>) {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : defaultLocale;
  const query = request.nextUrl.searchParams;
  const code = query.get('code');

  const reportedError = query.get('error_code') ?? query.get('error');
  if (reportedError) redirect(linkErrorPath(locale, linkErrorReason(reportedError), 'oauth'));
  if (!code || code.length > 512) redirect(linkErrorPath(locale, 'invalid', 'oauth'));

  let target: string;
  try {
    const supabase = await sessionClient();
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    target = error
      ? failedLinkPath(locale, error, 'oauth', request.nextUrl.pathname)
      : localizedNextPath(query.get('next'), preferredLocale(data.user, locale));
  } catch (error) {
    target = failedLinkPath(locale, error, 'oauth', request.nextUrl.pathname);
  }
  redirect(target);
}
