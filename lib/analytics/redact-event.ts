// Strips anything that could identify a visitor from the URLs sent to Vercel Analytics and
// Speed Insights: query strings and fragments always; path segments that look like an email,
// a UUID, a token (long random-looking strings, JWTs) or a numeric code become placeholders.

const patterns: Array<[RegExp, string]> = [
  [/^[^@\s]+@[^@\s]+$/, ':email'],
  [/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, ':id'],
  [/^[\w-]+\.[\w-]+\.[\w-]+$/, ':token'], // JWT-shaped
  [/^\d{4,}$/, ':code'],
  [/^(?=[\w-]*\d)[\w-]{20,}$/, ':token'], // long strings mixing letters and digits
];

function redactSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape: match the patterns against the raw segment instead.
  }
  for (const [pattern, placeholder] of patterns) if (pattern.test(decoded)) return placeholder;
  return segment;
}

/** The URL without query, hash or identifying path segments (relative URLs stay relative). */
export function redactUrl(url: string): string {
  const parsed = new URL(url, 'http://relative.invalid');
  const path = parsed.pathname.split('/').map(redactSegment).join('/');
  return parsed.origin === 'http://relative.invalid' ? path : `${parsed.origin}${path}`;
}

/** `beforeSend` for @vercel/analytics and @vercel/speed-insights. */
export function redactEvent<T extends { url: string }>(event: T): T {
  return { ...event, url: redactUrl(event.url) };
}
