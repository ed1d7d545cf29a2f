'use client';

import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { useRouter } from '@/i18n/navigation';
import { type LocaleSource, storedLocaleToRestore } from '@/lib/i18n/detect-locale';
import { DETECTED_LOCALE_COOKIE } from '@/lib/i18n/locale-cookie';
import { readBrowserCookie, writeBrowserCookie } from '@/lib/http/browser-cookies';
import { currentPathWithoutLocale, readStorage, rememberLocale } from '@/lib/i18n/locale-persistence';
import type { AppLocale } from '@/lib/i18n/locales';

/**
 * Storage ranks between the cookie and the browser language, but only the browser can read it:
 * after the server guessed from Accept-Language (or fell back to the default), switch once to a
 * stored choice and restore the cookie so the server gets it right from then on.
 */
export function LocaleStorageSync() {
  const locale = useLocale() as AppLocale;
  const router = useRouter();

  useEffect(() => {
    const source = readBrowserCookie(DETECTED_LOCALE_COOKIE) as LocaleSource | undefined;
    if (!source) return;
    writeBrowserCookie(DETECTED_LOCALE_COOKIE, '', 0);
    const stored = storedLocaleToRestore({
      current: locale,
      source,
      localStorage: readStorage('localStorage'),
      sessionStorage: readStorage('sessionStorage'),
    });
    if (!stored) return;
    rememberLocale(stored);
    router.replace(currentPathWithoutLocale(), { locale: stored });
  }, [locale, router]);

  return null;
}
