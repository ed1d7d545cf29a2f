'use client';

import { CircleUser } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { lazy } from 'react';
import { DeferredMenu } from '@/components/menus/deferred-menu';
import { Button } from '@/components/ui/button';
import { useSessionPresence } from '@/lib/auth/session-presence-client';

const loadUserMenuContent = () => import('./user-menu-content');
const UserMenuContent = lazy(loadUserMenuContent);

/**
 * The signed-in user's menu. Pages are static and shared, so who is signed in comes from the session hint
 * cookie in the browser; CSS keeps it hidden (and the sign-in links shown) for everyone else.
 */
export function UserMenu() {
  const t = useTranslations('UserMenu');
  const locale = useLocale();
  const name = useSessionPresence() ?? t('account');

  const trigger = (
    <Button variant="ghost" size="sm" data-testid="user-menu-trigger">
      <CircleUser aria-hidden="true" />
      {/* The accessible name includes the visible name (WCAG 2.5.3, label in name). */}
      <span className="sr-only">{t('open')}: </span>
      <span className="max-w-32 truncate max-sm:sr-only">{name}</span>
    </Button>
  );
  const labels = { signedInAs: t('signedInAs', { name }), account: t('account'), signOut: t('signOut') };

  return (
    <div className="hidden signed-in:flex">
      <DeferredMenu trigger={trigger} preload={loadUserMenuContent}>
        {(menuTrigger) => <UserMenuContent trigger={menuTrigger} locale={locale} labels={labels} />}
      </DeferredMenu>
    </div>
  );
}
