import { getLocale, getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { sessionIdentity } from '@/lib/auth/session-claims';
import { UserMenu } from './user-menu';

/** Reads the session cookie, so it renders inside a Suspense boundary and the header shell stays static. */
export async function UserMenuSlot() {
  const [identity, t, locale] = await Promise.all([sessionIdentity(), getTranslations('UserMenu'), getLocale()]);
  if (!identity) {
    return (
      <div className="flex items-center gap-1">
        <Button asChild variant="ghost" size="sm">
          <Link href="/sign-in">{t('signIn')}</Link>
        </Button>
        <Button asChild size="sm" className="hidden sm:inline-flex">
          <Link href="/sign-up">{t('signUp')}</Link>
        </Button>
      </div>
    );
  }
  const name = identity.displayName || identity.email;
  return (
    <UserMenu
      locale={locale}
      name={name}
      labels={{ open: t('open'), signedInAs: t('signedInAs', { name }), account: t('account'), signOut: t('signOut') }}
    />
  );
}
