import { readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { defaultLocale, locales } from '@/i18n/locales';
import { flatten, loadMessages } from './support/message-files';

/** Argument names a message uses (`{name}`, `{count, plural, …}`, `<b>…</b>` tags). */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
    if (element.type === TYPE.tag) placeholders(element.children, found);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
  }
  return found;
}

const reference = flatten(loadMessages(defaultLocale));

// Arguments that carry a value rather than words: addresses, names, codes, links, brand names.
const valueArguments = ['email', 'name', 'provider', 'code', 'url'];

/** The argument names a message uses outside any <bdi> tag. */
function outsideBdi(elements: MessageFormatElement[], found: string[] = []): string[] {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.push(element.value);
    if (element.type === TYPE.tag && element.value !== 'bdi') outsideBdi(element.children, found);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) outsideBdi(option.value, found);
    }
  }
  return found;
}

describe.each(locales)('messages/%s.json', (locale) => {
  const messages = flatten(loadMessages(locale));

  it('has exactly the keys of en.json', () => {
    expect([...messages.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it('parses every message as ICU with the placeholders English uses', () => {
    for (const [key, message] of messages) {
      let ast: MessageFormatElement[];
      try {
        ast = parse(message);
      } catch (error) {
        throw new Error(`${locale}:${key} is not valid ICU: ${(error as Error).message}`);
      }
      const english = reference.get(key);
      if (english === undefined) continue;
      expect([...placeholders(ast)].sort(), `${locale}:${key}`).toEqual(
        [...placeholders(parse(english))].sort(),
      );
    }
  });

  it('isolates values that are not translated text in <bdi> (i18n/isolate.tsx formats the tag)', () => {
    for (const [key, message] of messages) {
      for (const name of outsideBdi(parse(message)))
        expect(valueArguments, `${locale}:${key} has {${name}} outside <bdi>`).not.toContain(name);
    }
  });

  it('names each key once per object (JSON.parse would keep the last silently; merges can duplicate one)', () => {
    const text = readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8');
    const open: Set<string>[] = [];
    const duplicates: string[] = [];
    // Key positions only: a string followed by a colon, at the depth the braces give.
    for (const token of text.matchAll(/"((?:[^"\\]|\\.)*)"\s*:|[{}]|"(?:[^"\\]|\\.)*"/g)) {
      if (token[0] === '{') open.push(new Set());
      else if (token[0] === '}') open.pop();
      else if (token[1] !== undefined) {
        const keys = open.at(-1)!;
        if (keys.has(token[1])) duplicates.push(token[1]);
        keys.add(token[1]);
      }
    }
    expect(duplicates).toEqual([]);
  });

  it('has no empty messages', () => {
    for (const [key, message] of messages) expect(message.trim(), `${locale}:${key}`).not.toBe('');
  });
});
