'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { openConsentSettings, saveConsent } from '@/lib/consent/consent-store';

/**
 * Asks once, at the bottom of the viewport. Fixed-position, so it overlays the page instead of
 * pushing it (no layout shift); accept and reject look the same, so saying no is as easy as yes.
 */
export function ConsentBanner() {
  const t = useTranslations('Consent');
  return (
    <section
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-50 border-t bg-background/95 p-4 shadow-lg backdrop-blur supports-[backdrop-filter]:bg-background/85"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center md:gap-6">
        <div className="flex-1 text-sm">
          <h2 id="consent-banner-title" className="font-semibold">
            {t('title')}
          </h2>
          <p className="text-muted-foreground">{t('description')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => saveConsent(false)}>{t('reject')}</Button>
          <Button onClick={() => saveConsent(true)}>{t('accept')}</Button>
          <Button variant="outline" onClick={openConsentSettings}>
            {t('choose')}
          </Button>
        </div>
      </div>
    </section>
  );
}
