import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { TextLink } from '@/components/auth/text-link';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

export function generateMetadata(): Promise<Metadata> {
  return publicPageMetadata('ForgotPassword', '/forgot-password');
}

export default function ForgotPasswordPage() {
  const t = useTranslations('ForgotPassword');
  return (
    <AuthCard
      title={t('title')}
      description={t('description')}
      footer={<TextLink href="/sign-in">{t('backToSignIn')}</TextLink>}
    >
      <AuthMessages>
        <ForgotPasswordForm />
      </AuthMessages>
    </AuthCard>
  );
}
