import { useTranslations } from 'next-intl';
import { ConsentSettingsButton } from '@/components/consent/consent-settings-button';
import { locales } from '@/i18n/locales';

export function SiteFooter() {
  const t = useTranslations('Footer');
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-2 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{t('tagline')}</p>
        <p>{t('languages', { count: locales.length })}</p>
        <ConsentSettingsButton />
      </div>
    </footer>
  );
}
