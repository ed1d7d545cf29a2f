import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { OAuthSection } from '@/components/auth/oauth-section';
import { PasskeyMessages } from '@/components/auth/passkey-messages';
import { PasskeySignIn } from '@/components/auth/passkey-sign-in';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SignInStatus } from '@/components/auth/sign-in-status';
import { TextLink } from '@/components/auth/text-link';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

export function generateMetadata(): Promise<Metadata> {
  return publicPageMetadata('SignIn', '/sign-in');
}

// Static on purpose: prerendered pages work without JavaScript (streamed Suspense content would stay hidden).
export default function SignInPage() {
  const t = useTranslations('SignIn');
  return (
    <AuthCard
      title={t('title')}
      description={t('description')}
      footer={
        <p>
          {t('noAccount')} <TextLink href="/sign-up">{t('signUp')}</TextLink>
        </p>
      }
    >
      <AuthMessages>
        <SignInStatus />
        <SignInForm />
        <PasskeyMessages>
          <PasskeySignIn />
        </PasskeyMessages>
        <TextLink href="/sign-in/email-link" className="justify-self-center text-sm">
          {t('emailLink')}
        </TextLink>
        <OAuthSection />
      </AuthMessages>
    </AuthCard>
  );
}
