import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { EmailLinkForm } from '@/components/auth/email-link-form';
import { TextLink } from '@/components/auth/text-link';
import { FormSkeleton } from '@/components/forms/form-skeleton';
import { firstParam } from '@/lib/auth/search-param';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('EmailLink');
  return { title: t('title'), description: t('description'), robots: { index: false } };
}

async function EmailLinkContent({ searchParams }: { searchParams: PageProps<'/[locale]/sign-in/email-link'>['searchParams'] }) {
  const next = firstParam((await searchParams).next);
  return (
    <AuthMessages>
      <EmailLinkForm next={next} />
    </AuthMessages>
  );
}

export default function EmailLinkPage({ searchParams }: PageProps<'/[locale]/sign-in/email-link'>) {
  const t = useTranslations('EmailLink');
  return (
    <AuthCard title={t('title')} description={t('description')} footer={<TextLink href="/sign-in">{t('passwordInstead')}</TextLink>}>
      <Suspense fallback={<FormSkeleton fields={1} />}>
        <EmailLinkContent searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}
