import type { App } from '../../app.ts';
import type { NotificationKind, TemplateKind } from '../../config/config.ts';
import { generateOtp, tokenHash } from '../../crypto/codes.ts';
import { tooManyRequests } from '../../errors.ts';
import type { Sql } from '../../db/database.ts';
import { saveOneTimeToken, type OneTimeTokenType } from '../store/one-time-tokens.ts';
import { updateUser, type UserRow } from '../store/users.ts';
import type { VerificationType } from './verification.ts';

/** The mails auth flows send: a new OTP and its hash stored on the user, then the template rendered into the mailbox. */

/** Per-user max_frequency (GoTrue's validateSentWithinFrequencyLimit), message with whole seconds left. */
export function checkFrequency(app: App, sentAt: Date | null): void {
  if (!sentAt) return;
  const leftMs = sentAt.getTime() + app.config.email.maxFrequencySeconds * 1000 - Date.now();
  if (leftMs > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(leftMs / 1000)} seconds.`,
    );
  }
}

/** The global email_sent limiter (takes one mail); GoTrue only applies it when confirmations are on (autoconfirm off). */
function emailLimitReached(app: App): boolean {
  return (
    app.config.rateLimit.emailSent === 0 || (app.config.email.enableConfirmations && !app.limits.allowEmail())
  );
}

function checkEmailLimit(app: App): void {
  if (emailLimitReached(app))
    throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
}

/** The emailed link: GET /verify with the token hash, the verification type and where to land. */
export function confirmationUrl(app: App, hash: string, type: VerificationType, redirectTo: string): string {
  return `${app.externalUrl}/verify?token=${encodeURIComponent(hash)}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
}

function baseData(app: App, user: UserRow, redirectTo: string): Record<string, unknown> {
  return {
    SiteURL: app.config.siteUrl,
    Email: user.email ?? '',
    Data: user.raw_user_meta_data,
    RedirectTo: redirectTo,
  };
}

interface LinkMail {
  kind: TemplateKind;
  linkType: VerificationType;
  column: 'confirmation_token' | 'recovery_token';
  sentAtColumn: 'confirmation_sent_at' | 'recovery_sent_at';
  ottType: OneTimeTokenType;
}

const LINK_MAILS = {
  signup: {
    kind: 'confirmation',
    linkType: 'signup',
    column: 'confirmation_token',
    sentAtColumn: 'confirmation_sent_at',
    ottType: 'confirmation_token',
  },
  invite: {
    kind: 'invite',
    linkType: 'invite',
    column: 'confirmation_token',
    sentAtColumn: 'confirmation_sent_at',
    ottType: 'confirmation_token',
  },
  magiclink: {
    kind: 'magic_link',
    linkType: 'magiclink',
    column: 'recovery_token',
    sentAtColumn: 'recovery_sent_at',
    ottType: 'recovery_token',
  },
  recovery: {
    kind: 'recovery',
    linkType: 'recovery',
    column: 'recovery_token',
    sentAtColumn: 'recovery_sent_at',
    ottType: 'recovery_token',
  },
} satisfies Record<string, LinkMail>;

export type LinkMailType = keyof typeof LINK_MAILS;

/** Signup confirmation, invite, magic link or recovery mail: new OTP + token hash stored on the user, then mailed. */
export async function sendLinkMail(
  app: App,
  sql: Sql,
  user: UserRow,
  type: LinkMailType,
  pkce: boolean,
  redirectTo: string,
): Promise<UserRow> {
  const spec: LinkMail = LINK_MAILS[type];
  // Invites are not throttled by max_frequency in GoTrue (sendInvite has no frequency check).
  if (type !== 'invite') checkFrequency(app, user[spec.sentAtColumn]);
  checkEmailLimit(app);
  const email = user.email ?? '';
  const otp = generateOtp(app.config.email.otpLength);
  const hash = tokenHash(email, otp, pkce);
  await app.mailer.send(sql, spec.kind, email, {
    ...baseData(app, user, redirectTo),
    ConfirmationURL: confirmationUrl(app, hash, spec.linkType, redirectTo),
    Token: otp,
    TokenHash: hash,
  });
  const patch: Partial<UserRow> = { [spec.column]: hash, [spec.sentAtColumn]: new Date() };
  if (type === 'invite') patch.invited_at = new Date();
  const updated = await updateUser(sql, user.id, patch);
  await saveOneTimeToken(sql, user.id, spec.ottType, hash, email);
  return updated;
}

