'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { activateWaitingWorker, registerServiceWorker, watchForWaitingWorker } from '@/lib/pwa/service-worker-lifecycle';

/**
 * Registers the service worker (production builds only; see the layout) and, when a new version
 * is waiting, offers a reload. Nothing takes over the open page until the visitor clicks.
 */
export function UpdateNotice() {
  const t = useTranslations('Update');
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
    <div
      role="region"
      aria-label={t('label')}
      data-testid="update-notice"
      className="fixed inset-x-4 top-16 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg border bg-background p-4 text-sm shadow-lg"
    >
      <p className="flex-1" role="status">
        {t('message')}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => setWaiting(null)}>
          {t('later')}
        </Button>
        <Button size="sm" onClick={() => activateWaitingWorker(waiting)}>
          {t('reload')}
        </Button>
      </div>
    </div>
  );
}
