import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { TextLink } from '@/components/auth/text-link';
import { FormSkeleton } from '@/components/forms/form-skeleton';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { getPathname, redirect } from '@/i18n/navigation';
import { sessionUnavailable } from '@/lib/guard/page';
import { confirmedSession, sessionUnconfirmed } from '@/lib/session/server';
import { pageMetadata } from '@/lib/seo/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ResetPassword');
  return pageMetadata('/reset-password', { title: t('title') });
}

/** Only reachable with the session a recovery link opened; without one, the way forward is a new link. */
async function ResetPasswordContent() {
  const t = await getTranslations('ResetPassword');
  const locale = await getLocale();
  const session = await confirmedSession(getPathname({ href: '/reset-password', locale }));
  if (session === sessionUnconfirmed) return sessionUnavailable(locale, '/reset-password');
  // GoTrue refuses a new password from an aal1 session of a user with a second factor: the code comes first.
  if (session?.secondFactorPending)
    return redirect({ href: { pathname: '/sign-in/verify', query: { next: '/reset-password' } }, locale });
  if (!session) {
    return (
      <>
        <Alert variant="destructive">
          <AlertDescription>{t('expired')}</AlertDescription>
        </Alert>
        <TextLink href="/forgot-password">{t('requestNew')}</TextLink>
      </>
    );
  }
  return (
    <AuthMessages>
      <ResetPasswordForm />
    </AuthMessages>
  );
}

export default function ResetPasswordPage() {
  const t = useTranslations('ResetPassword');
  return (
    <AuthCard title={t('title')} description={t('description')}>
      <Suspense fallback={<FormSkeleton />}>
        <ResetPasswordContent />
      </Suspense>
    </AuthCard>
  );
}
