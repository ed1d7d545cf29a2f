const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses a Go duration string ("5s", "1m30s", "1h") as the CLI's config does; returns milliseconds. */
export function parseGoDuration(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (const m of trimmed.matchAll(re)) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    consumed += m[0].length;
  }
  if (consumed === 0 || consumed !== trimmed.length) throw new Error(`invalid duration "${text}"`);
  return total;
}
