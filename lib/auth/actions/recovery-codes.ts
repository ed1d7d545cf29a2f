'use server';

import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import { privateAction, secondFactorAction } from '@/lib/guard/action';
import { authErrorState } from '@/lib/guard/auth-error-state';
import { codeValues, factorAndCode } from '@/lib/auth/factor-code';
import { preferredLocale } from '@/lib/auth/preferred-locale';
import { normalizeRecoveryCode, type RecoveryCodesState } from '@/lib/auth/recovery-codes';
import { requestedNext } from '@/lib/auth/requested-next';
import { formAction } from '@/lib/forms/form-action';
import { echoedValues, type FormState } from '@/lib/forms/form-state';
import { answerForm } from '@/lib/forms/no-script-state';
import { sendSecurityNotice } from '@/lib/mail/notices';
import { nextPath } from '@/lib/routes/safe-redirect';

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
  const values = echoedValues(formData, ['code']);
  const caller = await secondFactorAction(formData, { values });
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const code = normalizeRecoveryCode(formData.get('code'));
  const t = await getTranslations({ locale, namespace: 'RecoveryCodes' });
  if (!code) return { status: 'error', fieldErrors: { code: t('codeRequired') }, values };
  const next = nextPath(await requestedNext(formData));
  if (caller.secondFactorPending) {
    const { error } = await supabase.auth.mfa.recoveryCodes.verify({ code });
    if (error) return verifyErrorState(error, locale, values);
    sendSecurityNotice('recoveryCodeUsed', user.email, preferredLocale(user, locale));
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
  const intent = formData.get('intent');
  const values = { ...codeValues(formData), intent: String(intent ?? '') };
  const caller = await privateAction(formData, accountSection, { values });
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  if (intent !== 'generate' && intent !== 'regenerate' && intent !== 'delete') return { status: 'idle' };
  const input = await factorAndCode(formData, locale);
  if ('state' in input) return { ...input.state, values: { ...input.state.values, intent } };
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
    user.email,
    preferredLocale(user, locale),
  );
  return {
    status: 'success',
    message: t(intent === 'generate' ? 'created' : 'regenerated'),
    codes: data.codes,
  };
}
