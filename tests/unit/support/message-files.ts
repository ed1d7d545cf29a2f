import { readFileSync } from 'node:fs';

// The message files as the unit tests read them: nested JSON, and the same flattened to dotted keys.

export type Messages = { [key: string]: string | Messages };

export function loadMessages(locale: string): Messages {
  return JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Messages;
}

export function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') entries.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) entries.set(k, v);
  }
  return entries;
}
