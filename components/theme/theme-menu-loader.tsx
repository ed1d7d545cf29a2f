'use client';

import { type ComponentProps, lazy } from 'react';
import { DeferredMenu, type TriggerElement } from '@/components/menus/deferred-menu';

const loadThemeMenu = () => import('./theme-menu');
const ThemeMenu = lazy(loadThemeMenu);

interface ThemeMenuLoaderProps {
  trigger: TriggerElement;
  labels: ComponentProps<typeof ThemeMenu>['labels'];
}

export function ThemeMenuLoader({ trigger, labels }: ThemeMenuLoaderProps) {
  return (
    <DeferredMenu trigger={trigger} preload={loadThemeMenu}>
      {(menuTrigger) => <ThemeMenu trigger={menuTrigger} labels={labels} />}
    </DeferredMenu>
  );
}
