'use client';

import { useLocale } from 'next-intl';
import { noteTime, noteTimeUtc } from '@/lib/notes/note-time';
import { useBrowserValue } from '@/lib/use-browser-value';

const minute = 60_000;

/**
 * When a note was written or changed: relative while recent, else date and time, in the visitor's time zone. The
 * server does not know the zone: its HTML says UTC (and says so), and the browser replaces it once hydrated.
 */
export function NoteTime({ iso }: { iso: string }) {
  const locale = useLocale();
  const date = new Date(iso);
  const text = useBrowserValue(
    // "Now" to the next whole minute, so the text stays the same between renders within it.
    () => noteTime(locale, date, new Date(Math.ceil(Date.now() / minute) * minute), browserTimeZone()),
    () => noteTimeUtc(locale, date),
  );
  return <time dateTime={iso}>{text}</time>;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
