import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { AccountSection } from '@/components/account/account-section';
import { AvatarSection } from '@/components/account/avatar-section';
import { DeleteAccountForm } from '@/components/account/delete-account-form';
import { EmailChangeCodes } from '@/components/account/email-change-codes';
import { EmailChangeForm } from '@/components/account/email-change-form';
import { listPasskeys, PasskeysSection } from '@/components/account/passkeys-section';
import { PasswordChangeForm } from '@/components/account/password-change-form';
import { ProfileForm } from '@/components/account/profile-form';
import { hasRecoveryCodesSection, RecoveryCodesSection } from '@/components/account/recovery-codes-section';
import { TwoFactorSection } from '@/components/account/two-factor-section';
import { AuthMessages } from '@/components/auth/auth-messages';
import { SignOutForm } from '@/components/auth/sign-out-form';
import { Link } from '@/components/navigation/link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { isolated } from '@/i18n/isolate';
import { preferredLocale } from '@/lib/auth/preferred-locale';
import { firstParam, ownEntry } from '@/lib/http/search-param';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { privatePage } from '@/lib/guard/page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Account');
  return pageMetadata('/account', { title: t('title') });
}

const updateMessages = {
  profile: 'profileSaved',
  picture: 'pictureSaved',
  pictureRemoved: 'pictureRemoved',
  email: 'emailUpdated',
  emailPending: 'emailPending',
  password: 'passwordUpdated',
} as const;

async function AccountContent({
  searchParams,
}: {
  searchParams: PageProps<'/[locale]/account'>['searchParams'];
}) {
  const { locale, session } = await privatePage('/account');
  const [t, tSessions, tNav, tPasskeys, tTwoFactor, tRecovery] = await Promise.all([
    getTranslations('Account'),
    getTranslations('Sessions'),
    getTranslations('AccountNav'),
    getTranslations('Passkeys'),
    getTranslations('TwoFactor'),
    getTranslations('RecoveryCodes'),
  ]);
  // The sections' own requests to the auth server go out together, not one after another: the passkey list
  // starts here, while the recovery codes' status (which the section list needs) is awaited below.
  void listPasskeys();
  const { identity, userMetadata } = session;
  const updateKey = ownEntry(updateMessages, firstParam((await searchParams).updated));
  const displayName = typeof userMetadata.display_name === 'string' ? userMetadata.display_name : '';
  const sections = [
    { id: 'profile', title: t('profileTitle') },
    { id: 'picture', title: t('pictureTitle') },
    { id: 'email', title: t('emailTitle') },
    { id: 'password', title: t('passwordTitle') },
    { id: 'passkeys', title: tPasskeys('title') },
    { id: 'two-factor', title: tTwoFactor('sectionTitle') },
    ...((await hasRecoveryCodesSection(session.factors, locale))
      ? [{ id: 'recovery-codes', title: tRecovery('title') }]
      : []),
    { id: 'sessions', title: t('sessionsTitle') },
    { id: 'delete', title: t('deleteTitle') },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)] lg:items-start lg:gap-10">
      <AccountNav label={tNav('label')} sections={sections} />
      <div className="grid gap-6">
        <AuthMessages>
          {updateKey ? (
            <Alert role="status">
              <AlertDescription className="text-foreground">{t(updateKey)}</AlertDescription>
            </Alert>
          ) : null}
          <AccountSection id="profile" title={t('profileTitle')} description={t('profileDescription')}>
            <ProfileForm
              displayName={displayName}
              preferredLocale={preferredLocale({ user_metadata: userMetadata }, locale)}
            />
          </AccountSection>
          <AvatarSection
            locale={locale}
            version={identity.picture ?? null}
            name={displayName || identity.email}
          />
          <AccountSection
            id="email"
            title={t('emailTitle')}
            description={
              <p data-testid="current-email">
                {t.rich('currentEmail', { email: identity.email, ...isolated })}
              </p>
            }
          >
            <EmailChangeForm submitVariant={session.newEmail ? 'outline' : 'default'} />
            {session.newEmail ? (
              <EmailChangeCodes current={identity.email} pending={session.newEmail} />
            ) : null}
          </AccountSection>
          <AccountSection id="password" title={t('passwordTitle')}>
            <PasswordChangeForm />
          </AccountSection>
          <PasskeysSection locale={locale} />
          <TwoFactorSection factors={session.factors} />
          <RecoveryCodesSection factors={session.factors} locale={locale} />
          <AccountSection id="sessions" title={t('sessionsTitle')} description={t('sessionsDescription')}>
            <Link
              href="/account/sessions"
              className="justify-self-start text-sm font-medium underline underline-offset-4"
            >
              {tSessions('manage')}
            </Link>
            <div className="flex flex-wrap gap-3">
              <SignOutForm locale={locale} label={t('signOutEverywhere')} variant="outline" everywhere />
              <SignOutForm locale={locale} label={t('signOut')} />
            </div>
          </AccountSection>
          <AccountSection id="delete" title={t('deleteTitle')} description={t('deleteDescription')}>
            <DeleteAccountForm />
          </AccountSection>
        </AuthMessages>
      </div>
    </div>
  );
}

export default function AccountPage({ searchParams }: PageProps<'/[locale]/account'>) {
  const t = useTranslations('Account');
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-12">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
      </div>
      <AccountContent searchParams={searchParams} />
    </div>
  );
}
