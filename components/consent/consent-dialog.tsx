'use client';

import { useTranslations } from 'next-intl';
import { type ComponentProps, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
          <ConsentCategory
            id="consent-necessary"
            label={t('necessaryLabel')}
            description={t('necessaryDescription')}
            checked
            disabled
          />
          <ConsentCategory
            id="consent-analytics"
            label={t('analyticsLabel')}
            description={t('analyticsDescription')}
            checked={analytics}
            onCheckedChange={setAnalytics}
          />
        </div>
        <DialogFooter>
          <Button onClick={() => saveConsent(analytics)}>{t('save')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** One category: its name, what it covers, and its switch (described by the text). */
function ConsentCategory({
  id,
  label,
  description,
  ...toggle
}: { id: string; label: string; description: string } & ComponentProps<typeof Switch>) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} {...toggle} />
    </div>
  );
}
