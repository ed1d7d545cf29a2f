import { useTranslations } from 'next-intl';
import { Alert, AlertDescription } from '@/components/ui/alert';

/**
 * A private page whose session neither the auth server nor the token's signature could confirm in time: the same
 * words sign-in shows when the middleware could not check a session (`?status=unavailable`).
 */
export function SessionUnconfirmed() {
  const t = useTranslations('SignIn');
  return (
    <Alert role="status">
      <AlertDescription className="text-foreground">{t('serviceUnavailable')}</AlertDescription>
    </Alert>
  );
}
