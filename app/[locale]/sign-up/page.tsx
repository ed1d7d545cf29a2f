import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { OAuthSection } from '@/components/auth/oauth-section';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { TextLink } from '@/components/auth/text-link';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

export function generateMetadata(): Promise<Metadata> {
  return publicPageMetadata('SignUp', '/sign-up');
}

// Static on purpose, so the form works without JavaScript.
export default function SignUpPage() {
  const t = useTranslations('SignUp');
  return (
    <AuthCard
      title={t('title')}
      description={t('description')}
      footer={
        <p>
          {t('haveAccount')} <TextLink href="/sign-in">{t('signIn')}</TextLink>
        </p>
      }
    >
      <AuthMessages>
        <SignUpForm />
        <OAuthSection />
      </AuthMessages>
    </AuthCard>
  );
}
