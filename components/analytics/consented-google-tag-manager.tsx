'use client';

import Script from 'next/script';
import { useLayoutEffect } from 'react';
import { startGoogleTagManager, updateGoogleConsent } from '@/lib/analytics/google-consent-mode';
import { useConsent } from '@/lib/consent/use-consent';

/**
 * Tells Consent Mode about every choice, and mounts GTM only after the visitor accepted, so
 * nothing is requested from Google before (or without) consent. GTM's start event is pushed from here rather than
 * by an inline script (as @next/third-parties' component does): the Content-Security-Policy admits no inline
 * script it cannot name by hash or nonce, and GTM's file itself is allowed by its host (prerendered pages) or
 * 'strict-dynamic' (pages rendered per request).
 */
export function ConsentedGoogleTagManager({ gtmId }: { gtmId: string }) {
  const { choice } = useConsent();
  const analytics = choice?.analytics === true;
  // A layout effect runs before the effect of next/script that inserts the GTM script.
  useLayoutEffect(() => {
    if (choice) updateGoogleConsent(choice.analytics);
  }, [choice]);
  useLayoutEffect(() => {
    if (analytics) startGoogleTagManager();
  }, [analytics]);
  if (!analytics) return null;
  return (
    <Script
      id="google-tag-manager"
      src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`}
    />
  );
}
