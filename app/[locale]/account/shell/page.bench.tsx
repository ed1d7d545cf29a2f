import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { privatePage } from '@/lib/guard/page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Account');
  return pageMetadata('/account/shell', { title: t('title') });
}

// Built only for the benchmark (next.config.mjs): the signed-in shell, what every private page pays before its
// content. It confirms the session as every private page does, and renders one heading.
export default async function ShellPage() {
  await privatePage('/account/shell');
  const t = await getTranslations('Account');
  return <h1 className="mx-auto w-full max-w-5xl px-4 py-12 text-2xl font-semibold">{t('title')}</h1>;
}
