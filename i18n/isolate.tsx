import type { ReactNode } from 'react';

// Values that are not translated text (email addresses, names, codes, provider names) sit in their messages inside
// <bdi>…</bdi>, and this is the one place that formats that tag. Isolated, a value keeps its own direction: in an
// Arabic sentence an address stays whole and the full stop stays at the sentence's end, not in front of it.

/**
 * For `t.rich`: the value as a <bdi> element, kept in one piece when it fits on a line: an address moves to the next
 * line whole instead of breaking at a hyphen among the Arabic words around it (and breaks anywhere only when it is
 * longer than a line).
 */
export const isolated = {
  bdi: (chunks: ReactNode) => (
    <bdi className="inline-block max-w-full [overflow-wrap:anywhere]">{chunks}</bdi>
  ),
};

/**
 * For `t.markup`, where the result must be a plain string (a server action's message, an attribute): Unicode's
 * own isolate marks around the value (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE), the plain-text <bdi>.
 */
export const isolatedText = { bdi: (chunks: string) => `\u2068${chunks}\u2069` };
