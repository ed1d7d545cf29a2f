'use server';

import { getTranslations } from 'next-intl/server';
import { withEndSessionsOffer } from '@/lib/auth/end-sessions-offer';
import { redirect } from '@/i18n/navigation';
import { lockedState, refusedState, rememberDevice, startSignInAttempt } from '@/lib/auth/attempt-limits';
import { privateAction, secondFactorAction } from '@/lib/guard/action';
import { authErrorState } from '@/lib/guard/auth-error-state';
import { codeValues, factorAndCode } from '@/lib/auth/factor-code';
import { firstRecoveryCodes } from '@/lib/auth/first-recovery-codes';
import { requestedNext } from '@/lib/auth/requested-next';
import { nextPath } from '@/lib/routes/safe-redirect';
import {
  type EnrollmentState,
  factorNameLength,
  type PendingEnrollment,
  qrImageSource,
} from '@/lib/auth/two-factor';
import { formAction } from '@/lib/forms/form-action';
import { answerForm } from '@/lib/forms/no-script-state';
import { echoedValues, type FormState } from '@/lib/forms/form-state';
import { verifiedFactors } from '@/lib/session/types';

// Two-factor sign-in: the code step after signing in, and the account page's authenticator apps.
// Each code is checked by the auth server (challenge, then verify); a success raises this session to aal2.

const accountSection = '/account#two-factor';

/** The code step (`/sign-in/verify`): a code from one of the user's apps, then on to the page they were going to. */
export const verifySecondFactor = formAction(async (_previous, formData) =>
  answerForm('two-factor-verify', await verify(formData)),
);

async function verify(formData: FormData): Promise<FormState> {
  const caller = await secondFactorAction(formData, { values: codeValues(formData) });
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const input = await factorAndCode(formData, locale);
  if ('state' in input) return input.state;
  const next = nextPath(await requestedNext(formData));
  // Already at aal2 (another tab was quicker): nothing to prove.
  if (caller.secondFactorPending) {
    // Wrong codes lock the account's code step for a while, from any address (ASVS 6.3.1); a refusal for the lock
    // also ends the user's sessions at the auth server, so the next try starts from the password.
    const email = user.email ?? '';
    const attempt = await startSignInAttempt('totp', user.id, email);
    if (attempt?.refused) return refusedState(attempt.refused, locale, input.values);
    const { error } = await supabase.auth.mfa.challengeAndVerify({
      factorId: input.factorId,
      code: input.code,
    });
    const lockedUntil = await attempt?.settle(error);
    if (lockedUntil) return lockedState(lockedUntil, locale, input.values);
    if (error) return authErrorState(error, locale, input.values);
    await rememberDevice(email);
  }
  return redirect({ href: next, locale });
}

function isPendingEnrollment(value: unknown): value is PendingEnrollment {
  if (!value || typeof value !== 'object') return false;
  const { factorId, name, qrImage, secret } = value as Record<string, unknown>;
  return [factorId, name, qrImage, secret].every((field) => typeof field === 'string');
}

/**
 * Adding an authenticator app, in two steps on one form: `start` (a name; the auth server answers with the QR code
 * and the secret), then `confirm` (the first code from the app, which verifies the factor) or `cancel`. The
 * enrollment waits in the form's state between them (without JavaScript React posts it back with the form).
 */
export const enrollTwoFactor = formAction<EnrollmentState>(async (previous, formData) => {
  const state = await enroll(previous, formData);
  // Kept for a page without JavaScript in a cookie, which cannot hold the QR code: the secret is there as text.
  await answerForm(
    'two-factor-enroll',
    state.enrollment ? { ...state, enrollment: { ...state.enrollment, qrImage: '' } } : state,
  );
  return state;
});

async function enroll(previous: EnrollmentState, formData: FormData): Promise<EnrollmentState> {
  const step = formData.get('step');
  // A crafted call can pass anything as the previous state: only a well-formed enrollment is taken from it.
  const pending =
    isPendingEnrollment(previous?.enrollment) && previous.enrollment.factorId === formData.get('factorId')
      ? previous.enrollment
      : undefined;
  const caller = await privateAction(formData, accountSection, { enrolling: true, fresh: true });
  if (caller.refused) return { ...caller.refused, enrollment: pending };
  const { locale, supabase, user } = caller;

  if (step === 'cancel' || (step === 'confirm' && !pending)) {
    // An unverified factor can be removed at any level; what is not removed here expires on the auth server.
    if (pending) await supabase.auth.mfa.unenroll({ factorId: pending.factorId });
    return { status: 'idle' };
  }

  const t = await getTranslations({ locale, namespace: 'TwoFactor' });
  if (step === 'confirm' && pending) {
    const input = await factorAndCode(formData, locale);
    if ('state' in input) return { ...input.state, enrollment: pending };
    const { error } = await supabase.auth.mfa.challengeAndVerify({
      factorId: pending.factorId,
      code: input.code,
    });
    if (error) return { ...(await authErrorState(error, locale, input.values)), enrollment: pending };
    // The new session cookies make Next render the page again, with the app in the list.
    return withEndSessionsOffer(locale, {
      status: 'success',
      message: t('enabled'),
      codes: await firstRecoveryCodes(supabase, user, locale),
    });
  }

  const rawName = formData.get('name');
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  const values = echoedValues(formData, ['name']);
  if (!name) return { status: 'error', fieldErrors: { name: t('nameRequired') }, values };
  if (name.length > factorNameLength) {
    const tv = await getTranslations({ locale, namespace: 'Validation' });
    return { status: 'error', fieldErrors: { name: tv('tooLong', { max: factorNameLength }) }, values };
  }
  // Leftovers of an abandoned enrollment would count against the limit and could hold the name: they go first.
  for (const factor of user.factors ?? []) {
    if (factor.status !== 'verified') await supabase.auth.mfa.unenroll({ factorId: factor.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: name });
  if (error) return authErrorState(error, locale, values);
  return {
    status: 'idle',
    values,
    enrollment: {
      factorId: data.id,
      name,
      qrImage: qrImageSource(data.totp.qr_code),
      secret: data.totp.secret,
    },
  };
}

/** Removing an app asks for a code from it first (a fresh proof, aal2), then unenrolls it. */
export const removeTwoFactor = formAction(async (_previous, formData) =>
  answerForm('two-factor-remove', await remove(formData)),
);

async function remove(formData: FormData): Promise<FormState> {
  const caller = await privateAction(formData, accountSection, { fresh: true, values: codeValues(formData) });
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const input = await factorAndCode(formData, locale);
  if ('state' in input) return input.state;
  const verified = await supabase.auth.mfa.challengeAndVerify({
    factorId: input.factorId,
    code: input.code,
  });
  if (verified.error) return authErrorState(verified.error, locale, input.values);
  // Recovery codes cannot outlive the last app or key (the auth server refuses it): they go first, while at aal2.
  const others = verifiedFactors(user.factors).filter(
    (factor) => factor.type === 'totp' || factor.type === 'webauthn',
  );
  if (others.every((factor) => factor.id === input.factorId)) {
    const codes = await supabase.auth.mfa.recoveryCodes.unenroll();
    if (codes.error && codes.error.code !== 'mfa_factor_not_found')
      return authErrorState(codes.error, locale, input.values);
  }
  const { error } = await supabase.auth.mfa.unenroll({ factorId: input.factorId });
  if (error) return authErrorState(error, locale, input.values);
  const t = await getTranslations({ locale, namespace: 'TwoFactor' });
  return withEndSessionsOffer(locale, { status: 'success', message: t('removed') });
}
