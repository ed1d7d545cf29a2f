// Every word of every mail lives in its language's messages file, `messages/<locale>.json`, under `Email`: one
// object per mail (named as its template file, with its `subject`) and `Email.shared` for the texts several mails
// say. A mail names the words it prints (mail.ts); this reads them.
import { readFileSync } from 'node:fs';
import type { Locale } from 'next-intl';
import { wordText } from './mail.ts';
import { locales } from '../../../i18n/locales.ts';
import type en from '../../../messages/en.json';

export type EmailWords = (typeof en)['Email'];
/** The mails the app sends itself (lib/mail/notices.ts), not GoTrue: `app_` and what happened. */
export type AppMailName = Extract<keyof EmailWords, `app_${string}`>;
/** The mails GoTrue sends, named as their template files. */
export type MailName = Exclude<keyof EmailWords, 'shared' | AppMailName>;
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
  group: keyof EmailWords,
  key: string,
): Record<Locale, string> {
  return Object.fromEntries(
    Object.entries(words).map(([locale, email]) => [locale, wordText(email, locale, group, key)]),
  ) as Record<Locale, string>;
}
