import type { EmailOtpType } from '@supabase/supabase-js';
import type { Locale } from 'next-intl';
import { getPathname } from '@/i18n/navigation';
import { afterSignIn, sessionClient } from '@/lib/session/server';
import { failedLinkPath, localizedNextPath } from './auth-routes';
import { preferredLocale } from './preferred-locale';
import { markRecoverySession } from './recovery-session';
import { nextPath, sameSitePath } from '@/lib/routes/safe-redirect';

// Emailed links: their types, and the verification the "Continue" page's button (actions/continue-link.ts) and the
// PKCE return (app/[locale]/auth/confirm) share.

const emailOtpTypes: readonly string[] = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
];
export const isEmailOtpType = (value: unknown): value is EmailOtpType =>
  typeof value === 'string' && emailOtpTypes.includes(value);

/** The `verifyOtp` types of the codes our emails carry: sign-in (`email`), sign-up, password reset, email change. */
const emailCodeTypes = ['email', 'signup', 'recovery', 'email_change'] as const;
export type EmailCodeType = (typeof emailCodeTypes)[number];
export const isEmailCodeType = (value: unknown): value is EmailCodeType =>
  typeof value === 'string' && (emailCodeTypes as readonly string[]).includes(value);
/** The name a code form's answer is kept under for its page when posted without JavaScript (no-script-state). */
export const emailCodeFormName = (type: EmailCodeType) => `email-code-${type}`;

/** What the link does, as the "Continue" page words it (messages ConfirmLink, `{action, select, …}`). */
export function linkAction(
  type: EmailOtpType,
): 'signup' | 'invite' | 'signIn' | 'recovery' | 'emailChange' | 'other' {
  switch (type) {
    case 'signup':
      return 'signup';
    case 'invite':
      return 'invite';
    case 'recovery':
      return 'recovery';
    case 'magiclink':
    case 'email':
      return 'signIn';
    case 'email_change':
      return 'emailChange';
    default:
      return 'other';
  }
}

/** A token hash as our templates send it: bounded, nothing but what a hash is made of. */
export const isTokenHash = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,512}$/.test(value);

/** The page a link goes on to when its `next` names none: for a recovery link, choosing the new password. */
export const linkNextOrDefault = (type: unknown, next: string | null): string | null =>
  next ?? (type === 'recovery' ? '/reset-password' : null);

/** Recovery links go on to the new-password page: their failures offer a new reset link. */
export function linkFlow(type: unknown, next: unknown): 'recovery' | null {
  return type === 'recovery' || sameSitePath(next)?.startsWith('/reset-password') ? 'recovery' : null;
}

/**
 * Verifies a token hash or exchanges a PKCE code, setting the session cookie; returns where the visitor goes on:
 * `next` in the user's preferred language, or the localized error page.
 */
export async function verifyEmailLink(
  link: { locale: Locale; next: unknown; requestPath: string } & (
    { type: EmailOtpType; tokenHash: string } | { code: string }
  ),
): Promise<string> {
  const flow = linkFlow('type' in link ? link.type : null, link.next);
  try {
    const supabase = await sessionClient();
    const { data, error } =
      'code' in link
        ? await supabase.auth.exchangeCodeForSession(link.code)
        : await supabase.auth.verifyOtp({ type: link.type, token_hash: link.tokenHash });
    if (error) return failedLinkPath(link.locale, error, flow, link.requestPath);
    // The new-password page may then set a password without the current one (recovery-session.ts).
    if (flow === 'recovery') await markRecoverySession(data.session);
    // With double_confirm_changes the first of the two addresses' links confirms only its half: no session yet.
    if (!data.session && 'type' in link && link.type === 'email_change')
      return localizedNextPath('/account?updated=emailPending', link.locale);
    return getPathname({
      href: await afterSignIn(supabase, nextPath(link.next)),
      locale: preferredLocale(data.user, link.locale),
    });
  } catch (error) {
    return failedLinkPath(link.locale, error, flow, link.requestPath);
  }
}
