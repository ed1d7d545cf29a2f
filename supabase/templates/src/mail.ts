import type { Locale } from 'next-intl';
import { defaultLocale, locales, textDirection } from '../../../i18n/locales.ts';
import { layout } from './layout.ts';
import type { EmailWords, SharedWord } from './words.ts';

/** One text of a mail in every language. */
export type Phrase = Record<Locale, string>;

/**
 * A Go template variable the mail sets per language: a word of its own, `Email.<mail>.<variable>` in
 * `messages/<locale>.json`, or one of `Email.shared` under a variable name (`shared()`).
 */
export type Word = string | { variable: string; shared: SharedWord };

/** A text several mails say, printed as `variable` (its key by default). */
export const shared = (key: SharedWord, variable: string = key): Word => ({ variable, shared: key });

/** Where a word of `mail` is written: its variable, and its group and key under `Email`. */
export function wordSource(
  mail: keyof EmailWords,
  word: Word,
): [variable: string, group: keyof EmailWords, key: string] {
  return typeof word === 'string' ? [word, mail, word] : [word.variable, 'shared', word.shared];
}

/** The text of `Email.<group>.<key>` in one language's words; a missing one names the file and key to add. */
export function wordText(email: EmailWords, locale: string, group: keyof EmailWords, key: string): string {
  const text = (email[group] as Record<string, string> | undefined)?.[key];
  if (typeof text !== 'string' || !text)
    throw new Error(`messages/${locale}.json has no text for Email.${group}.${key}`);
  // Written as plain text into Go templates and mail: ICU syntax here would read differently in the app's files.
  if (/[{}<>]|''/.test(text))
    throw new Error(`messages/${locale}.json: Email.${group}.${key} is plain text, without {, }, <, > or ''`);
  return text;
}

/** Each word of `mail` under its variable, in one language (the app's own mail reads its words so). */
export function wordsIn(
  email: EmailWords,
  locale: string,
  mail: keyof EmailWords,
  words: readonly Word[],
): Record<string, string> {
  return Object.fromEntries(
    words.map((word) => {
      const [variable, group, key] = wordSource(mail, word);
      return [variable, wordText(email, locale, group, key)];
    }),
  );
}

interface MailParts {
  /** Added to the comment on the generated file's first line. */
  note?: string;
  /** Go template lines after the language branches, which may name GoTrue's values in words. */
  setup?: string;
  /** The lines between the heading and the footer (layout.ts). */
  body: string[];
}

/** A mail as written in supabase/templates/src/: the words it prints, in the order they are set. */
export interface MailSource extends MailParts {
  words: Word[];
}

/** A mail with its words looked up: each variable's text in every language. */
export interface Mail extends MailParts {
  words: Record<string, Phrase>;
}

export const defineMail = (mail: MailSource) => mail;

/** A Go string literal (JSON's escapes are Go's). */
const literal = (text: string) => JSON.stringify(text);

/** The Go template variables a text uses, or with `:=` the ones it declares. */
const variables = (template: string, declaring = false) =>
  new Set([...template.matchAll(declaring ? /\$(\w+) :=/g : /\$(\w+)/g)].map((m) => m[1]!));

/**
 * The template GoTrue reads: it has no includes, so each file carries the layout, and html/template escapes the
 * words where they are printed. `source` is where the mail is written, named in the first line's comment.
 */
export function renderMail(mail: Mail, source: string, list: readonly Locale[] = locales): string {
  const names = Object.keys(mail.words);
  const direction = (locale: Locale) =>
    textDirection(locale) === 'rtl' ? { dir: 'rtl', align: 'right' } : { dir: 'ltr', align: 'left' };
  const base = direction(defaultLocale);
  const branches = list
    .filter((locale) => locale !== defaultLocale)
    .flatMap((locale, i) => {
      const { dir, align } = direction(locale);
      const turn = dir === base.dir ? '' : `{{ $dir = "${dir}" }}{{ $align = "${align}" }}`;
      return [
        `{{- ${i ? 'else ' : ''}if eq .Data.locale "${locale}" }}`,
        `  {{- $lang = "${locale}" }}${turn}`,
        ...names.map((name) => `  {{- $${name} = ${literal(word(mail, name, locale))} }}`),
      ];
    });
  const html = layout(mail.body);
  const setup = mail.setup ?? '';

  const used = variables(setup + html);
  const declared = new Set(['lang', 'dir', 'align', ...names, ...variables(setup, true)]);
  const unused = names.filter((name) => !used.has(name));
  const unset = [...used].filter((name) => !declared.has(name));
  const problems = [
    ...(unused.length ? [`words never printed: ${unused.join(', ')}`] : []),
    ...(unset.length ? [`variables never set: ${unset.join(', ')}`] : []),
  ];
  if (problems.length) throw new Error(`${source}: ${problems.join('; ')}`);

  return [
    `{{- /* Generated from ${source} (with layout.ts beside it) and the Email words of messages/<locale>.json by scripts/email-templates.ts: edit those and run npm run templates. The default language (${defaultLocale}) first, then each other language sets only its words.${mail.note ? ` ${mail.note}` : ''} */ -}}`,
    `{{- $lang := "${defaultLocale}" }}{{ $dir := "${base.dir}" }}{{ $align := "${base.align}" }}`,
    ...names.map((name) => `{{- $${name} := ${literal(word(mail, name, defaultLocale))} }}`),
    ...branches,
    ...(setup ? ['{{- end }}', setup] : ['{{- end -}}']),
    html,
  ].join('\n');
}

function word(mail: Mail, name: string, locale: Locale): string {
  const text = mail.words[name]![locale];
  if (typeof text !== 'string' || !text) throw new Error(`$${name} has no ${locale} text`);
  return text;
}
