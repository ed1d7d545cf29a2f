import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { CircleAlert } from 'lucide-react';
import { cache } from 'react';
import { PasskeyMessages } from '@/components/auth/passkey-messages';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { getPathname } from '@/i18n/navigation';
import { reportAuthFailure } from '@/lib/log/auth-errors';
import { sessionClient } from '@/lib/session/server';
import { AccountSection } from './account-section';
import { PasskeyAddForm } from './passkey-add-form';
import { type PasskeyEntry, PasskeyList } from './passkey-list';
import { plainPasskeyName } from '@/lib/auth/passkey-device-name';

const validDate = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** The user's passkeys, asked once per request (React cache), so the page can start the request early. */
export const listPasskeys = cache(async () => (await sessionClient()).auth.passkey.list());

/** The account page's passkeys: listed on the server, added, renamed and deleted through lib/auth/actions/passkeys.ts. */
export async function PasskeysSection({ locale }: { locale: Locale }) {
  const t = await getTranslations('Passkeys');
  const te = await getTranslations('AuthErrors');
  const { data, error } = await listPasskeys();
  const problem = error ? reportAuthFailure(error, getPathname({ href: '/account', locale })) : null;

  if (problem?.key === 'passkeyDisabled') {
    return (
      <AccountSection id="passkeys" title={t('title')} description={t('description')}>
        <p className="text-sm" data-testid="passkeys-switched-off">
          {t('switchedOff')}
        </p>
      </AccountSection>
    );
  }

  const passkeys: PasskeyEntry[] = (data ?? [])
    .filter((item) => validDate(item.created_at))
    .map((item) => ({
      id: item.id,
      // Names saved with direction marks by an earlier version are shown without them.
      name: plainPasskeyName(item.friendly_name ?? '') || t('defaultName'),
      createdAt: item.created_at,
      lastUsedAt: validDate(item.last_used_at) ? item.last_used_at : null,
    }));
  return (
    <AccountSection id="passkeys" title={t('title')} description={t('description')}>
      <PasskeyMessages forms>
        {problem ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{te(problem.key, problem.values)}</AlertDescription>
          </Alert>
        ) : (
          <PasskeyList passkeys={passkeys} />
        )}
        <PasskeyAddForm />
      </PasskeyMessages>
    </AccountSection>
  );
}
