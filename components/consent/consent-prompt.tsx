'use client';

import { lazy, Suspense } from 'react';
import { ConsentBanner } from '@/components/consent/consent-banner';
import { useConsent } from '@/lib/consent/use-consent';

// The settings dialog is opened rarely: its code loads on first use, not with every page.
const ConsentDialog = lazy(() => import('@/components/consent/consent-dialog').then((m) => ({ default: m.ConsentDialog })));

/** The banner until the visitor chooses; the settings dialog whenever it is opened (banner or footer). */
export function ConsentPrompt() {
  const { choice, settingsOpen } = useConsent();
  if (choice === undefined) return null; // not known before hydration: render nothing on the server
  return (
    <>
      {choice === null && <ConsentBanner />}
      {settingsOpen && (
        <Suspense fallback={null}>
          <ConsentDialog analyticsInitially={choice?.analytics ?? false} />
        </Suspense>
      )}
    </>
  );
}
