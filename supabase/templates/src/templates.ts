// Every mail supabase/config.toml sends, by the name of its file in supabase/templates/, and its subject there.
import type { Locale } from 'next-intl';
import { defaultLocale, locales } from '../../../i18n/locales.ts';
import confirmation from './confirmation.ts';
import email_change from './email_change.ts';
import email_changed_notification from './email_changed_notification.ts';
import identity_linked_notification from './identity_linked_notification.ts';
import identity_unlinked_notification from './identity_unlinked_notification.ts';
import invite from './invite.ts';
import magic_link from './magic_link.ts';
import { type Mail, type MailSource, renderMail, wordSource } from './mail.ts';
import mfa_factor_enrolled_notification from './mfa_factor_enrolled_notification.ts';
import mfa_factor_unenrolled_notification from './mfa_factor_unenrolled_notification.ts';
import password_changed_notification from './password_changed_notification.ts';
import phone_changed_notification from './phone_changed_notification.ts';
import reauthentication from './reauthentication.ts';
import recovery from './recovery.ts';
import { type EmailWords, type MailName, emailWords, phrase } from './words.ts';

const mails: Record<MailName, MailSource> = {
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
export const CONFIG_FILE = 'supabase/config.toml';

/** A mail with the texts of its words, in each language of `list`. */
function withWords(name: MailName, mail: MailSource, words: Record<Locale, EmailWords>): Mail {
  return {
    ...mail,
    words: Object.fromEntries(
      mail.words.map((word) => {
        const [variable, group, key] = wordSource(name, word);
        return [variable, phrase(words, group, key)];
      }),
    ),
  };
}

/** Each template file's name and text, as `npm run templates` writes them, for the languages of `list`. */
export function emailTemplates(list: readonly Locale[] = locales): Record<string, string> {
  const words = emailWords(list);
  return Object.fromEntries(
    Object.entries(mails).map(([name, mail]) => [
      `${name}.html`,
      renderMail(withWords(name as MailName, mail, words), `${TEMPLATES_DIR}/src/${name}.ts`, list),
    ]),
  );
}

/**
 * Each mail's subject as config.toml carries it, by template file: one Go template line that picks the reader's
 * language (`.Data.locale`, which the app stores), the default language last.
 */
export function emailSubjects(list: readonly Locale[] = locales): Record<string, string> {
  const words = emailWords(list);
  return Object.fromEntries(
    (Object.keys(mails) as MailName[]).map((name) => {
      const subject = phrase(words, name, 'subject');
      const branches = list
        .filter((locale) => locale !== defaultLocale)
        .map((locale, i) => `{{ ${i ? 'else ' : ''}if eq .Data.locale "${locale}" }}${subject[locale]}`);
      return [`${name}.html`, `${branches.join('')}{{ else }}${subject[defaultLocale]}{{ end }}`];
    }),
  );
}

/**
 * config.toml with each mail's `subject` line written from `subjects`: in the section whose `content_path` names the
 * mail's template, whatever the section is called. Only those lines change; a mail the file does not send is an error.
 */
export function withSubjects(toml: string, subjects: Record<string, string>): string {
  // Sections as runs of lines, each from its [header] to the next.
  const sections: string[][] = [[]];
  for (const line of toml.split('\n')) {
    if (/^\s*\[/.test(line)) sections.push([]);
    sections.at(-1)!.push(line);
  }
  const written = new Set<string>();
  for (const section of sections) {
    const path = section.findIndex((line) => /^content_path\s*=/.test(line));
    const template = /"\.\/supabase\/templates\/([^"]+)"/.exec(section[path] ?? '')?.[1];
    const subject = template === undefined ? undefined : subjects[template];
    if (subject === undefined) continue;
    const line = `subject = ${JSON.stringify(subject)}`;
    const at = section.findIndex((text) => /^subject\s*=/.test(text));
    if (at >= 0) section[at] = line;
    else section.splice(path, 0, line);
    written.add(template!);
  }
  const missing = Object.keys(subjects).filter((template) => !written.has(template));
  if (missing.length)
    throw new Error(`${CONFIG_FILE} sends no ${missing.join(', ')} (no content_path names it)`);
  return sections.flat().join('\n');
}
