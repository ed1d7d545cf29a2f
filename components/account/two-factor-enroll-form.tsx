'use client';

import { useActionState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { CodeField } from '@/components/forms/code-field';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { enrollTwoFactor } from '@/lib/auth/actions/two-factor';
import { type EnrollmentState, factorNameLength, groupedSecret } from '@/lib/auth/two-factor';
import { CopyTextButton } from '@/components/ui/copy-text-button';
import { EndSessionsOffer } from './end-sessions-offer';
import { RecoveryCodesDisplay } from './recovery-codes-display';

const idle: EnrollmentState = { status: 'idle' };

/**
 * Adding an authenticator app: a name, then the QR code and the secret as text (for apps or people that cannot
 * scan), confirmed with the app's first code. One form, two steps; the pressed button's `step` says which.
 */
export function TwoFactorEnrollForm({
  answer,
  hasKeys,
}: {
  answer?: EnrollmentState;
  /** The user also has security keys: the recovery codes stand in for either. */
  hasKeys: boolean;
}) {
  const t = useTranslations('TwoFactor');
  const locale = useLocale();
  const [state, action] = useActionState(enrollTwoFactor, answer ?? idle);
  const enrollment = state.enrollment;
  return (
    <div className="grid gap-4">
      <form action={action} noValidate className="grid gap-4" data-testid="two-factor-enroll">
        <FormContextFields locale={locale} />
        <FormMessage state={state} />
        {state.codes ? <RecoveryCodesDisplay codes={state.codes} ways={hasKeys ? 'both' : 'app'} /> : null}
        {enrollment ? (
          <>
            <input type="hidden" name="factorId" value={enrollment.factorId} />
            <p className="text-sm">{t('scan')}</p>
            {/* A data: URL of the auth server's SVG: nothing is fetched, and the secret never appears in a URL of ours.
              (Empty after a post without JavaScript, which keeps only the secret: see lib/forms/no-script-state.ts.) */}
            {enrollment.qrImage ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img
                src={enrollment.qrImage}
                alt={t('qrAlt')}
                width={200}
                height={200}
                className="rounded-md border bg-white p-2"
              />
            ) : null}
            <div className="grid gap-2">
              <p className="text-sm">{t('secretIntro')}</p>
              <div className="flex flex-wrap items-center gap-3">
                <code
                  dir="ltr"
                  translate="no"
                  className="rounded-sm bg-muted px-2 py-1 font-mono text-sm tracking-wider"
                  data-testid="two-factor-secret"
                >
                  {groupedSecret(enrollment.secret)}
                </code>
                <CopyTextButton
                  text={enrollment.secret}
                  label={t('copySecret')}
                  doneLabel={t('secretCopied')}
                />
              </div>
            </div>
            <CodeField
              idPrefix="enroll"
              name="code"
              label={t('confirmCode')}
              maxLength={16}
              defaultValue={state.values?.code}
              error={state.fieldErrors?.code}
            />
            <div className="flex flex-wrap gap-3">
              <SubmitButton name="step" value="confirm">
                {t('confirmSubmit')}
              </SubmitButton>
              <SubmitButton name="step" value="cancel" variant="outline">
                {t('cancel')}
              </SubmitButton>
            </div>
          </>
        ) : (
          <>
            <FormField
              idPrefix="enroll"
              name="name"
              label={t('enrollName')}
              description={t('enrollNameHint')}
              autoComplete="off"
              maxLength={factorNameLength}
              required
              defaultValue={state.values?.name}
              error={state.fieldErrors?.name}
            />
            <SubmitButton name="step" value="start" variant="outline" className="justify-self-start">
              {t('enrollStart')}
            </SubmitButton>
          </>
        )}
      </form>
      <EndSessionsOffer state={state} />
    </div>
  );
}
