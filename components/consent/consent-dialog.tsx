'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { closeConsentSettings, saveConsent } from '@/lib/consent/consent-store';

/** Per-category choice. Only measurement is optional; the necessary cookies are shown for honesty. */
export function ConsentDialog({ analyticsInitially }: { analyticsInitially: boolean }) {
  const t = useTranslations('Consent');
  const [analytics, setAnalytics] = useState(analyticsInitially);
  // No DialogTrigger (the banner and the footer both open it), so focus goes back by hand.
  const [openedFrom] = useState(() => document.activeElement as HTMLElement | null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    openedFrom?.focus();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && closeConsentSettings()}>
      <DialogContent closeLabel={t('close')} onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{t('settingsTitle')}</DialogTitle>
          <DialogDescription>{t('settingsDescription')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Label htmlFor="consent-necessary">{t('necessaryLabel')}</Label>
              <p id="consent-necessary-hint" className="text-sm text-muted-foreground">
                {t('necessaryDescription')}
              </p>
            </div>
            <Switch id="consent-necessary" checked disabled aria-describedby="consent-necessary-hint" />
          </div>
          <div className="flex items-start justify-between gap-4">
            <div>
              <Label htmlFor="consent-analytics">{t('analyticsLabel')}</Label>
              <p id="consent-analytics-hint" className="text-sm text-muted-foreground">
                {t('analyticsDescription')}
              </p>
            </div>
            <Switch id="consent-analytics" checked={analytics} onCheckedChange={setAnalytics} aria-describedby="consent-analytics-hint" />
          </div>
        </div>
        <DialogFooter>
          <Button onClick={() => saveConsent(analytics)}>{t('save')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
