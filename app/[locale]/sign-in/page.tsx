import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SignInStatus } from '@/components/auth/sign-in-status';
import { TextLink } from '@/components/auth/text-link';
import { Separator } from '@/components/ui/separator';
import type { AppLocale } from '@/lib/i18n/locales';
import { pageAlternates } from '@/lib/seo/alternates';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('SignIn');
  return { title: t('title'), description: t('description'), alternates: pageAlternates((await getLocale()) as AppLocale, '/sign-in') };
}

// Static on purpose: prerendered pages work without JavaScript (streamed Suspense content would stay hidden).
export default function SignInPage() {
  const t = useTranslations('SignIn');
  const tf = useTranslations('AuthForm');
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
        <TextLink href="/sign-in/email-link" className="justify-self-center text-sm">
          {t('emailLink')}
        </TextLink>
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <Separator className="flex-1" />
          <span>{tf('orContinueWith')}</span>
          <Separator className="flex-1" />
        </div>
        <OAuthButtons />
      </AuthMessages>
    </AuthCard>
  );
}
