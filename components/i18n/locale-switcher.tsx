'use client';

import { Languages } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { lazy, useTransition } from 'react';
import { DeferredMenu } from '@/components/menus/deferred-menu';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/i18n/navigation';
import { type AppLocale, isAppLocale, nativeLanguageName } from '@/lib/i18n/locales';
import { currentPathWithoutLocale, rememberLocale } from '@/lib/i18n/locale-persistence';

const loadLocaleMenu = () => import('./locale-menu');
const LocaleMenu = lazy(loadLocaleMenu);

export function LocaleSwitcher() {
  const t = useTranslations('LocaleSwitcher');
  const current = useLocale() as AppLocale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(value: string) {
    if (!isAppLocale(value) || value === current) return;
    rememberLocale(value);
    // Keep the page and its query string; only the language changes.
    startTransition(() => router.replace(currentPathWithoutLocale(), { locale: value }));
  }

  const trigger = (
    <Button variant="ghost" size="sm" aria-label={t('current', { language: nativeLanguageName(current) })} disabled={pending}>
      <Languages aria-hidden="true" />
      <span className="hidden sm:inline">{nativeLanguageName(current)}</span>
    </Button>
  );

  return (
    <DeferredMenu trigger={trigger} preload={loadLocaleMenu}>
      {(menuTrigger) => <LocaleMenu trigger={menuTrigger} current={current} label={t('label')} onChoose={choose} />}
    </DeferredMenu>
  );
}
