import { NextIntlClientProvider } from 'next-intl';
import { getFormatter, getMessages, getTranslations } from 'next-intl/server';
import { pickMessages } from '@/i18n/messages';
import { isolatedText } from '@/i18n/isolate';
import type { EnrollmentState } from '@/lib/auth/two-factor';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import type { VerifiedFactor } from '@/lib/session/types';
import { AccountSection } from './account-section';
import { TwoFactorEnrollForm } from './two-factor-enroll-form';
import { TwoFactorFactorList } from './two-factor-factor-list';

/** "Two-factor authentication": the user's authenticator apps, adding one, removing one (issue 17). */
export async function TwoFactorSection({ factors }: { factors: VerifiedFactor[] }) {
  const t = await getTranslations('TwoFactor');
  const format = await getFormatter();
  const rows = factors
    .filter((factor) => factor.type === 'totp')
    .map((factor) => ({
      id: factor.id,
      name: factor.friendlyName || t('unnamed'),
      added: factor.createdAt
        ? t.markup('addedOn', {
            date: format.dateTime(new Date(factor.createdAt), { dateStyle: 'long' }),
            ...isolatedText,
          })
        : '',
    }));
  return (
    <AccountSection id="two-factor" title={t('sectionTitle')} description={t('sectionDescription')}>
      <NextIntlClientProvider
        messages={pickMessages(await getMessages(), ['TwoFactor', 'RecoveryCodes', 'AuthForm'])}
      >
        <TwoFactorFactorList factors={rows} answer={await noScriptAnswer('two-factor-remove')} />
        <p className="text-sm text-muted-foreground">{t('backupNote')}</p>
        <TwoFactorEnrollForm answer={await noScriptAnswer<EnrollmentState>('two-factor-enroll')} />
      </NextIntlClientProvider>
    </AccountSection>
  );
}
