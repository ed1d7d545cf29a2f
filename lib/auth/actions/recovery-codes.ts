'use server';

import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import { authErrorState } from '@/lib/guard/auth-error-state';
import { factorAndCode } from '@/lib/auth/factor-code';
import { preferredLocale } from '@/lib/auth/preferred-locale';
import { normalizeRecoveryCode, type RecoveryCodesState } from '@/lib/auth/recovery-codes';
import { requestedNext } from '@/lib/auth/requested-next';
import { formAction } from '@/lib/forms/form-action';
import { formLocale } from '@/lib/forms/form-locale';
import { echoedValues, type FormState } from '@/lib/forms/form-state';
import { answerForm } from '@/lib/forms/no-script-state';
import { sendSecurityNotice } from '@/lib/mail/notices';
import { nextPath } from '@/lib/routes/safe-redirect';
import { requireCurrentUser, requireFirstFactorUser } from '@/lib/session/server';

// MFA recovery codes: using one on the code step instead of the app, and the account page's
// regenerate and delete, each after a fresh code from the app (aal2, as removing an app).

const accountSection = '/account#recovery-codes';

/** The auth server's answer to a recovery code as form state: wrong or used, locked, or a general failure. */
async function verifyErrorState(error: unknown, locale: Locale, values: Record<string, string>) {
  const code = (error as { code?: unknown } | null)?.code;
  const t = await getTranslations({ locale, namespace: 'RecoveryCodes' });
  if (code === 'mfa_verification_failed') return { status: 'error' as const, message: t('wrong'), values };
  if (code === 'mfa_recovery_codes_locked') return { status: 'error' as const, message: t('locked'), values };
  return authErrorState(error, locale, values);
}

/** The code step's "Use a recovery code": one unused code raises the session to aal2, then on to `next`. */
export const verifyRecoveryCode = formAction(async (_previous, formData) =>
  answerForm('recovery-code-verify', await verify(formData)),
);

async function verify(formData: FormData): Promise<FormState> {
  const locale = formLocale(formData);
  const values = echoedValues(formData, ['code']);
  const code = normalizeRecoveryCode(formData.get('code'));
  const t = await getTranslations({ locale, namespace: 'RecoveryCodes' });
  if (!code) return { status: 'error', fieldErrors: { code: t('codeRequired') }, values };
  const current = await requireFirstFactorUser(locale);
  if (!current.user) return authErrorState(current.error, locale, values);
  const next = nextPath(await requestedNext(formData));
  if (current.secondFactorPending) {
    const { error } = await current.supabase.auth.mfa.recoveryCodes.verify({ code });
    if (error) return verifyErrorState(error, locale, values);
    sendSecurityNotice('recoveryCodeUsed', current.user.email, preferredLocale(current.user, locale));
  }
  return redirect({ href: next, locale });
}

/**
 * The account page's recovery codes: `generate` (none yet), `regenerate` (a new set; the old codes stop working) or
 * `delete`. Each first takes a code from one of the user's apps, so the session is at aal2 as the auth server asks.
 */
export const manageRecoveryCodes = formAction<RecoveryCodesState>(async (_previous, formData) => {
  const state = await manage(formData);
  await answerForm('recovery-codes', state);
  return state;
});

async function manage(formData: FormData): Promise<RecoveryCodesState> {
  const locale = formLocale(formData);
  const intent = formData.get('intent');
  if (intent !== 'generate' && intent !== 'regenerate' && intent !== 'delete') return { status: 'idle' };
  const input = await factorAndCode(formData, locale);
  if ('state' in input) return { ...input.state, values: { ...input.state.values, intent } };
  const values = { ...input.values, intent };
  const current = await requireCurrentUser(locale, accountSection);
  if (!current.user) return authErrorState(current.error, locale, values);
  const { supabase } = current;
  const stepUp = await supabase.auth.mfa.challengeAndVerify({ factorId: input.factorId, code: input.code });
  if (stepUp.error) return authErrorState(stepUp.error, locale, values);
  const t = await getTranslations({ locale, namespace: 'RecoveryCodes' });
  if (intent === 'delete') {
    const { error } = await supabase.auth.mfa.recoveryCodes.unenroll();
    if (error) return authErrorState(error, locale, values);
    return { status: 'success', message: t('deleted') };
  }
  const { data, error } =
    intent === 'generate'
      ? await supabase.auth.mfa.recoveryCodes.generate()
      : await supabase.auth.mfa.recoveryCodes.regenerate();
  if (error) return authErrorState(error, locale, values);
  sendSecurityNotice(
    intent === 'generate' ? 'recoveryCodesCreated' : 'recoveryCodesReplaced',
    current.user.email,
    preferredLocale(current.user, locale),
  );
  return {
    status: 'success',
    message: t(intent === 'generate' ? 'created' : 'regenerated'),
    codes: data.codes,
  };
}
