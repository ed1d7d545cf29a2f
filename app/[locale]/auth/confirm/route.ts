import type { EmailOtpType } from '@supabase/supabase-js';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { linkErrorPath, linkErrorReason } from '@/lib/auth/link-error-reason';
import { preferredLocale } from '@/lib/auth/preferred-locale';
import { localizedNextPath } from '@/lib/auth/safe-redirect';
import { defaultLocale, isAppLocale } from '@/lib/i18n/locales';
import { createSupabaseServerClient } from '@/lib/supabase/server-client';

const emailOtpTypes: readonly string[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'];
const isEmailOtpType = (value: string | null): value is EmailOtpType => value !== null && emailOtpTypes.includes(value);

/**
 * Emailed links land here with `token_hash` (see supabase/templates): verified on the server, so a link works
 * in any browser. Every failure ends on the localized error page, never a 500.
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/[locale]/auth/confirm'>) {
  const { locale: requested } = await params;
  const locale = isAppLocale(requested) ? requested : defaultLocale;
  const query = request.nextUrl.searchParams;
  const type = query.get('type');
  const tokenHash = query.get('token_hash');
  const flow = type === 'recovery' ? 'recovery' : null;

  // The auth server reports failures of its own /verify links as error_code on the redirect.
  const reportedError = query.get('error_code') ?? query.get('error');
  if (reportedError) redirect(linkErrorPath(locale, linkErrorReason(reportedError), flow));
  if (!tokenHash || tokenHash.length > 512 || !isEmailOtpType(type)) redirect(linkErrorPath(locale, 'invalid', flow));

  let target: string;
  try {
    const supabase = await createSupabaseServerClient();
    const { data, error } = await supabase.auth.verifyOtp({ type, token_hash: tokenHash });
    target = error ? linkErrorPath(locale, linkErrorReason(error), flow) : localizedNextPath(query.get('next'), preferredLocale(data.user, locale));
  } catch (error) {
    target = linkErrorPath(locale, linkErrorReason(error), flow);
  }
  redirect(target);
}
