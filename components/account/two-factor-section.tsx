import { NextIntlClientProvider } from 'next-intl';
import { getFormatter, getMessages, getTranslations } from 'next-intl/server';
import { pickMessages } from '@/i18n/messages';
import { isolatedText } from '@/i18n/isolate';
import type { EnrollmentState } from '@/lib/auth/two-factor';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import type { VerifiedFactor } from '@/lib/session/types';
import { PasskeyMessages } from '@/components/auth/passkey-messages';
import { AccountSection } from './account-section';
import { SecurityKeyAddForm, SecurityKeyList } from './security-keys';
import { TwoFactorEnrollForm } from './two-factor-enroll-form';
import { TwoFactorFactorList } from './two-factor-factor-list';

/**
 * "Two-factor authentication": the user's authenticator apps and security keys or passkeys (GoTrue's
 * WebAuthn factor), adding and removing each.
 */
export async function TwoFactorSection({ factors }: { factors: VerifiedFactor[] }) {
  const t = await getTranslations('TwoFactor');
  const ts = await getTranslations('SecurityKeys');
  const format = await getFormatter();
  const rowsOf = (type: string, unnamed: string) =>
    factors
      .filter((factor) => factor.type === type)
      .map((factor) => ({
        id: factor.id,
        name: factor.friendlyName || unnamed,
        added: factor.createdAt
          ? t.markup('addedOn', {
              date: format.dateTime(new Date(factor.createdAt), { dateStyle: 'long' }),
              ...isolatedText,
            })
          : '',
      }));
  const rows = rowsOf('totp', t('unnamed'));
  const keys = rowsOf('webauthn', ts('title'));
  return (
    <AccountSection id="two-factor" title={t('sectionTitle')} description={t('sectionDescription')}>
      <NextIntlClientProvider
        messages={pickMessages(await getMessages(), ['TwoFactor', 'RecoveryCodes', 'AuthForm'])}
      >
        <TwoFactorFactorList
          factors={rows}
          on={rows.length > 0 || keys.length > 0}
          answer={await noScriptAnswer('two-factor-remove')}
        />
        <p className="text-sm text-muted-foreground">{t('backupNote')}</p>
        <TwoFactorEnrollForm
          answer={await noScriptAnswer<EnrollmentState>('two-factor-enroll')}
          hasKeys={keys.length > 0}
        />
      </NextIntlClientProvider>
      <section aria-labelledby="security-keys-title" className="grid gap-3 border-t pt-4">
        <h3 id="security-keys-title" className="text-sm font-medium">
          {ts('title')}
        </h3>
        <p className="text-sm text-muted-foreground">{ts('description')}</p>
        <PasskeyMessages forms namespaces={['SecurityKeys', 'RecoveryCodes']}>
          <SecurityKeyList keys={keys} />
          <SecurityKeyAddForm hasApps={rows.length > 0} />
        </PasskeyMessages>
      </section>
    </AccountSection>
  );
}
