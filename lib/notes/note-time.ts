import { createFormatter, type Locale } from 'next-intl';

/** Notes changed within this long show relative times ("3 hours ago"); older ones their date and time. */
export const recentMs = 7 * 24 * 60 * 60 * 1000;

/** When a note was created or changed, in the visitor's language and time zone, as the browser shows it. */
export function noteTime(locale: Locale, date: Date, now: Date, timeZone: string): string {
  const distance = Math.abs(now.getTime() - date.getTime());
  // "now", not "44 seconds ago": the browser's clock and the database's need not agree to the second.
  if (distance < 60_000) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  const format = createFormatter({ locale, timeZone, now });
  if (distance < recentMs) return format.relativeTime(date);
  return format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The same moment before the browser's time zone is known (the server's HTML, and form messages posted without
 * JavaScript): absolute, in UTC, saying so.
 */
export function noteTimeUtc(locale: Locale, date: Date): string {
  return createFormatter({ locale, timeZone: 'UTC' }).dateTime(date, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** A time zone the browser posted, if Intl knows it. */
export function knownTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    // Not a zone Intl knows (RangeError): the message says UTC instead.
    return undefined;
  }
}
