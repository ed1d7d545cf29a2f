import type { ReactNode } from 'react';

// Values that are not translated text (email addresses, names, codes, provider names) sit in their messages inside
// <bdi>…</bdi>, and this is the one place that formats that tag. Isolated, a value keeps its own direction: in an
// Arabic sentence an address stays whole and the full stop stays at the sentence's end, not in front of it.

/** For `t.rich`: the value as a <bdi> element. */
export const isolated = { bdi: (chunks: ReactNode) => <bdi>{chunks}</bdi> };

/**
 * For `t.markup`, where the result must be a plain string (a server action's message, an attribute): Unicode's
 * own isolate marks around the value (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE), the plain-text <bdi>.
 */
export const isolatedText = { bdi: (chunks: string) => `\u2068${chunks}\u2069` };
