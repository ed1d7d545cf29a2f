'use client';

import { useLocale } from 'next-intl';
import { useBrowserValue } from '@/lib/use-browser-value';

const local = { dateStyle: 'medium', timeStyle: 'short' } as const;
const utc = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
} as const;

/**
 * A moment in the visitor's own time zone. The server does not know it: its HTML says UTC (and says so), and the
 * browser replaces that with local time once hydrated.
 */
export function PasskeyTime({ iso }: { iso: string }) {
  const locale = useLocale();
  const date = new Date(iso);
  const text = useBrowserValue(
    () => new Intl.DateTimeFormat(locale, local).format(date),
    () => new Intl.DateTimeFormat(locale, utc).format(date),
  );
  return <time dateTime={iso}>{text}</time>;
}
