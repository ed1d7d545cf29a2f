'use client';

import { lazy, Suspense } from 'react';
import { getConsentState } from '@/lib/consent/consent-store';
import { useConsent } from '@/lib/consent/use-consent';

// Only visitors who have not chosen yet see the banner, and the settings dialog opens rarely: both load
// on demand instead of with every page. The banner's code is requested as soon as this module runs.
const loadBanner = () => import('@/components/consent/consent-banner');
const ConsentBanner = lazy(() => loadBanner().then((m) => ({ default: m.ConsentBanner })));
const ConsentDialog = lazy(() => import('@/components/consent/consent-dialog').then((m) => ({ default: m.ConsentDialog })));
if (typeof document !== 'undefined' && getConsentState().choice === null) void loadBanner();

/** The banner until the visitor chooses; the settings dialog whenever it is opened (banner or footer). */
export function ConsentPrompt() {
  const { choice, settingsOpen } = useConsent();
  if (choice === undefined) return null; // not known before hydration: render nothing on the server
  return (
    <>
      {choice === null && (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      )}
      {settingsOpen && (
        <Suspense fallback={null}>
          <ConsentDialog analyticsInitially={choice?.analytics ?? false} />
        </Suspense>
      )}
    </>
  );
}
