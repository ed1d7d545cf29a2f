'use client';

import { useLocale, useTranslations } from 'next-intl';
import { lazy } from 'react';
import { DeferredMenu, type TriggerElement } from '@/components/menus/deferred-menu';
import { useSessionPresence } from '@/lib/auth/session-presence-client';

const loadUserMenuContent = () => import('./user-menu-content');
const UserMenuContent = lazy(loadUserMenuContent);

export function UserMenuLoader({ trigger }: { trigger: TriggerElement }) {
  const t = useTranslations('UserMenu');
  const locale = useLocale();
  const name = useSessionPresence() ?? t('account');
  const labels = { signedInAs: t('signedInAs', { name }), account: t('account'), signOut: t('signOut') };
  return (
    <DeferredMenu trigger={trigger} preload={loadUserMenuContent}>
      {(menuTrigger) => <UserMenuContent trigger={menuTrigger} locale={locale} labels={labels} />}
    </DeferredMenu>
  );
}
