import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { locale as rootLocale } from 'next/root-params';
import { routing } from './routing';

export default getRequestConfig(async ({ locale: explicit }) => {
  // Route handlers and server actions have no root params: they pass the locale explicitly.
  const candidate = explicit ?? (await rootLocale());
  const locale = hasLocale(routing.locales, candidate) ? candidate : routing.defaultLocale;
  return {
    locale,
    // Stated, not detected: next-intl would otherwise build an Intl.DateTimeFormat on every request to find the
    // server's zone (3% of a signed-in render, profiled). Dates rendered on the server say UTC; the browser shows
    // local time where it matters (components/account/passkey-time.tsx).
    timeZone: 'UTC',
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