/** Email change: a mail to the new address and, with double_confirm_changes, one to the current address. */
export async function sendEmailChange(
  app: App,
  sql: Sql,
  user: UserRow,
  newEmail: string,
  pkce: boolean,
  redirectTo: string,
): Promise<UserRow> {
  checkFrequency(app, user.email_change_sent_at);
  checkEmailLimit(app);
  const len = app.config.email.otpLength;
  const otpNew = generateOtp(len);
  const hashNew = tokenHash(newEmail, otpNew, pkce);
  const current = user.email ?? '';
  const secure = app.config.email.doubleConfirmChanges && current !== '';
  const otpCurrent = secure ? generateOtp(len) : '';
  const hashCurrent = secure ? tokenHash(current, otpCurrent, pkce) : '';
  const mails = [{ to: newEmail, otp: otpNew, hash: hashNew }];
  if (secure) mails.push({ to: current, otp: otpCurrent, hash: hashCurrent });
  for (const m of mails) {
    await app.mailer.send(sql, 'email_change', m.to, {
      ...baseData(app, user, redirectTo),
      ConfirmationURL: confirmationUrl(app, m.hash, 'email_change', redirectTo),
      NewEmail: newEmail,
      SendingTo: m.to,
      Token: m.otp,
      TokenHash: m.hash,
    });
  }
  const updated = await updateUser(sql, user.id, {
    email_change: newEmail,
    email_change_token_new: hashNew,
    email_change_token_current: hashCurrent,
    email_change_confirm_status: 0,
    email_change_sent_at: new Date(),
  });
  await saveOneTimeToken(sql, user.id, 'email_change_token_new', hashNew, newEmail);
  if (secure) await saveOneTimeToken(sql, user.id, 'email_change_token_current', hashCurrent, current);
  return updated;
}

/** GET /reauthenticate: a code-only mail; the nonce later authorizes a password change. */
export async function sendReauthentication(app: App, sql: Sql, user: UserRow): Promise<void> {
  checkFrequency(app, user.reauthentication_sent_at);
  checkEmailLimit(app);
  const email = user.email ?? '';
  const otp = generateOtp(app.config.email.otpLength);
  const hash = tokenHash(email, otp);
  await app.mailer.send(sql, 'reauthentication', email, {
    ...baseData(app, user, app.config.siteUrl),
    Token: otp,
  });
  await updateUser(sql, user.id, { reauthentication_token: hash, reauthentication_sent_at: new Date() });
  await saveOneTimeToken(sql, user.id, 'reauthentication_token', hash, email);
}

/** What a notice adds to GoTrue's SiteURL, Email and Data (templatemailer's *NotificationMail), and its recipient. */
export interface NoticeDetails {
  /** GoTrue mails the user's address, except email_changed: the old one. */
  to?: string;
  OldEmail?: string;
  Provider?: string;
  FactorType?: string;
}

/**
 * A security notice (GoTrue's send*Notification), sent only when its kind is enabled and there is an address. GoTrue
 * logs a notice it cannot send (the email limit reached) and the request still succeeds, so it is skipped here.
 */
export async function sendNotification(
  app: App,
  sql: Sql,
  user: UserRow,
  kind: NotificationKind,
  { to = user.email ?? '', ...details }: NoticeDetails = {},
): Promise<void> {
  if (!app.config.notifications[kind].enabled || to === '' || emailLimitReached(app)) return;
  await app.mailer.send(sql, `${kind}_notification`, to, {
    SiteURL: app.config.siteUrl,
    Email: user.email ?? '',
    Data: user.raw_user_meta_data,
    ...details,
  });
}
