// Shared by the middleware (reads), the switcher (writes) and the storage sync (restores).
export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const LOCALE_STORAGE_KEY = 'NEXT_LOCALE';
/** Set on the redirect from an unprefixed URL when the server had no cookie to go on. */
export const DETECTED_LOCALE_COOKIE = 'NEXT_LOCALE_DETECTED';
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
