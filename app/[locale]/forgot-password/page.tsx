import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { TextLink } from '@/components/auth/text-link';
import type { AppLocale } from '@/lib/i18n/locales';
import { pageAlternates } from '@/lib/seo/alternates';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ForgotPassword');
  return { title: t('title'), description: t('description'), alternates: pageAlternates((await getLocale()) as AppLocale, '/forgot-password') };
}

export default function ForgotPasswordPage() {
  const t = useTranslations('ForgotPassword');
  return (
    <AuthCard title={t('title')} description={t('description')} footer={<TextLink href="/sign-in">{t('backToSignIn')}</TextLink>}>
      <AuthMessages>
        <ForgotPasswordForm />
      </AuthMessages>
    </AuthCard>
  );
}
