'use client';

import { cloneElement, lazy } from 'react';
import type { Locale } from 'next-intl';
import { DeferredMenu, type TriggerElement } from '@/components/menus/deferred-menu';
import { useTrackedNavigation } from '@/components/navigation/navigation-progress';
import { getPathname, useRouter } from '@/i18n/navigation';
import { isLocale } from '@/i18n/locales';
import { currentPathWithoutLocale, rememberLocale } from '@/i18n/locale-storage';

const loadLocaleMenu = () => import('./locale-menu');
const LocaleMenu = lazy(loadLocaleMenu);

interface LocaleMenuLoaderProps {
  trigger: TriggerElement;
  current: Locale;
  label: string;
}

export function LocaleMenuLoader({ trigger, current, label }: LocaleMenuLoaderProps) {
  const router = useRouter();
  const [pending, navigate] = useTrackedNavigation();

  function choose(value: string) {
    if (!isLocale(value) || value === current) return;
    rememberLocale(value);
    // Keep the page and its query string; only the language changes.
    const href = currentPathWithoutLocale();
    navigate(getPathname({ href, locale: value }), () => router.replace(href, { locale: value }));
  }

  return (
    <DeferredMenu trigger={cloneElement(trigger, { disabled: pending })} preload={loadLocaleMenu}>
      {(menuTrigger) => (
        <LocaleMenu trigger={menuTrigger} current={current} label={label} onChoose={choose} />
      )}
    </DeferredMenu>
  );
}
