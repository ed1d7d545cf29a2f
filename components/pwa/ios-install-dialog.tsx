'use client';

import { Share, SquarePlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactElement } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

/** iOS Safari cannot prompt: the button opens two short steps instead. */
export function IosInstallDialog({ trigger }: { trigger: ReactElement }) {
  const t = useTranslations('Install');
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>{t('iosTitle')}</DialogTitle>
          <DialogDescription>{t('iosIntro')}</DialogDescription>
        </DialogHeader>
        <ol className="flex flex-col gap-3 text-sm">
          <li className="flex items-center gap-3">
            <Share aria-hidden="true" className="size-5 shrink-0" />
            {t('iosShareStep')}
          </li>
          <li className="flex items-center gap-3">
            <SquarePlus aria-hidden="true" className="size-5 shrink-0" />
            {t('iosAddStep')}
          </li>
        </ol>
      </DialogContent>
    </Dialog>
  );
}
