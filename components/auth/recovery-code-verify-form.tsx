'use client';

import { useActionState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { verifyRecoveryCode } from '@/lib/auth/actions/recovery-codes';
import { recoveryCodeMaxLength } from '@/lib/auth/recovery-codes';
import { type FormState, initialFormState } from '@/lib/forms/form-state';

/** The code step with a recovery code instead of an app code. `answer`: see lib/forms/no-script-state.ts. */
export function RecoveryCodeVerifyForm({ answer }: { answer?: FormState }) {
  const t = useTranslations('RecoveryCodes');
  const locale = useLocale();
  const [state, action] = useActionState(verifyRecoveryCode, answer ?? initialFormState);
  return (
    <form action={action} noValidate className="grid gap-4" data-testid="recovery-code-verify">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <p className="text-sm text-muted-foreground">{t('verifyDescription')}</p>
      <FormField
        idPrefix="recovery"
        name="code"
        label={t('codeLabel')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        maxLength={recoveryCodeMaxLength}
        required
        autoFocus
        defaultValue={state.values?.code}
        error={state.fieldErrors?.code}
      />
      <SubmitButton className="w-full">{t('verifySubmit')}</SubmitButton>
    </form>
  );
}
