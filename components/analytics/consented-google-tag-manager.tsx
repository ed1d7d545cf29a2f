'use client';

import dynamic from 'next/dynamic';
import { useLayoutEffect } from 'react';
import { updateGoogleConsent } from '@/lib/analytics/google-consent-mode';
import { useConsent } from '@/lib/consent/use-consent';

const GoogleTagManager = dynamic(() =>
  import('@next/third-parties/google').then((module) => module.GoogleTagManager),
);

/**
 * Tells Consent Mode about every choice, and mounts GTM only after the visitor accepted, so
 * nothing is requested from Google before (or without) consent.
 */
export function ConsentedGoogleTagManager({ gtmId }: { gtmId: string }) {
  const { choice } = useConsent();
  // A layout effect runs before the children's effects that insert the GTM script.
  useLayoutEffect(() => {
    if (choice) updateGoogleConsent(choice.analytics);
  }, [choice]);
  if (!choice?.analytics) return null;
  return <GoogleTagManager gtmId={gtmId} />;
}
