import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { FormState } from '@/lib/forms/form-state';

/**
 * A successful change to the user's second factors (an authenticator app or a passkey added or removed), with the
 * offer to end every other session (ASVS 7.4.3). A password change needs none: GoTrue ends the other sessions
 * itself (models.User.UpdatePassword), and the form says so.
 */
export async function withEndSessionsOffer<S extends FormState>(locale: Locale, state: S): Promise<S> {
  const t = await getTranslations({ locale, namespace: 'Sessions' });
  return { ...state, endSessionsOffer: { message: t('offerSecondFactor'), button: t('endOthers') } };
}
