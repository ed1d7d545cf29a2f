// Every mail supabase/config.toml sends, by the name of its file in supabase/templates/.
import confirmation from './confirmation.ts';
import email_change from './email_change.ts';
import email_changed_notification from './email_changed_notification.ts';
import identity_linked_notification from './identity_linked_notification.ts';
import identity_unlinked_notification from './identity_unlinked_notification.ts';
import invite from './invite.ts';
import magic_link from './magic_link.ts';
import { renderMail } from './mail.ts';
import mfa_factor_enrolled_notification from './mfa_factor_enrolled_notification.ts';
import mfa_factor_unenrolled_notification from './mfa_factor_unenrolled_notification.ts';
import password_changed_notification from './password_changed_notification.ts';
import phone_changed_notification from './phone_changed_notification.ts';
import reauthentication from './reauthentication.ts';
import recovery from './recovery.ts';

const mails = {
  confirmation,
  email_change,
  email_changed_notification,
  identity_linked_notification,
  identity_unlinked_notification,
  invite,
  magic_link,
  mfa_factor_enrolled_notification,
  mfa_factor_unenrolled_notification,
  password_changed_notification,
  phone_changed_notification,
  reauthentication,
  recovery,
};

export const TEMPLATES_DIR = 'supabase/templates';

/** Each template file's name and text, as `npm run templates` writes them. */
export function emailTemplates(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(mails).map(([name, mail]) => [
      `${name}.html`,
      renderMail(mail, `${TEMPLATES_DIR}/src/${name}.ts`),
    ]),
  );
}
