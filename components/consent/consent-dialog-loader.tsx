'use client';

import { lazy, Suspense } from 'react';
import { useConsent } from '@/lib/consent/use-consent';

// The settings dialog is opened rarely: its code loads on first use, not with every page.
const ConsentDialog = lazy(() =>
  import('@/components/consent/consent-dialog').then((m) => ({ default: m.ConsentDialog })),
);

/** The consent settings dialog, whenever it is opened (from the banner or the footer). */
export function ConsentDialogLoader() {
  const { choice, settingsOpen } = useConsent();
  if (!settingsOpen) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog analyticsInitially={choice?.analytics ?? false} />
    </Suspense>
  );
}
