'use client';

import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { storedLocaleToRestore } from '@/i18n/detection';
import { DETECTED_LOCALE_COOKIE } from '@/i18n/locale-cookie';
import { currentPathWithoutLocale, readStorage, rememberLocale } from '@/i18n/locale-storage';
import { useTrackedNavigation } from '@/components/navigation/navigation-progress';
import { getPathname, useRouter } from '@/i18n/navigation';
import { readBrowserCookie, writeBrowserCookie } from '@/lib/http/browser-cookies';

/**
 * Storage ranks between the cookie and the browser language, but only the browser can read it:
 * after the server guessed from Accept-Language (or fell back to the default), switch once to a
 * stored choice and restore the cookie so the server gets it right from then on.
 */
export function LocaleStorageSync() {
  const locale = useLocale();
  const router = useRouter();
  const [, navigate] = useTrackedNavigation();

  useEffect(() => {
    const source = readBrowserCookie(DETECTED_LOCALE_COOKIE);
    if (source === undefined) return;
    writeBrowserCookie(DETECTED_LOCALE_COOKIE, '', 0);
    // The middleware sets it only when it guessed: from Accept-Language, or the default.
    if (source !== 'accept-language' && source !== 'default') return;
    const stored = storedLocaleToRestore({
      current: locale,
      source,
      localStorage: readStorage('localStorage'),
      sessionStorage: readStorage('sessionStorage'),
    });
    if (!stored) return;
    rememberLocale(stored);
    const href = currentPathWithoutLocale();
    navigate(getPathname({ href, locale: stored }), () => router.replace(href, { locale: stored }));
  }, [locale, router, navigate]);

  return null;
}
