/**
 * Media types as PostgREST's MediaType.hs reads them: the `Accept` header's offers (ordered by quality, as wai's
 * parseHttpAccept orders them) and the `Content-Type` of a body. Which one is answered is decided in plan/, against
 * the schema cache (a function may return a media type domain).
 */

/** The bodies PostgREST answers with: JSON arrays, a single object, CSV, or a function's raw media type domain. */
export type Media = 'json' | 'object' | 'csv' | 'raw';

/** `application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|…`: EXPLAIN instead of the answer. */
export interface PlanMedia {
  format: 'json' | 'text';
  options: string[];
  /** The media type the plan is for, as it is written back in Content-Type. */
  for: string;
}

/**
 * One media type: `type/subtype` lowercased, its parameters (names lowercased, quotes dropped), and the text as sent
 * without its quality (what PostgREST's 406 lists).
 */
export interface MediaOffer {
  type: string;
  params: Map<string, string>;
  text: string;
}

/** One media type and its parameters. */
export function parseMedia(item: string): MediaOffer {
  const [type = '', ...rest] = item.split(';').map((p) => p.trim());
  const params = new Map<string, string>();
  for (const p of rest) {
    const at = p.indexOf('=');
    if (at > 0)
      params.set(
        p.slice(0, at).trim().toLowerCase(),
        p
          .slice(at + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  const text = item
    .split(';')
    .map((p) => p.trim())
    .filter((p) => !/^q\s*=/i.test(p))
    .join(';');
  return { type: type.toLowerCase(), params, text };
}

/** A `q` parameter as a number (1 when absent or unreadable, as parseHttpAccept reads it). */
function quality(offer: MediaOffer): number {
  const q = offer.params.get('q');
  const n = q === undefined ? NaN : Number(q);
  return Number.isFinite(n) ? n : 1;
}

/** The `Accept` header's media types, best quality first (stable); `*\/*` when it is absent or empty. */
export function parseAccept(accept: string | null): MediaOffer[] {
  if (!accept || !accept.trim()) return [parseMedia('*/*')];
  const offers = accept
    .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((a) => a.trim())
    .filter(Boolean)
    .map(parseMedia);
  return offers
    .map((offer, i) => ({ offer, i, q: quality(offer) }))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((o) => o.offer);
}

/**
 * What a request body is, by its `Content-Type` (application/json when absent): JSON, CSV, a form, or the raw text,
 * XML or bytes a function's one unnamed text, xml or bytea parameter takes.
 */
export type ContentMedia = 'json' | 'csv' | 'form' | 'text' | 'xml' | 'octet' | { other: string };

const CONTENT: Record<string, ContentMedia> = {
  'application/json': 'json',
  'text/csv': 'csv',
  'application/x-www-form-urlencoded': 'form',
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'octet',
};

export function contentMedia(header: string | null): ContentMedia {
  if (header === null) return 'json';
  return CONTENT[parseMedia(header).type] ?? { other: header.trim() };
}

/** A content media type written back as PostgREST's toMime writes it (another type as it was sent). */
export function contentMime(content: ContentMedia): string {
  if (typeof content === 'object') return content.other;
  return Object.entries(CONTENT).find(([, c]) => c === content)![0];
}
