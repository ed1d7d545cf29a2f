'use client';

import { Moon, Sun } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { lazy } from 'react';
import { DeferredMenu } from '@/components/menus/deferred-menu';
import { Button } from '@/components/ui/button';

const loadThemeMenu = () => import('./theme-menu');
const ThemeMenu = lazy(loadThemeMenu);

export function ThemeToggle() {
  const t = useTranslations('Theme');
  const trigger = (
    <Button variant="ghost" size="icon" aria-label={t('label')}>
      {/* CSS picks the icon, so server and client render the same markup. */}
      <Sun aria-hidden="true" className="dark:hidden" />
      <Moon aria-hidden="true" className="hidden dark:block" />
    </Button>
  );
  const labels = { label: t('label'), light: t('light'), dark: t('dark'), system: t('system') };
  return (
    <DeferredMenu trigger={trigger} preload={loadThemeMenu}>
      {(menuTrigger) => <ThemeMenu trigger={menuTrigger} labels={labels} />}
    </DeferredMenu>
  );
}
