import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/navigation/link';

/** The header's sign-in and sign-up links; hidden by CSS once the session hint says someone is signed in. */
export function SignedOutLinks() {
  const t = useTranslations('UserMenu');
  return (
    <div className="flex items-center gap-1 signed-in:hidden">
      <Button asChild variant="ghost" size="sm">
        <Link href="/sign-in">{t('signIn')}</Link>
      </Button>
      <Button asChild size="sm" className="hidden sm:inline-flex">
        <Link href="/sign-up">{t('signUp')}</Link>
      </Button>
    </div>
  );
}
