// The language choice's cookie and storage key: read by the middleware, written by the switcher, the storage
// sync and the sign-in actions. Constants only, so every bundle can take them without the rest of i18n/.
export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const LOCALE_STORAGE_KEY = 'NEXT_LOCALE';
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** Set on the redirect from an unprefixed URL when the server had no cookie to go on. */
export const DETECTED_LOCALE_COOKIE = 'NEXT_LOCALE_DETECTED';
