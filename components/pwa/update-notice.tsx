'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { registerServiceWorker, watchForWaitingWorker } from '@/lib/pwa/service-worker-lifecycle';

// Shown only when a new version is waiting, so its code loads then, not with every page.
const UpdateNoticeCard = lazy(() =>
  import('@/components/pwa/update-notice-card').then((m) => ({ default: m.UpdateNoticeCard })),
);

/**
 * Registers the service worker (production builds only; see the layout) and, when a new version
 * is waiting, offers a reload. Nothing takes over the open page until the visitor clicks.
 */
export function UpdateNotice() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);

  useEffect(() => {
    let stopWatching: (() => void) | undefined;
    let cancelled = false;
    void registerServiceWorker().then((reg) => {
      if (reg && !cancelled) stopWatching = watchForWaitingWorker(reg, setWaiting);
    });
    return () => {
      cancelled = true;
      stopWatching?.();
    };
  }, []);

  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNoticeCard waiting={waiting} onLater={() => setWaiting(null)} />
    </Suspense>
  );
}
