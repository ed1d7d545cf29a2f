import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { EmailLinkForm } from '@/components/auth/email-link-form';
import { TextLink } from '@/components/auth/text-link';
import { pageMetadata } from '@/lib/seo/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('EmailLink');
  return pageMetadata('/sign-in/email-link', { title: t('title'), description: t('description') });
}

export default function EmailLinkPage() {
  const t = useTranslations('EmailLink');
  return (
    <AuthCard
      title={t('title')}
      description={t('description')}
      footer={<TextLink href="/sign-in">{t('passwordInstead')}</TextLink>}
    >
      <AuthMessages>
        <EmailLinkForm />
      </AuthMessages>
    </AuthCard>
  );
}
