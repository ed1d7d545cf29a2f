import { matchAcceptLanguage } from './accept-language';
import { type AppLocale, defaultLocale, isAppLocale } from './locales';

export type LocaleSource = 'query' | 'cookie' | 'accept-language' | 'default';

export interface LocaleRequestSignals {
  /** Value of the `?lang=` query parameter. */
  query?: string | null;
  /** Value of the NEXT_LOCALE cookie. */
  cookie?: string | null;
  acceptLanguage?: string | null;
}

/**
 * The server's half of the detection order for a request without a locale prefix:
 * query parameter, then cookie, then browser language, then the default.
 * (Browser storage sits between cookie and browser language; see `storedLocaleToRestore`.)
 */
export function detectRequestLocale(signals: LocaleRequestSignals): { locale: AppLocale; source: LocaleSource } {
  if (isAppLocale(signals.query)) return { locale: signals.query, source: 'query' };
  if (isAppLocale(signals.cookie)) return { locale: signals.cookie, source: 'cookie' };
  const accepted = matchAcceptLanguage(signals.acceptLanguage);
  if (accepted) return { locale: accepted, source: 'accept-language' };
  return { locale: defaultLocale, source: 'default' };
}

export interface StoredLocaleSignals {
  /** The locale the server picked. */
  current: AppLocale;
  /** What the server based its choice on. Only browser language and default rank below storage. */
  source: LocaleSource;
  localStorage?: string | null;
  sessionStorage?: string | null;
}

/** The browser's half: a stored choice outranks the browser language and the default. */
export function storedLocaleToRestore(signals: StoredLocaleSignals): AppLocale | undefined {
  if (signals.source === 'query' || signals.source === 'cookie') return undefined;
  const stored = isAppLocale(signals.localStorage)
    ? signals.localStorage
    : isAppLocale(signals.sessionStorage)
      ? signals.sessionStorage
      : undefined;
  return stored && stored !== signals.current ? stored : undefined;
}

/** The full order as one pure function (query, cookie, storage, browser language, default). */
export function resolveLocale(
  signals: LocaleRequestSignals & { localStorage?: string | null; sessionStorage?: string | null },
): AppLocale {
  const server = detectRequestLocale(signals);
  return storedLocaleToRestore({ ...signals, current: server.locale, source: server.source }) ?? server.locale;
}
