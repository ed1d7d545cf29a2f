'use client';

import { lazy, Suspense } from 'react';
import { useConsent } from '@/lib/consent/use-consent';

// The Vercel scripts are a separate chunk, downloaded only once the visitor agreed.
const VercelScripts = lazy(() => import('@/components/analytics/vercel-scripts'));

export function VercelObservability() {
  const { choice } = useConsent();
  if (!choice?.analytics) return null;
  return (
    <Suspense fallback={null}>
      <VercelScripts />
    </Suspense>
  );
}
