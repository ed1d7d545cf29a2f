import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { TextLink } from '@/components/auth/text-link';
import { Separator } from '@/components/ui/separator';
import type { AppLocale } from '@/lib/i18n/locales';
import { pageAlternates } from '@/lib/seo/alternates';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('SignUp');
  return { title: t('title'), description: t('description'), alternates: pageAlternates((await getLocale()) as AppLocale, '/sign-up') };
}

// Static on purpose, so the form works without JavaScript.
export default function SignUpPage() {
  const t = useTranslations('SignUp');
  const tf = useTranslations('AuthForm');
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
