import { defineRouting } from 'next-intl/routing';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from './locale-cookie';
import { defaultLocale, locales } from './locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' },
});
