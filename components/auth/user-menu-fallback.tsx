import { useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';
import { Link } from '@/i18n/navigation';

/**
 * Shown until the user menu streams in. Without JavaScript streamed content never appears, so the static
 * shell offers the auth pages as plain links instead (the sign-out page holds a plain form).
 */
export function UserMenuFallback() {
  const t = useTranslations('UserMenu');
  return (
    <>
      <Skeleton className="h-8 w-20" />
      <noscript>
        <span className="flex items-center gap-3 px-2 text-sm">
          <Link href="/sign-in" className="underline">{t('signIn')}</Link>
          <Link href="/account" className="underline">{t('account')}</Link>
          <Link href="/sign-out" className="underline">{t('signOut')}</Link>
        </span>
      </noscript>
    </>
  );
}
