'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { openConsentSettings, saveConsent } from '@/lib/consent/consent-store';
import { useConsent } from '@/lib/consent/use-consent';

/**
 * Asks once, at the bottom of the viewport. Server-rendered into every page and shown by CSS from the
 * first paint when no choice is stored (see CookieHintsScript). Fixed-position, so it overlays the page
 * instead of pushing it (no layout shift); accept and reject look the same, so saying no is as easy as yes.
 * Classes rather than <Button>: every page loads this, and Button brings tailwind-merge.
 */
export function ConsentBanner() {
  const t = useTranslations('Consent');
  const { choice } = useConsent();

  // The script only sees that a cookie exists; an unreadable or outdated one still means "ask".
  useEffect(() => {
    if (choice !== undefined) document.documentElement.dataset.consent = choice ? 'decided' : 'undecided';
  }, [choice]);

  if (choice) return null;
  return (
    <section
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-50 hidden border-t bg-background/95 p-4 shadow-lg backdrop-blur consent-undecided:block next-dev:pb-18 supports-[backdrop-filter]:bg-background/85"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center md:gap-6">
        <div className="flex-1 text-sm">
          <h2 id="consent-banner-title" className="font-semibold">
            {t('title')}
          </h2>
          <p className="text-muted-foreground">{t('description')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonVariants()} onClick={() => saveConsent(false)}>
            {t('reject')}
          </button>
          <button type="button" className={buttonVariants()} onClick={() => saveConsent(true)}>
            {t('accept')}
          </button>
          <button
            type="button"
            className={buttonVariants({ variant: 'outline' })}
            onClick={openConsentSettings}
          >
            {t('choose')}
          </button>
        </div>
      </div>
    </section>
  );
}
