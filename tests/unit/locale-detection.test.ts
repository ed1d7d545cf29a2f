import { describe, expect, it } from 'vitest';
import {
  detectRequestLocale,
  type LocaleRequestSignals,
  matchAcceptLanguage,
  storedLocaleToRestore,
} from '@/i18n/detection';

/** The whole order as a visitor meets it: the middleware's choice, then the browser's stored one (LocaleStorageSync). */
function resolveLocale(
  signals: LocaleRequestSignals & { localStorage?: string | null; sessionStorage?: string | null },
) {
  const server = detectRequestLocale(signals);
  return (
    storedLocaleToRestore({ ...signals, current: server.locale, source: server.source }) ?? server.locale
  );
}

describe('matchAcceptLanguage', () => {
  it.each([
    ['de-AT', 'de'],
    ['de-AT,en;q=0.5', 'de'],
    ['en;q=0.3, ja;q=0.9', 'ja'],
    ['fr-CA;q=0.8, es-MX', 'es'],
    ['pt-BR, ar-EG;q=0.7, en;q=0.6', 'ar'],
    ['it, pt;q=0.9', undefined],
    ['DE-ch', 'de'],
    ['en;q=0, fr;q=0.1', 'fr'],
    ['ja;q=1.5, es', 'es'],
    ['ja;q=abc, fr', 'fr'],
    ['*', undefined],
    ['', undefined],
    [';;;,,,', undefined],
    ['x'.repeat(5000), undefined],
  ])('%s → %s', (header, expected) => {
    expect(matchAcceptLanguage(header)).toBe(expected);
  });

  it('keeps header order for equal weights', () => {
    expect(matchAcceptLanguage('es;q=0.5, fr;q=0.5')).toBe('es');
  });
});

describe('detection order', () => {
  const all = {
    query: 'fr',
    cookie: 'de',
    localStorage: 'ja',
    sessionStorage: 'es',
    acceptLanguage: 'ar',
  };

  it('query beats cookie', () => {
    expect(resolveLocale(all)).toBe('fr');
    expect(detectRequestLocale(all).source).toBe('query');
  });

  it('cookie beats storage', () => {
    expect(resolveLocale({ ...all, query: null })).toBe('de');
  });

  it('localStorage beats sessionStorage and the browser language', () => {
    expect(resolveLocale({ ...all, query: null, cookie: null })).toBe('ja');
  });

  it('sessionStorage is used when localStorage is empty', () => {
    expect(resolveLocale({ ...all, query: null, cookie: null, localStorage: null })).toBe('es');
  });

  it('browser language beats the default', () => {
    expect(resolveLocale({ acceptLanguage: 'ar-SA' })).toBe('ar');
  });

  it('falls back to the default locale', () => {
    expect(resolveLocale({})).toBe('en');
    expect(detectRequestLocale({ acceptLanguage: 'it' })).toEqual({ locale: 'en', source: 'default' });
  });

  it('ignores unsupported or malformed values at every step', () => {
    expect(
      resolveLocale({ query: 'xx', cookie: '../en', localStorage: 'klingon', acceptLanguage: 'es' }),
    ).toBe('es');
  });

  it('restores storage only when the server guessed and the choice differs', () => {
    expect(storedLocaleToRestore({ current: 'en', source: 'accept-language', localStorage: 'de' })).toBe(
      'de',
    );
    expect(storedLocaleToRestore({ current: 'de', source: 'default', localStorage: 'de' })).toBeUndefined();
    expect(storedLocaleToRestore({ current: 'en', source: 'cookie', localStorage: 'de' })).toBeUndefined();
    expect(storedLocaleToRestore({ current: 'en', source: 'query', sessionStorage: 'de' })).toBeUndefined();
  });
});
