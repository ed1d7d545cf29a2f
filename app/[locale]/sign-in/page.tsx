import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { SignInForm } from '@/components/auth/sign-in-form';
import { TextLink } from '@/components/auth/text-link';
import { FormSkeleton } from '@/components/forms/form-skeleton';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Separator } from '@/components/ui/separator';
import { firstParam } from '@/lib/auth/search-param';
import type { AppLocale } from '@/lib/i18n/locales';
import { pageAlternates } from '@/lib/seo/alternates';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('SignIn');
  return { title: t('title'), description: t('description'), alternates: pageAlternates((await getLocale()) as AppLocale, '/sign-in') };
}

const statusMessages = {
  'account-deleted': 'accountDeleted',
  'signed-out-everywhere': 'signedOutEverywhere',
  'session-ended': 'sessionEnded',
} as const;

async function SignInContent({ searchParams }: { searchParams: PageProps<'/[locale]/sign-in'>['searchParams'] }) {
  const params = await searchParams;
  const next = firstParam(params.next);
  const status = firstParam(params.status);
  const t = await getTranslations('SignIn');
  const tf = await getTranslations('AuthForm');
  const statusKey = status && status in statusMessages ? statusMessages[status as keyof typeof statusMessages] : undefined;
  return (
    <AuthMessages>
      {statusKey ? (
        <Alert role="status">
          <AlertDescription className="text-foreground">{t(statusKey)}</AlertDescription>
        </Alert>
      ) : null}
      <SignInForm next={next} />
      <TextLink href={{ pathname: '/sign-in/email-link', query: next ? { next } : {} }} className="justify-self-center text-sm">
        {t('emailLink')}
      </TextLink>
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <Separator className="flex-1" />
        <span>{tf('orContinueWith')}</span>
        <Separator className="flex-1" />
      </div>
      <OAuthButtons next={next} />
    </AuthMessages>
  );
}

export default function SignInPage({ searchParams }: PageProps<'/[locale]/sign-in'>) {
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
      <Suspense fallback={<FormSkeleton />}>
        <SignInContent searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}
