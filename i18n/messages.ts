import type { AbstractIntlMessages, Messages } from 'next-intl';

/** A namespace of messages/en.json (next-intl's AppConfig): a misspelt one is a type error. */
export type Namespace = keyof Messages;

/**
 * The subset of messages handed to client components, so the page payload stays small. `Scope` is what the keys
 * name: the namespaces by default, or the keys of one namespace (`pickMessages<Messages['AuthErrors']>`).
 */
export function pickMessages<Scope extends object = Messages>(
  messages: AbstractIntlMessages,
  keys: readonly NoInfer<keyof Scope & string>[],
): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const key of keys) {
    const value = messages[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}
