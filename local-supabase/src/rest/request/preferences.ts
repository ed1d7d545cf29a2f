import { RestError } from '../errors.ts';
import type { Range } from './query-params.ts';

/** The `Prefer` header as PostgREST reads it (src/PostgREST/ApiRequest/Preferences.hs). */
export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  tx?: 'commit' | 'rollback';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
  invalid: string[];
}

const KNOWN: Record<string, [keyof Preferences, string]> = {
  'resolution=merge-duplicates': ['resolution', 'merge-duplicates'],
  'resolution=ignore-duplicates': ['resolution', 'ignore-duplicates'],
  'return=representation': ['return', 'representation'],
  'return=minimal': ['return', 'minimal'],
  'return=headers-only': ['return', 'headers-only'],
  'count=exact': ['count', 'exact'],
  'count=planned': ['count', 'planned'],
  'count=estimated': ['count', 'estimated'],
  'tx=commit': ['tx', 'commit'],
  'tx=rollback': ['tx', 'rollback'],
  'missing=default': ['missing', 'default'],
  'missing=null': ['missing', 'null'],
  'handling=strict': ['handling', 'strict'],
  'handling=lenient': ['handling', 'lenient'],
};

/** Every Prefer header's comma-separated values; the first of each kind wins, as in PostgREST. */
export function parsePreferences(headers: string[]): Preferences {
  const prefs: Preferences = { invalid: [] };
  const set = prefs as unknown as Record<string, unknown>;
  for (const raw of headers.flatMap((h) => h.split(',')).map((p) => p.trim())) {
    const known = KNOWN[raw];
    if (known) {
      if (set[known[0]] === undefined) set[known[0]] = known[1];
    } else if (raw.startsWith('timezone=')) {
      prefs.timezone ??= raw.slice('timezone='.length);
    } else if (raw.startsWith('max-affected=')) {
      const n = raw.slice('max-affected='.length);
      // readMaybe: an integer or nothing.
      if (prefs.maxAffected === undefined && /^-?\d{1,15}$/.test(n)) prefs.maxAffected = Number(n);
    } else {
      prefs.invalid.push(raw);
    }
  }
  if (prefs.handling === 'strict' && prefs.invalid.length) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
  }
  return prefs;
}

/** Preference-Applied, in PostgREST's order, from the preferences the action honoured. */
export function preferenceApplied(applied: Partial<Preferences>): string | undefined {
  const parts: string[] = [];
  if (applied.resolution) parts.push(`resolution=${applied.resolution}`);
  if (applied.missing) parts.push(`missing=${applied.missing}`);
  if (applied.return) parts.push(`return=${applied.return}`);
  if (applied.count) parts.push(`count=${applied.count}`);
  if (applied.tx) parts.push(`tx=${applied.tx}`);
  if (applied.handling) parts.push(`handling=${applied.handling}`);
  if (applied.timezone) parts.push(`timezone=${applied.timezone}`);
  if (applied.handling === 'strict' && applied.maxAffected !== undefined)
    parts.push(`max-affected=${applied.maxAffected}`);
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * The `Range` header (`items=0-9` or `0-9`, PostgREST's rangeParse): a malformed one is ignored; a lower bound
 * above the upper is a 416.
 */
export function parseRangeHeader(value: string | undefined): Range | undefined {
  if (!value) return undefined;
  const m = /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(value.trim());
  if (!m) return undefined;
  const lower = Number(m[1]);
  if (m[2] === '') return { offset: lower };
  const upper = Number(m[2]);
  if (upper < lower) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset: lower, limit: upper - lower + 1 };
}

/** The intersection of two ranges (Range header ∩ limit/offset, then ∩ max_rows). */
export function intersectRanges(a: Range | undefined, b: Range | undefined): Range {
  if (!a) return b ?? { offset: 0 };
  if (!b) return a;
  const offset = Math.max(a.offset, b.offset);
  const ends = [a, b].filter((r) => r.limit !== undefined).map((r) => r.offset + r.limit!);
  if (!ends.length) return { offset };
  return { offset, limit: Math.max(0, Math.min(...ends) - offset) };
}

/** Content-Range as contentRangeH writes it. */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}
