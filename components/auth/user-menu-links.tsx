import { useTranslations } from 'next-intl';
import { SignOutIcon, UserIcon } from '@/components/layout/header-icons';
import { Link } from '@/components/navigation/link';
import { Button } from '@/components/ui/button';

/**
 * The user menu without JavaScript, where its button cannot open anything: the account page, and the static
 * sign-out page with its plain form post, as links in the header itself (a form here would sit in every page's
 * shared header). Shown only where no script ran (the `scriptless` variant); below `sm` the words are for screen
 * readers only, so the header still fits 320 px.
 */
export function UserMenuLinks() {
  const t = useTranslations('UserMenu');
  return (
    <nav
      aria-label={t('open')}
      className="hidden items-center gap-1 scriptless:flex"
      data-testid="user-menu-links"
    >
      <Button asChild variant="ghost" size="sm">
        <Link href="/account">
          <UserIcon />
          <span className="max-sm:sr-only">{t('account')}</span>
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link href="/sign-out">
          <SignOutIcon />
          <span className="max-sm:sr-only">{t('signOut')}</span>
        </Link>
      </Button>
    </nav>
  );
}
