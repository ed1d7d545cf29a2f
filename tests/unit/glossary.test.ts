import { readdirSync, readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import type { Locale } from 'next-intl';
import { actionKeys, glossary, namedSymbolKeys, taskTitleKeys } from '@/i18n/glossary';
import { isLocale, locales } from '@/i18n/locales';
import { GoTemplate } from '@/local-supabase/src/mail/go-template';
import { flatten, loadMessages } from './support/message-files';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>' };

// Holds every messages file, and the emails, to its language's glossary (i18n/glossary.ts): one term per concept,
// one register, one typographic convention, one form for action labels.

const load = (locale: string) => flatten(loadMessages(locale));

const english = load('en');

/** Arguments that hold a number somewhere in English (`{count, plural, …}`, `{min, number}`). */
function numericArguments(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.plural || element.type === TYPE.number) found.add(element.value);
    if (element.type === TYPE.tag) numericArguments(element.children, found);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) numericArguments(option.value, found);
    }
  }
  return found;
}
const numbers = new Set([...english.values()].flatMap((message) => [...numericArguments(parse(message))]));

/**
 * A message as readers see it, once per plural or select branch: numbers become "2", other arguments "◻",
 * tags keep their text (a `<bdi>` value becomes `bdi` when given: a name or address, read as Latin text).
 */
function readings(elements: MessageFormatElement[], bdi?: string): string[] {
  let texts = [''];
  for (const element of elements) {
    let parts: string[];
    if (element.type === TYPE.literal) parts = [element.value];
    else if (element.type === TYPE.pound || element.type === TYPE.number) parts = ['2'];
    else if (element.type === TYPE.argument) parts = [numbers.has(element.value) ? '2' : '◻'];
    else if (element.type === TYPE.tag)
      parts = bdi && element.value === 'bdi' ? [bdi] : readings(element.children, bdi);
    else if (element.type === TYPE.plural || element.type === TYPE.select)
      parts = Object.values(element.options).flatMap((option) => readings(option.value, bdi));
    else parts = ['◻'];
    texts = texts.flatMap((text) => parts.map((part) => text + part));
  }
  return texts;
}

const japanese = '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}]';
const spacedNumber = new RegExp(`\\d\\s+${japanese}|${japanese}\\s+\\d`, 'u');
const unspacedLatin = new RegExp(`[A-Za-z]${japanese}|${japanese}[A-Za-z]`, 'u');

const firstWord = (text: string) => text.trim().split(/\s+/u)[0] ?? '';

describe.each(locales)('messages/%s.json against its glossary', (locale) => {
  const messages = load(locale);
  const { terms, typography, actions, noSpaceAroundNumbers, spaceAroundLatin } = glossary[locale];
  const read = [...messages].map(([key, message]) => ({ key, texts: readings(parse(message)) }));

  it('uses one term per concept and keeps its register', () => {
    const found: string[] = [];
    for (const { key, texts } of read)
      for (const { concept, use, avoid } of terms)
        for (const pattern of avoid)
          for (const text of texts) {
            const match = text.match(pattern);
            if (match) found.push(`${key}: "${match[0]}" (${concept}: use ${use})`);
          }
    expect([...new Set(found)].join('\n')).toBe('');
  });

  it('follows its typographic conventions', () => {
    const found: string[] = [];
    for (const { key, texts } of read) {
      if ((namedSymbolKeys as readonly string[]).includes(key)) continue;
      for (const { rule, avoid } of typography)
        for (const text of texts)
          if (avoid.test(text)) found.push(`${key}: ${rule}: ${JSON.stringify(text)}`);
      if (noSpaceAroundNumbers)
        for (const text of texts)
          if (spacedNumber.test(text))
            found.push(`${key}: no space between a number and the Japanese around it: ${text}`);
      if (spaceAroundLatin)
        for (const text of readings(parse(messages.get(key)!), 'Name'))
          if (unspacedLatin.test(text))
            found.push(
              `${key}: a space between Latin words or a value and the Japanese around them: ${text}`,
            );
    }
    expect([...new Set(found)].join('\n')).toBe('');
  });

  if (actions)
    it('words action labels and task titles in the form its glossary gives', () => {
      const found: string[] = [];
      const check = (keys: readonly string[], rule: string, test: (word: string) => boolean) => {
        for (const key of keys)
          for (const text of readings(parse(messages.get(key)!)))
            if (!test(firstWord(text))) found.push(`${key}: "${text}" is not ${rule}`);
      };
      check(actionKeys, actions.rule, actions.firstWord);
      const titles = actions.titles ?? actions;
      check(taskTitleKeys, titles.rule, titles.firstWord);
      expect(found.join('\n')).toBe('');
    });

  it('keeps the wordings its reviewers settled', () => {
    const found: string[] = [];
    for (const { key, avoid, why } of glossary[locale].settled ?? []) {
      expect(messages.has(key), key).toBe(true);
      if (avoid.test(messages.get(key)!)) found.push(`${key}: ${why}`);
    }
    expect(found.join('\n')).toBe('');
  });

  it('translates one English action label one way', () => {
    const byEnglish = new Map<string, Set<string>>();
    for (const key of actionKeys) {
      const wording = english.get(key)!;
      byEnglish.set(wording, (byEnglish.get(wording) ?? new Set()).add(messages.get(key)!));
    }
    const split = [...byEnglish].filter(([, translations]) => translations.size > 1);
    expect(
      split.map(([wording, translations]) => `"${wording}" → ${[...translations].join(' | ')}`).join('\n'),
    ).toBe('');
  });
});

