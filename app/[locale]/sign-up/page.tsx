import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { TextLink } from '@/components/auth/text-link';
import { FormSkeleton } from '@/components/forms/form-skeleton';
import { Separator } from '@/components/ui/separator';
import { firstParam } from '@/lib/auth/search-param';
import type { AppLocale } from '@/lib/i18n/locales';
import { pageAlternates } from '@/lib/seo/alternates';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('SignUp');
  return { title: t('title'), description: t('description'), alternates: pageAlternates((await getLocale()) as AppLocale, '/sign-up') };
}

async function SignUpContent({ searchParams }: { searchParams: PageProps<'/[locale]/sign-up'>['searchParams'] }) {
  const next = firstParam((await searchParams).next);
  const tf = await getTranslations('AuthForm');
  return (
    <AuthMessages>
      <SignUpForm next={next} />
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <Separator className="flex-1" />
        <span>{tf('orContinueWith')}</span>
        <Separator className="flex-1" />
      </div>
      <OAuthButtons next={next} />
    </AuthMessages>
  );
}

export default function SignUpPage({ searchParams }: PageProps<'/[locale]/sign-up'>) {
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
      <Suspense fallback={<FormSkeleton fields={3} />}>
        <SignUpContent searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}
