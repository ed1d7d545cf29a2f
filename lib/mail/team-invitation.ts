import type { Locale } from 'next-intl';
import { textDirection } from '@/i18n/locales';
import { env } from '@/lib/env/env';
import { layout } from '@/supabase/templates/src/layout';
import { teamInvitation, teamInvitationBody } from '@/supabase/templates/src/app-notices';
import { fillTemplate } from './render';
import { type OutgoingMail, sendMail } from './transport';
import { mailWords } from './words';

export interface InvitationMail {
  to: string;
  /** The token the database handed out for this send; the link is the only place it is ever written. */
  token: string;
  teamName: string;
  role: 'admin' | 'member';
  invitedBy: string;
}

/** The invitation's page, where the emailed button leads. */
export function invitationLink(locale: Locale, token: string, siteUrl: URL): string {
  return new URL(`/${locale}/invitations/${token}`, siteUrl).href;
}

/** An invitation in `locale` (the one invite_to_team chose): subject, HTML in the auth mails' layout, plain text. */
export async function renderTeamInvitation(
  mail: InvitationMail,
  locale: Locale,
  siteUrl: URL,
): Promise<OutgoingMail> {
  const words = await mailWords(teamInvitation, locale);
  const role = mail.role === 'admin' ? words.roleAdmin! : words.roleMember!;
  const rtl = textDirection(locale) === 'rtl';
  const html = fillTemplate(layout(teamInvitationBody), {
    ...Object.fromEntries(Object.entries(words).map(([name, text]) => [`$${name}`, text])),
    $lang: locale,
    $dir: rtl ? 'rtl' : 'ltr',
    $align: rtl ? 'right' : 'left',
    $role: role,
    '.TeamName': mail.teamName,
    '.InvitedBy': mail.invitedBy,
    '.Token': mail.token,
    '.SiteURL': siteUrl.origin,
  });
  const text = [
    words.heading,
    words.intro,
    `${words.teamLabel} ${mail.teamName}\n${words.roleLabel} ${role}\n${words.invitedByLabel} ${mail.invitedBy}`,
    `${words.button}: ${invitationLink(locale, mail.token, siteUrl)}`,
    words.expires,
    words.ignore,
    `--\n${words.footer}`,
  ].join('\n\n');
  return { to: mail.to, subject: words.subject!, html, text };
}

/** Renders and sends one invitation; whether SMTP took it (lib/mail/transport.ts logs a failure). */
export async function sendTeamInvitation(mail: InvitationMail, locale: Locale): Promise<boolean> {
  return sendMail(await renderTeamInvitation(mail, locale, env.siteUrl));
}
