import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { FormSkeleton } from '@/components/forms/form-skeleton';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/navigation/link';
import { isLinkErrorReason } from '@/lib/auth/link-error-reason';
import { firstParam } from '@/lib/http/search-param';
import { pageMetadata } from '@/lib/seo/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AuthLinkError');
  return pageMetadata('/auth/error', { title: t('title') });
}

const explanations = {
  expired: 'expired',
  invalid: 'invalid',
  'other-browser': 'otherBrowser',
  denied: 'denied',
  unavailable: 'unavailable',
} as const;

async function LinkErrorContent({
  searchParams,
}: {
  searchParams: PageProps<'/[locale]/auth/error'>['searchParams'];
}) {
  const params = await searchParams;
  const requested = firstParam(params.reason);
  const reason = isLinkErrorReason(requested) ? requested : 'invalid';
  const flow = firstParam(params.flow);
  const t = await getTranslations('AuthLinkError');
  // The way forward fits the flow: a new reset link, a new sign-in link or code, or sign-in itself.
  const primary =
    flow === 'recovery'
      ? { href: '/forgot-password', label: t('forgotPassword') }
      : flow === 'oauth'
        ? { href: '/sign-in', label: t('signIn') }
        : { href: '/sign-in/email-link', label: t('emailLink') };
  return (
    <>
      <p data-testid="link-error-reason" data-reason={reason}>
        {t(explanations[reason])}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link href={primary.href}>{primary.label}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={flow === 'oauth' ? '/' : '/sign-in'}>{flow === 'oauth' ? t('home') : t('signIn')}</Link>
        </Button>
      </div>
    </>
  );
}

export default function LinkErrorPage({ searchParams }: PageProps<'/[locale]/auth/error'>) {
  const t = useTranslations('AuthLinkError');
  return (
    <AuthCard title={t('title')}>
      <Suspense fallback={<FormSkeleton fields={0} />}>
        <LinkErrorContent searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}
