import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

// With global-not-found on, Next takes a 404's metadata from the page, never from not-found.tsx
// (vercel/next.js#90021): the localized title is stated here.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return { title: t('notFoundTitle'), robots: { index: false } };
}

// Any unknown path under a locale renders that locale's not-found page with a 404.
export default function CatchAllPage() {
  notFound();
}
