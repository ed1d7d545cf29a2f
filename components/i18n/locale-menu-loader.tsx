'use client';

import { cloneElement, lazy, useTransition } from 'react';
import { DeferredMenu, type TriggerElement } from '@/components/menus/deferred-menu';
import { useRouter } from '@/i18n/navigation';
import { type AppLocale, isAppLocale } from '@/lib/i18n/locales';
import { currentPathWithoutLocale, rememberLocale } from '@/lib/i18n/locale-persistence';

const loadLocaleMenu = () => import('./locale-menu');
const LocaleMenu = lazy(loadLocaleMenu);

interface LocaleMenuLoaderProps {
  trigger: TriggerElement;
  current: AppLocale;
  label: string;
}

export function LocaleMenuLoader({ trigger, current, label }: LocaleMenuLoaderProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(value: string) {
    if (!isAppLocale(value) || value === current) return;
    rememberLocale(value);
    // Keep the page and its query string; only the language changes.
    startTransition(() => router.replace(currentPathWithoutLocale(), { locale: value }));
  }

  return (
    <DeferredMenu trigger={cloneElement(trigger, { disabled: pending })} preload={loadLocaleMenu}>
      {(menuTrigger) => <LocaleMenu trigger={menuTrigger} current={current} label={label} onChoose={choose} />}
    </DeferredMenu>
  );
}
