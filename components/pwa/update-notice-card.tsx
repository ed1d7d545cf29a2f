'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { activateWaitingWorker } from '@/lib/pwa/service-worker-lifecycle';

/** "A new version is ready": reload now (the waiting worker takes over) or later. */
export function UpdateNoticeCard({ waiting, onLater }: { waiting: ServiceWorker; onLater: () => void }) {
  const t = useTranslations('Update');
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
        <Button size="sm" variant="ghost" onClick={onLater}>
          {t('later')}
        </Button>
        <Button size="sm" onClick={() => activateWaitingWorker(waiting)}>
          {t('reload')}
        </Button>
      </div>
    </div>
  );
}
