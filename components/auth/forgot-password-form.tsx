'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { requestPasswordReset } from '@/lib/auth/actions/password-recovery';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { FormContextFields } from './form-context-fields';

export function ForgotPasswordForm() {
  const t = useTranslations('AuthForm');
  const tf = useTranslations('ForgotPassword');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    requestPasswordReset,
    loadFormSchema((schemas) => schemas.emailOnlySchema),
  );
  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <FormField
        name="email"
        type="email"
        label={t('email')}
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={errors.email}
      />
      <SubmitButton className="w-full">{tf('submit')}</SubmitButton>
    </form>
  );
}
