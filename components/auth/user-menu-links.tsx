import { useLocale, useTranslations } from 'next-intl';
import { ClearCachesForm } from '@/components/pwa/clear-caches-form';
import { SignOutIcon, UserIcon } from '@/components/layout/header-icons';
import { Link } from '@/components/navigation/link';
import { Button } from '@/components/ui/button';
import { signOut } from '@/lib/auth/actions/sign-out';

/**
 * The user menu without JavaScript, where its button cannot open anything: the account page and sign-out as a plain
 * link and a plain form post, in the header itself. Shown only where no script ran (the `scriptless` variant); below
 * `sm` the words are for screen readers only, so the header still fits 320 px.
 */
export function UserMenuLinks() {
  const t = useTranslations('UserMenu');
  const locale = useLocale();
  return (
    <div className="hidden items-center gap-1 scriptless:flex" data-testid="user-menu-links">
      <Button asChild variant="ghost" size="sm">
        <Link href="/account">
          <UserIcon />
          <span className="max-sm:sr-only">{t('account')}</span>
        </Link>
      </Button>
      <ClearCachesForm action={signOut}>
        <input type="hidden" name="locale" value={locale} />
        <Button type="submit" variant="ghost" size="sm">
          <SignOutIcon />
          <span className="max-sm:sr-only">{t('signOut')}</span>
        </Button>
      </ClearCachesForm>
    </div>
  );
}
