'use client';

import { useActionState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { CodeField } from '@/components/forms/code-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { verifySecondFactor } from '@/lib/auth/actions/two-factor';
import { type FormState, initialFormState } from '@/lib/forms/form-state';
import { FactorChoice, type FactorOption } from '@/components/forms/factor-choice';

/** The code step after signing in: which app (when there are several) and its current code. `answer`: see lib/forms/no-script-state.ts. */
export function TwoFactorVerifyForm({ factors, answer }: { factors: FactorOption[]; answer?: FormState }) {
  const t = useTranslations('TwoFactor');
  const locale = useLocale();
  const [state, action] = useActionState(verifySecondFactor, answer ?? initialFormState);
  return (
    <form action={action} noValidate className="grid gap-4">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <FactorChoice factors={factors} legend={t('whichApp')} selected={state.values?.factorId} />
      <CodeField
        idPrefix="two-factor"
        name="code"
        label={t('code')}
        maxLength={16}
        autoFocus
        defaultValue={state.values?.code}
        error={state.fieldErrors?.code}
      />
      <SubmitButton className="w-full">{t('verifySubmit')}</SubmitButton>
    </form>
  );
}
