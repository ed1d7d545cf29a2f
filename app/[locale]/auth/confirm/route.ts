import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { linkErrorPath } from '@/lib/auth/auth-routes';
import {
  isEmailOtpType,
  isTokenHash,
  linkFlow,
  linkNextOrDefault,
  verifyEmailLink,
} from '@/lib/auth/link-verification';
import { linkErrorReason } from '@/lib/auth/link-error-reason';
import { emailedNextPath } from '@/lib/routes/safe-redirect';
import { siteUrl } from '@/lib/seo/site-url';
import { getPathname } from '@/i18n/navigation';
import { defaultLocale, isLocale } from '@/i18n/locales';

/**
 * Emailed links land here. With `token_hash` (our templates) nothing is verified on a GET: mail scanners that open
 * links would use them up, and an attacker's own link would sign the victim in unasked. The visitor goes on to
 * the "Continue" page, whose button verifies it (Supabase's pattern against link prefetching). Templates using
 * `{{ .ConfirmationURL }}` arrive via the auth server with a PKCE `code` instead, which only the browser that asked
 * can exchange. `next` is GoTrue's `.RedirectTo` (an absolute URL) from our templates, a path otherwise; either way
 * only a page of this site survives. Every failure ends on the localized error page.
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/[locale]/auth/confirm'>) {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : defaultLocale;
  const query = request.nextUrl.searchParams;
  const type = query.get('type');
  const tokenHash = query.get('token_hash');
  const code = query.get('code');
  const next = linkNextOrDefault(type, emailedNextPath(query.get('next'), siteUrl.origin));
  const flow = linkFlow(type, next);

  // The auth server reports failures of its own /verify links as error_code on the redirect.
  const reportedError = query.get('error_code') ?? query.get('error');
  if (reportedError) redirect(linkErrorPath(locale, linkErrorReason(reportedError), flow));
  if (tokenHash !== null) {
    if (!isTokenHash(tokenHash) || !isEmailOtpType(type)) redirect(linkErrorPath(locale, 'invalid', flow));
    redirect(
      getPathname({
        href: {
          pathname: '/auth/continue',
          query: { token_hash: tokenHash, type, ...(next ? { next } : {}) },
        },
        locale,
      }),
    );
  }
  if (!code || code.length > 512) redirect(linkErrorPath(locale, 'invalid', flow));
  redirect(await verifyEmailLink({ locale, next, code, requestPath: request.nextUrl.pathname }));
}
