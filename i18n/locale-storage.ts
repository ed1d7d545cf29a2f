// Browser only: the language choice in storage, and the page to keep when the language changes.
import type { Locale } from 'next-intl';
import { writeBrowserCookie } from '@/lib/http/browser-cookies';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALE_STORAGE_KEY } from './locale-cookie';

/** Persists a language choice in the cookie (one year, Lax) and in localStorage. */
export function rememberLocale(locale: Locale): void {
  writeBrowserCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE);
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode, quota); the cookie still carries the choice.
  }
}

export function readStorage(storage: 'localStorage' | 'sessionStorage'): string | null {
  try {
    return window[storage].getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Reading storage throws where it is blocked (private mode, sandboxed frames): nothing stored then.
    return null;
  }
}

/** The current URL without its locale prefix, read at event time (no render-time URL dependency). */
export function currentPathWithoutLocale(): string {
  const { pathname, search, hash } = window.location;
  const rest = pathname.replace(/^\/[^/]+/, '');
  return `${rest || '/'}${search}${hash}`;
}
