import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { FeatureGrid } from '@/components/home/feature-grid';
import { Hero } from '@/components/home/hero';
import { LanguageShowcase } from '@/components/home/language-showcase';
import { pageAlternates } from '@/lib/seo/alternates';
import { pageMetadata } from '@/lib/seo/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  const locale = await getLocale();
  return pageMetadata('/', {
    title: { absolute: t('homeTitle') },
    description: t('homeDescription'),
    alternates: pageAlternates(locale, '/'),
  });
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <FeatureGrid />
      <LanguageShowcase />
    </>
  );
}
