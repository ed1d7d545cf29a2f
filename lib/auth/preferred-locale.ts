import type { User } from '@supabase/supabase-js';
import { cookies } from 'next/headers';
import type { Locale } from 'next-intl';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '@/i18n/locale-cookie';
import { isLocale } from '@/i18n/locales';

/** The language a user chose (user_metadata.locale), else the language of the form they used. */
export function preferredLocale(
  user: Pick<User, 'user_metadata'> | null | undefined,
  fallback: Locale,
): Locale {
  const stored: unknown = user?.user_metadata?.locale;
  return isLocale(stored) ? stored : fallback;
}

/** Makes later unprefixed visits open in that language too (same cookie as the language switcher). */
export async function rememberLocaleChoice(locale: Locale): Promise<void> {
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', sameSite: 'lax', maxAge: LOCALE_COOKIE_MAX_AGE });
}
