import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '@/lib/env/env';
import { logServerError } from '@/lib/log/server-log';

/** A rendered mail: subject, HTML and its plain-text part. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

let transport: Transporter | undefined;

/**
 * Sends one mail through SMTP_URL (lib/env/env.ts; locally the mailbox's SMTP port). Never throws: the action that
 * asked for it has already happened, so a provider that is down or refuses is logged (`mail_not_sent`), and the
 * answer says whether the mail was handed over.
 */
export async function sendMail(mail: OutgoingMail): Promise<boolean> {
  if (!env.smtpUrl) {
    logServerError({
      path: '-',
      code: 'mail_not_configured',
      error: `no SMTP_URL: "${mail.subject}" not sent`,
    });
    return false;
  }
  // Pooled: a burst of notices reuses one connection; timeouts keep a dead provider from holding the server.
  transport ??= nodemailer.createTransport({
    url: env.smtpUrl,
    pool: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: env.mailFrom, ...mail });
    return true;
  } catch (error) {
    logServerError({ path: '-', code: 'mail_not_sent', error });
    return false;
  }
}
