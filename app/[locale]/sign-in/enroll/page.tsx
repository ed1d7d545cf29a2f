import type { Metadata } from 'next';
import { useLocale, useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { PasskeysSection } from '@/components/account/passkeys-section';
import { TwoFactorSection } from '@/components/account/two-factor-section';
import { SignOutForm } from '@/components/auth/sign-out-form';
import { Link } from '@/components/navigation/link';
import { buttonVariants } from '@/components/ui/button-variants';
import { redirect } from '@/i18n/navigation';
import { privatePage } from '@/lib/guard/page';
import { firstParam } from '@/lib/http/search-param';
import { nextPath } from '@/lib/routes/safe-redirect';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { owesEnrollment, sessionClient } from '@/lib/session/server';
import type { VerifiedFactor } from '@/lib/session/types';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Enroll');
  return pageMetadata('/sign-in/enroll', { title: t('title') });
}

/**
 * Where a project that requires a second factor (REQUIRE_SECOND_FACTOR, ASVS 6.3.3) sends users who have none:
 * the account page's passkey and authenticator-app sections. Once one is added, on to `next`.
 */
async function EnrollContent({
  searchParams,
}: {
  searchParams: PageProps<'/[locale]/sign-in/enroll'>['searchParams'];
}) {
  const next = nextPath(firstParam((await searchParams).next));
  const { locale, session } = await privatePage('/sign-in/enroll', next);
  if (!(await owesEnrollment(await sessionClient(), session.factors))) {
    // An app confirmed here just made recovery codes, which its form shows once: stay until the user goes on.
    if (!session.factors.some(freshRecoveryCodes)) return redirect({ href: next, locale });
    const t = await getTranslations('RecoveryCodes');
    return (
      <>
        <PasskeysSection locale={locale} />
        <TwoFactorSection factors={session.factors} />
        <Link href={next} className={buttonVariants({ className: 'justify-self-start' })}>
          {t('continue')}
        </Link>
      </>
    );
  }
  return (
    <>
      <PasskeysSection locale={locale} />
      <TwoFactorSection factors={session.factors} />
    </>
  );
}

/** Recovery codes made in the last ten minutes: the ones the enrollment form on this page is showing. */
const freshRecoveryCodes = (factor: VerifiedFactor) =>
  factor.type === 'recovery_code' && Date.now() - Date.parse(factor.createdAt) < 10 * 60_000;

export default function EnrollPage({ searchParams }: PageProps<'/[locale]/sign-in/enroll'>) {
  const t = useTranslations('Enroll');
  const locale = useLocale();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-12">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
      </div>
      <EnrollContent searchParams={searchParams} />
      <div className="grid justify-items-center gap-2 text-sm text-muted-foreground">
        <p>{t('notNow')}</p>
        <SignOutForm locale={locale} label={t('signOut')} variant="link" />
      </div>
    </div>
  );
}
