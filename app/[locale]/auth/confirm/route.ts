import type { EmailOtpType } from '@supabase/supabase-js';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { failedLinkPath, linkErrorPath, localizedNextPath } from '@/lib/auth/auth-routes';
import { linkErrorReason } from '@/lib/auth/link-error-reason';
import { preferredLocale } from '@/lib/auth/preferred-locale';
import { sameSitePath } from '@/lib/auth/safe-redirect';
import { defaultLocale, isLocale } from '@/i18n/locales';
import { sessionClient } from '@/lib/session/server';

const emailOtpTypes: readonly string[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'];
const isEmailOtpType = (value: string | null): value is EmailOtpType => value !== null && emailOtpTypes.includes(value);

/**
 * Emailed links land here. With `token_hash` (our templates) the token is verified on the server, so the link
 * works in any browser; templates using `{{ .ConfirmationURL }}` arrive via the auth server with a PKCE `code`
 * instead, which only the browser that asked can exchange. Every failure ends on the localized error page.
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/[locale]/auth/confirm'>) {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : defaultLocale;
  const query = request.nextUrl.searchParams;
  const type = query.get('type');
  const tokenHash = query.get('token_hash');
  const code = query.get('code');
  const flow = type === 'recovery' || sameSitePath(query.get('next'))?.startsWith('/reset-password') ? 'recovery' : null;

  // The auth server reports failures of its own /verify links as error_code on the redirect.
  const reportedError = query.get('error_code') ?? query.get('error');
  if (reportedError) redirect(linkErrorPath(locale, linkErrorReason(reportedError), flow));
  const byHash = tokenHash && tokenHash.length <= 512 && isEmailOtpType(type);
  const byCode = !tokenHash && code && code.length <= 512;
  if (!byHash && !byCode) redirect(linkErrorPath(locale, 'invalid', flow));

  let target: string;
  try {
    const supabase = await sessionClient();
    const { data, error } = byHash
      ? await supabase.auth.verifyOtp({ type: type as EmailOtpType, token_hash: tokenHash })
      : await supabase.auth.exchangeCodeForSession(code!);
    target = error ? failedLinkPath(locale, error, flow, request.nextUrl.pathname) : localizedNextPath(query.get('next'), preferredLocale(data.user, locale));
  } catch (error) {
    target = failedLinkPath(locale, error, flow, request.nextUrl.pathname);
  }
  redirect(target);
}
