import type { Metadata } from 'next';
import { WifiOff } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { RetryButton } from '@/components/pwa/retry-button';
import { pageMetadata } from '@/lib/seo/page-metadata';

// Precached by the service worker for each language and shown when a navigation fails offline.
// Fully static: no cookies, no headers, nothing user-specific (the worker also fetches it without cookies).

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Offline');
  return pageMetadata('/~offline', { title: t('title') });
}

export default async function OfflinePage() {
  const t = await getTranslations('Offline');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <WifiOff aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
      <p className="text-muted-foreground">{t('description')}</p>
      <RetryButton label={t('retry')} />
    </section>
  );
}
