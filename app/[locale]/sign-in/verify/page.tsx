import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignOutForm } from '@/components/auth/sign-out-form';
import { PasskeyMessages } from '@/components/auth/passkey-messages';
import { RecoveryCodeVerifyForm } from '@/components/auth/recovery-code-verify-form';
import { SecurityKeyVerify } from '@/components/auth/security-key-verify';
import { TextLink } from '@/components/auth/text-link';
import { TwoFactorVerifyForm } from '@/components/auth/two-factor-verify-form';
import { pickMessages } from '@/i18n/messages';
import { nextPath } from '@/lib/routes/safe-redirect';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { firstParam } from '@/lib/http/search-param';
import { privatePage } from '@/lib/guard/page';
import { secondFactorWays } from '@/lib/auth/two-factor';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { sessionClient } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('TwoFactor');
  // The tab's title holds for every user's ways: the heading says which step (a code, or a key).
  return pageMetadata('/sign-in/verify', { title: t('confirmTitle') });
}

/**
 * The second step of signing in for users with an authenticator app or a security key. The middleware sends every
 * private page here while the session is aal1 (from the token and the cookie); this page checks again with the auth
 * server. Every way forward the user has: their keys, an app's code, a recovery code, or signing out.
 */
export default async function VerifyPage({ searchParams }: PageProps<'/[locale]/sign-in/verify'>) {
  const params = await searchParams;
  const next = nextPath(firstParam(params.next));
  const { locale, session } = await privatePage('/sign-in/verify', next);
  const t = await getTranslations('TwoFactor');
  const tr = await getTranslations('RecoveryCodes');
  const tc = await getTranslations('CodeStep');
  const ts = await getTranslations('SecurityKeys');
  const useRecovery = firstParam(params.method) === 'recovery';
  const signOut = <SignOutForm locale={locale} label={t('signOut')} variant="link" />;
  const factors = session.factors
    .filter((factor) => factor.type === 'totp')
    .map((factor) => ({ id: factor.id, name: factor.friendlyName || t('unnamed') }));
  const keys = session.factors
    .filter((factor) => factor.type === 'webauthn')
    .map((factor) => ({ id: factor.id, name: factor.friendlyName || ts('title') }));
  // Which second factors the step's sentences name: an app's code, keys, or both.
  const ways = secondFactorWays(session.factors) ?? 'app';
  const keysOnly = ways === 'keys';
  const description = keysOnly ? ts('verifyDescription') : t('verifyDescription');
  const supabase = await sessionClient();
  // Offered only to users with unused codes (any aal may ask; an auth server without recovery codes answers an error).
  const recovery = await supabase.auth.mfa.recoveryCodes.getStatus();
  const hasCodes = (recovery.data?.remaining ?? 0) > 0;
  // GoTrue counts a passkey sign-in as aal1 (amr `passkey` is no MFA claim), so it says why the step still asks, and
  // names the user's own second factors (an app, keys, or both).
  const { data: assurance } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  const viaPasskey = !!assurance?.currentAuthenticationMethods.some(
    (entry) => (typeof entry === 'string' ? entry : entry.method) === 'passkey',
  );
  // The other way in is a plain link (no JavaScript needed); `next` goes along.
  const switchTo = (method?: 'recovery') => ({
    pathname: '/sign-in/verify' as const,
    query: method ? { next, method } : { next },
  });
  return (
    <AuthCard
      // No code to enter with keys alone.
      title={keysOnly ? t('confirmTitle') : t('verifyTitle')}
      description={description}
      footer={
        <div className="grid justify-items-center gap-2" data-testid="code-step-ways">
          {useRecovery ? (
            <TextLink href={switchTo()}>{keysOnly ? ts('useKeyInstead') : tr('useApp')}</TextLink>
          ) : (
            <>
              {factors.length > 0 ? <p>{t('cantUseApp')}</p> : null}
              {factors.length > 1 ? <p>{tc('otherApp')}</p> : null}
              {hasCodes ? <TextLink href={switchTo('recovery')}>{tr('useRecoveryCode')}</TextLink> : null}
            </>
          )}
          <p>{hasCodes || useRecovery ? tc('signOutHint', { ways }) : tc('signOutOnly', { ways })}</p>
          {signOut}
        </div>
      }
    >
      <div className="grid gap-4">
        {viaPasskey ? (
          <p className="text-sm" data-testid="code-step-passkey">
            {tc('passkeyNote', { ways })}
          </p>
        ) : null}
        <NextIntlClientProvider
          messages={pickMessages(await getMessages(), ['TwoFactor', 'RecoveryCodes', 'AuthForm'])}
        >
          {useRecovery ? (
            <RecoveryCodeVerifyForm answer={await noScriptAnswer('recovery-code-verify')} />
          ) : factors.length > 0 ? (
            <TwoFactorVerifyForm factors={factors} answer={await noScriptAnswer('two-factor-verify')} />
          ) : null}
        </NextIntlClientProvider>
        {!useRecovery && keys.length > 0 ? (
          <PasskeyMessages namespaces={['SecurityKeys']}>
            <SecurityKeyVerify keys={keys} />
          </PasskeyMessages>
        ) : null}
      </div>
    </AuthCard>
  );
}
