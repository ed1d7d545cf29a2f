import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { SessionUnconfirmed } from '@/components/auth/session-unconfirmed';
import { guardPage } from '@/lib/auth/page-guard';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { sessionUnconfirmed } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Account');
  return pageMetadata('/account/shell', { title: t('title') });
}

// Built only for the benchmark (next.config.mjs): the signed-in shell, what every private page pays before its
// content. It confirms the session as every private page does, and renders one heading.
export default async function ShellPage() {
  const locale = await getLocale();
  const t = await getTranslations('Account');
  const session = await guardPage('/account/shell', locale);
  if (session === sessionUnconfirmed) return <SessionUnconfirmed />;
  return <h1 className="mx-auto w-full max-w-5xl px-4 py-12 text-2xl font-semibold">{t('title')}</h1>;
}
