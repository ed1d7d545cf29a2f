import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/navigation/link';
import { isLinkErrorReason, type LinkErrorReason } from '@/lib/auth/link-error-reason';
import { firstParam } from '@/lib/http/search-param';
import { pageMetadata } from '@/lib/seo/page-metadata';

async function requestedReason(searchParams: PageProps<'/[locale]/auth/error'>['searchParams']) {
  const requested = firstParam((await searchParams).reason);
  return isLinkErrorReason(requested) ? requested : 'invalid';
}

/** A refused or cancelled sign-in is not a broken link: it gets its own heading. */
function titleKey(reason: LinkErrorReason) {
  return reason === 'denied' ? 'deniedTitle' : 'title';
}

export async function generateMetadata({
  searchParams,
}: PageProps<'/[locale]/auth/error'>): Promise<Metadata> {
  const t = await getTranslations('AuthLinkError');
  return pageMetadata('/auth/error', { title: t(titleKey(await requestedReason(searchParams))) });
}

const explanations = {
  expired: 'expired',
  invalid: 'invalid',
  'other-browser': 'otherBrowser',
  denied: 'denied',
  unavailable: 'unavailable',
} as const;

export default async function LinkErrorPage({ searchParams }: PageProps<'/[locale]/auth/error'>) {
  const reason = await requestedReason(searchParams);
  const flow = firstParam((await searchParams).flow);
  const t = await getTranslations('AuthLinkError');
  // The way forward fits the flow: a new reset link, a new sign-in link or code, or sign-in itself.
  const primary =
    flow === 'recovery'
      ? { href: '/forgot-password', label: t('forgotPassword') }
      : flow === 'oauth'
        ? { href: '/sign-in', label: t('signIn') }
        : { href: '/sign-in/email-link', label: t('emailLink') };
  return (
    <AuthCard title={t(titleKey(reason))}>
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
    </AuthCard>
  );
}
