import { useTranslations } from 'next-intl';
import { SessionDisplayName } from '@/components/auth/session-display-name';
import { UserMenuAvatar } from '@/components/auth/user-menu-avatar';
import { UserMenuLinks } from '@/components/auth/user-menu-links';
import { UserMenuLoader } from '@/components/auth/user-menu-loader';
import { Button } from '@/components/ui/button';

/**
 * The signed-in user's menu. Pages are static and shared, so who is signed in comes from the session hint
 * cookie in the browser; CSS keeps it hidden (and the sign-in links shown) for everyone else. The button is
 * rendered on the server; only the name in it and the menu behind it run in the browser. Without JavaScript, on
 * private pages (the `signed-in` variant), plain links stand in for the menu.
 */
export function UserMenu() {
  const t = useTranslations('UserMenu');
  const trigger = (
    <Button variant="ghost" size="sm" data-testid="user-menu-trigger">
      <UserMenuAvatar />
      {/* The accessible name includes the visible name (WCAG 2.5.3, label in name). */}
      <span className="sr-only">{t('open')}: </span>
      <SessionDisplayName fallback={t('account')} className="max-w-32 truncate max-sm:sr-only" />
    </Button>
  );
  return (
    <div className="hidden signed-in:flex">
      <div className="contents scriptless:hidden">
        <UserMenuLoader trigger={trigger} />
      </div>
      <UserMenuLinks />
    </div>
  );
}
