'use client';

import { ConsentBanner } from '@/components/consent/consent-banner';
import { ConsentDialog } from '@/components/consent/consent-dialog';
import { useConsent } from '@/lib/consent/use-consent';

/** The banner until the visitor chooses; the settings dialog whenever it is opened (banner or footer). */
export function ConsentPrompt() {
  const { choice, settingsOpen } = useConsent();
  if (choice === undefined) return null; // not known before hydration: render nothing on the server
  return (
    <>
      {choice === null && <ConsentBanner />}
      {settingsOpen && <ConsentDialog analyticsInitially={choice?.analytics ?? false} />}
    </>
  );
}
