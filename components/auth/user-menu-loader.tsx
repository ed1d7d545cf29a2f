'use client';

import { lazy } from 'react';
import { DeferredMenu, type TriggerElement } from '@/components/menus/deferred-menu';

const loadUserMenuContent = () => import('./user-menu-content');
const UserMenuContent = lazy(loadUserMenuContent);

export function UserMenuLoader({ trigger }: { trigger: TriggerElement }) {
  return (
    <DeferredMenu trigger={trigger} preload={loadUserMenuContent}>
      {(menuTrigger) => <UserMenuContent trigger={menuTrigger} />}
    </DeferredMenu>
  );
}
