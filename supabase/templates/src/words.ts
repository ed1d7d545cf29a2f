// Every word of every mail lives in its language's messages file, `messages/<locale>.json`, under `Email`: one
// object per mail (named as its template file, with its `subject`) and `Email.shared` for the texts several mails
// say. A mail names the words it prints (mail.ts); this reads them.
import { readFileSync } from 'node:fs';
import type { Locale } from 'next-intl';
import { locales } from '../../../i18n/locales.ts';
import type en from '../../../messages/en.json';

export type EmailWords = (typeof en)['Email'];
export type MailName = Exclude<keyof EmailWords, 'shared'>;
export type SharedWord = keyof EmailWords['shared'];

const messagesDir = new URL('../../../messages/', import.meta.url);

/** The `Email` words of each language of `list`, from `messages/<locale>.json`. */
export function emailWords(list: readonly string[] = locales): Record<Locale, EmailWords> {
  return Object.fromEntries(
    list.map((locale) => {
      const file = `messages/${locale}.json`;
      let messages: { Email?: EmailWords };
      try {
        messages = JSON.parse(
          readFileSync(new URL(`${locale}.json`, messagesDir), 'utf8'),
        ) as typeof messages;
      } catch (error) {
        throw new Error(
          `${file} cannot be read (${(error as Error).message}): every language needs its messages file`,
        );
      }
      if (!messages.Email)
        throw new Error(`${file} has no Email words: translate Email from messages/en.json`);
      return [locale, messages.Email];
    }),
  ) as Record<Locale, EmailWords>;
}

/** One text of `Email.<group>.<key>` in each language; a missing one names the file and key to add. */
export function phrase(
  words: Record<Locale, EmailWords>,
  group: MailName | 'shared',
  key: string,
): Record<Locale, string> {
  return Object.fromEntries(
    Object.entries(words).map(([locale, email]) => {
      const text = (email[group] as Record<string, string> | undefined)?.[key];
      if (typeof text !== 'string' || !text)
        throw new Error(`messages/${locale}.json has no text for Email.${group}.${key}`);
      // Written as plain text into Go templates: ICU syntax here would read differently in the app's files.
      if (/[{}<>]|''/.test(text))
        throw new Error(
          `messages/${locale}.json: Email.${group}.${key} is plain text, without {, }, <, > or ''`,
        );
      return [locale, text];
    }),
  ) as Record<Locale, string>;
}
