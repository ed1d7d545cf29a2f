import type { Locale } from 'next-intl';
import { cache } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { pickMessages } from '@/i18n/messages';
import { getPathname } from '@/i18n/navigation';
import type { RecoveryCodesState } from '@/lib/auth/recovery-codes';
import { secondFactorWays } from '@/lib/auth/two-factor';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { reportAuthFailure } from '@/lib/log/auth-errors';
import { sessionClient } from '@/lib/session/server';
import type { VerifiedFactor } from '@/lib/session/types';
import { AccountSection } from './account-section';
import { RecoveryCodesManage } from './recovery-codes-manage';

const unavailable = 'unavailable';

/**
 * The codes' status, asked once per request (React cache): the page's section list and the section both need
 * to know whether the section shows. `unavailable` when it does not.
 */
export const recoveryCodesStatus = cache(async (locale: Locale) => {
  const { data, error } = await (await sessionClient()).auth.mfa.recoveryCodes.getStatus();
  if (error && error.code !== 'mfa_factor_not_found') {
    // An auth server without recovery codes (older GoTrue) or one that cannot answer now: no section.
    reportAuthFailure(error, getPathname({ href: '/account', locale }));
    return unavailable;
  }
  return data;
});

/** Whether the account page shows its recovery codes section (only for users with an authenticator app). */
export async function hasRecoveryCodesSection(factors: VerifiedFactor[], locale: Locale): Promise<boolean> {
  return (
    factors.some((factor) => factor.type === 'totp') && (await recoveryCodesStatus(locale)) !== unavailable
  );
}

/** "Recovery codes": for users with an authenticator app, how many codes are left and managing them. */
export async function RecoveryCodesSection({
  factors,
  locale,
}: {
  factors: VerifiedFactor[];
  locale: Locale;
}) {
  const t = await getTranslations('RecoveryCodes');
  const tf = await getTranslations('TwoFactor');
  const apps = factors
    .filter((factor) => factor.type === 'totp')
    .map((factor) => ({ id: factor.id, name: factor.friendlyName || tf('unnamed') }));
  if (apps.length === 0) return null;
  const data = await recoveryCodesStatus(locale);
  if (data === unavailable) return null;
  const ways = secondFactorWays(factors) ?? 'app';
  const summary = data ? t('remaining', { remaining: data.remaining, total: data.total }) : t('none');
  return (
    <AccountSection id="recovery-codes" title={t('title')} description={t('sectionDescription', { ways })}>
      <NextIntlClientProvider
        messages={pickMessages(await getMessages(), ['RecoveryCodes', 'TwoFactor', 'AuthForm'])}
      >
        <RecoveryCodesManage
          apps={apps}
          ways={ways}
          summary={summary}
          hasCodes={data !== null}
          answer={await noScriptAnswer<RecoveryCodesState>('recovery-codes')}
        />
      </NextIntlClientProvider>
    </AccountSection>
  );
}
