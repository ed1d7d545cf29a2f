import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { SubmitButton } from '@/components/forms/submit-button';
import { redirect } from '@/i18n/navigation';
import { continueEmailLink } from '@/lib/auth/actions/continue-link';
import { isEmailOtpType, isTokenHash, linkAction } from '@/lib/auth/link-verification';
import { firstParam } from '@/lib/http/search-param';
import { sameSitePath } from '@/lib/routes/safe-redirect';
import { pageMetadata } from '@/lib/seo/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ContinueLink');
  return pageMetadata('/auth/continue', { title: t('metaTitle') });
}

/**
 * Where an emailed token-hash link lands (app/[locale]/auth/confirm sends it here): nothing is used up until the
 * visitor presses the button, so a mail scanner opening the link cannot spend it, and nobody is signed in by a
 * link they did not mean to open. The token hash does not say whose account it is, so the page names the action.
 */
export default async function ContinueLinkPage({ searchParams }: PageProps<'/[locale]/auth/continue'>) {
  const locale = await getLocale();
  const params = await searchParams;
  const tokenHash = firstParam(params.token_hash);
  const type = firstParam(params.type);
  if (!isTokenHash(tokenHash) || !isEmailOtpType(type)) {
    return redirect({ href: { pathname: '/auth/error', query: { reason: 'invalid' } }, locale });
  }
  const t = await getTranslations('ContinueLink');
  const action = linkAction(type);
  return (
    <AuthCard title={t('title', { action })} description={t('description', { action })}>
      <AuthMessages>
        <form action={continueEmailLink} className="grid gap-4">
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="token_hash" value={tokenHash} />
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="next" value={sameSitePath(firstParam(params.next)) ?? ''} />
          <SubmitButton>{t('button', { action })}</SubmitButton>
          <p className="text-sm text-muted-foreground">{t('notYou')}</p>
        </form>
      </AuthMessages>
    </AuthCard>
  );
}
