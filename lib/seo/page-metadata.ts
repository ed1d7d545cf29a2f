import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/lib/i18n/locales';
import { pageAlternates } from './alternates';

/** Title and description from `<namespace>.title` / `.description`, plus canonical and hreflang links. */
export async function publicPageMetadata(namespace: string, path: string): Promise<Metadata> {
  const t = await getTranslations(namespace);
  return { title: t('title'), description: t('description'), alternates: pageAlternates((await getLocale()) as AppLocale, path) };
}
