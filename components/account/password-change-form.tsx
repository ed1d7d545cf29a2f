'use client';

import { useLocale, useTranslations } from 'next-intl';
import { CodeField } from '@/components/forms/code-field';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { NewPasswordFields } from '@/components/auth/new-password-fields';
import { changePassword } from '@/lib/auth/actions/account-credentials';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';

export function PasswordChangeForm() {
  const t = useTranslations('Account');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    changePassword,
    loadFormSchema((schemas) => schemas.changePasswordSchema),
  );
  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <FormField
        idPrefix="password-change"
        name="currentPassword"
        type="password"
        label={t('currentPassword')}
        description={t('currentPasswordHint')}
        autoComplete="current-password"
        error={errors.currentPassword}
      />
      <NewPasswordFields idPrefix="password-change" errors={errors} />
      {state.step === 'code' ? (
        <CodeField idPrefix="password-change" name="nonce" label={t('reauthenticationCode')} maxLength={10} />
      ) : null}
      <SubmitButton className="justify-self-start">{t('changePassword')}</SubmitButton>
    </form>
  );
}
