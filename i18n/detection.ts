import type { Locale } from 'next-intl';
import { defaultLocale, isLocale } from './locales';

// Choosing the language of a URL without one: the server's half runs in the middleware, the browser's half in
// components/i18n/locale-storage-sync.tsx (only the browser can read its storage).

type LocaleSource = 'query' | 'cookie' | 'accept-language' | 'default';

interface Weighted {
  tag: string;
  q: number;
  order: number;
}

function parseAcceptLanguage(header: string): Weighted[] {
  const entries: Weighted[] = [];
  header.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase();
    if (!tag || !/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() !== 'q') continue;
      const parsed = Number(value);
      q = Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 0;
    }
    if (q > 0) entries.push({ tag, q, order });
  });
  // Highest quality first; equal qualities keep the header's order.
  return entries.sort((a, b) => b.q - a.q || a.order - b.order);
}

/** The best supported locale for an Accept-Language header (`de-AT` → `de`), or undefined. */
export function matchAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  for (const { tag } of parseAcceptLanguage(header.slice(0, 1024))) {
    if (tag === '*') return undefined;
    const base = tag.split('-')[0];
    if (isLocale(tag)) return tag;
    if (isLocale(base)) return base;
  }
  return undefined;
}

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
export function detectRequestLocale(signals: LocaleRequestSignals): { locale: Locale; source: LocaleSource } {
  if (isLocale(signals.query)) return { locale: signals.query, source: 'query' };
  if (isLocale(signals.cookie)) return { locale: signals.cookie, source: 'cookie' };
  const accepted = matchAcceptLanguage(signals.acceptLanguage);
  if (accepted) return { locale: accepted, source: 'accept-language' };
  return { locale: defaultLocale, source: 'default' };
}

interface StoredLocaleSignals {
  /** The locale the server picked. */
  current: Locale;
  /** What the server based its choice on. Only browser language and default rank below storage. */
  source: LocaleSource;
  localStorage?: string | null;
  sessionStorage?: string | null;
}

/** The browser's half: a stored choice outranks the browser language and the default. */
export function storedLocaleToRestore(signals: StoredLocaleSignals): Locale | undefined {
  if (signals.source === 'query' || signals.source === 'cookie') return undefined;
  const stored = isLocale(signals.localStorage)
    ? signals.localStorage
    : isLocale(signals.sessionStorage)
      ? signals.sessionStorage
      : undefined;
  return stored && stored !== signals.current ? stored : undefined;
}
