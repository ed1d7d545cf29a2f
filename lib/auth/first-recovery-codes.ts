import type { User } from '@supabase/supabase-js';
import type { Locale } from 'next-intl';
import { actionPath } from '@/lib/log/action-path';
import { preferredLocale } from '@/lib/auth/preferred-locale';
import { reportAuthFailure } from '@/lib/log/auth-errors';
import { sendSecurityNotice } from '@/lib/mail/notices';
import type { SessionClient } from '@/lib/session/server';

/**
 * Recovery codes for a user who has none yet (their first app or key was just confirmed, so the session is at aal2):
 * the new set, to be shown once. A user who already has a set keeps it.
 */
export async function firstRecoveryCodes(
  supabase: SessionClient,
  user: User,
  locale: Locale,
): Promise<string[] | undefined> {
  const status = await supabase.auth.mfa.recoveryCodes.getStatus();
  if (status.error?.code !== 'mfa_factor_not_found') return undefined;
  const { data, error } = await supabase.auth.mfa.recoveryCodes.generate();
  if (error) {
    reportAuthFailure(error, await actionPath());
    return undefined;
  }
  sendSecurityNotice('recoveryCodesCreated', user.email, preferredLocale(user, locale));
  return data.codes;
}
