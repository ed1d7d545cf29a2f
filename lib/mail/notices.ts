import { after } from 'next/server';
import type { Locale } from 'next-intl';
import { env } from '@/lib/env/env';
import { logServerError } from '@/lib/log/server-log';
import {
  recoveryCodeUsed,
  recoveryCodesCreated,
  recoveryCodesReplaced,
} from '@/supabase/templates/src/app-notices';
import { renderNotice } from './render';
import { sendMail } from './transport';

const notices = { recoveryCodeUsed, recoveryCodesCreated, recoveryCodesReplaced };
export type SecurityNotice = keyof typeof notices;

/**
 * Mails the account's address what just happened to its security, in `locale` (the user's: preferredLocale). Sent
 * after the response (Next's `after`), so neither a slow provider nor a failure changes what the user's action
 * answers; a failure is logged.
 */
export function sendSecurityNotice(kind: SecurityNotice, email: string | undefined, locale: Locale): void {
  if (!email) return;
  const at = new Date();
  after(async () => {
    try {
      await sendMail(await renderNotice(notices[kind], locale, { email, at, siteUrl: env.siteUrl }));
    } catch (error) {
      logServerError({ path: '-', code: 'mail_not_sent', error });
    }
  });
}