/** What a text breaks of its language's terms and typography. */
function breaches(locale: Locale, text: string): string[] {
  const { terms, typography } = glossary[locale];
  const found = terms.flatMap(({ concept, use, avoid }) =>
    avoid
      .flatMap((pattern) => text.match(pattern) ?? [])
      .map((match) => `"${match}" (${concept}: use ${use})`),
  );
  return [...found, ...typography.filter(({ avoid }) => avoid.test(text)).map(({ rule }) => rule)];
}

describe('the emails against the glossary', () => {
  const config = parseToml(readFileSync('supabase/config.toml', 'utf8')) as {
    auth: {
      email: {
        template: Record<string, { subject: string }>;
        notification: Record<string, { subject: string }>;
      };
    };
  };

  it.each(readdirSync('supabase/templates').filter((name) => name.endsWith('.html')))(
    'supabase/templates/%s',
    (name) => {
      const template = new GoTemplate(readFileSync(`supabase/templates/${name}`, 'utf8'));
      const found: string[] = [];
      for (const locale of locales) {
        // What the reader sees in the mail (the title and hidden preview text included), values as "◻".
        const html = template.render({
          Data: { locale },
          Email: '◻',
          NewEmail: '◻',
          OldEmail: '◻',
          Token: '◻',
          Provider: 'github',
          FactorType: 'totp',
        });
        const text = html
          .replace(/<[^>]*>/g, ' ')
          .replace(/&(#\d+|amp|lt|gt);/g, (_, entity: string) =>
            entity.startsWith('#') ? String.fromCodePoint(Number(entity.slice(1))) : ENTITIES[entity]!,
          );
        expect(text, `${name} in ${locale}`).toMatch(/\p{L}{3}/u);
        found.push(...breaches(locale, text).map((breach) => `${locale}: ${breach}`));
      }
      expect(found.join('\n')).toBe('');
    },
  );

  it('subjects in supabase/config.toml', () => {
    const found: string[] = [];
    for (const [name, { subject }] of Object.entries({
      ...config.auth.email.template,
      ...config.auth.email.notification,
    }))
      for (const [, locale, text] of subject.matchAll(/eq \.Data\.locale "([^"]+)" \}\}([^{]*)/g))
        if (isLocale(locale))
          found.push(...breaches(locale, text!).map((breach) => `${name} ${locale}: ${breach}`));
    expect(found.join('\n')).toBe('');
  });
});

describe('the glossary', () => {
  it('names only keys that exist', () => {
    for (const key of [...actionKeys, ...taskTitleKeys, ...namedSymbolKeys])
      expect(english.has(key), key).toBe(true);
  });
});
