import { useTranslations } from 'next-intl';
import { Separator } from '@/components/ui/separator';
import { OAuthButtons } from './oauth-buttons';

/** "Or continue with" and a button per OAuth provider, under the email forms. */
export function OAuthSection() {
  const t = useTranslations('AuthForm');
  return (
    <>
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <Separator className="flex-1" />
        <span>{t('orContinueWith')}</span>
        <Separator className="flex-1" />
      </div>
      <OAuthButtons />
    </>
  );
}
