import type { Locale } from 'next-intl';
import { getPathname } from '@/i18n/navigation';
import { siteUrl } from '@/lib/seo/site-url';
import { reportAuthFailure } from '@/lib/log/auth-errors';
import { type LinkErrorReason, linkErrorReason } from './link-error-reason';
import { nextPath } from '@/lib/routes/safe-redirect';

// Server-side URLs around our /auth routes: where emailed and OAuth links come back, where they go on from.

/** Absolute URL of one of our auth routes, carrying a safe `next`, for Supabase's `redirect_to`. */
export function authRedirectUrl(
  locale: Locale,
  route: '/auth/confirm' | '/auth/callback',
  next: unknown,
): string {
  const url = new URL(getPathname({ href: route, locale }), siteUrl);
  url.searchParams.set('next', nextPath(next));
  return url.toString();
}

/** `next` as a path in the given language, e.g. `/en/account?tab=x` → `/de/account?tab=x`. */
export function localizedNextPath(raw: unknown, locale: Locale): string {
  return getPathname({ href: nextPath(raw), locale });
}

/** The page that explains why a link failed, with a way forward suited to the flow the link belonged to. */
export function linkErrorPath(locale: Locale, reason: LinkErrorReason, flow: string | null): string {
  const query = flow === 'recovery' || flow === 'oauth' ? { reason, flow } : { reason };
  return getPathname({ href: { pathname: '/auth/error', query }, locale });
}

/** The error page for a link whose exchange failed; failures that are not the visitor's are logged first. */
export function failedLinkPath(
  locale: Locale,
  error: unknown,
  flow: string | null,
  requestPath: string,
): string {
  reportAuthFailure(error, requestPath);
  return linkErrorPath(locale, linkErrorReason(error), flow);
}
