'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { resetPassword } from '@/lib/auth/actions/password-recovery';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { FormContextFields } from './form-context-fields';
import { NewPasswordFields } from './new-password-fields';

export function ResetPasswordForm() {
  const tr = useTranslations('ResetPassword');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    resetPassword,
    loadFormSchema((schemas) => schemas.resetPasswordSchema),
  );
  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <NewPasswordFields errors={errors} />
      <SubmitButton className="w-full">{tr('submit')}</SubmitButton>
    </form>
  );
}
