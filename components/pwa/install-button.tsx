import { useTranslations } from 'next-intl';
import { InstallIcon } from '@/components/layout/header-icons';
import { InstallOffer } from '@/components/pwa/install-offer';
import { Button } from '@/components/ui/button';

/**
 * "Install app", rendered on the server and shown by InstallOffer when the browser allows it. On phones
 * only the icon shows: the label would push the header past the screen edge, and the browser would then
 * zoom the whole page out (a layout shift of everything).
 */
export function InstallButton() {
  const t = useTranslations('Install');
  return (
    <InstallOffer
      trigger={
        <Button variant="ghost" size="sm" aria-label={t('button')}>
          <InstallIcon />
          <span className="hidden sm:inline">{t('button')}</span>
        </Button>
      }
    />
  );
}
