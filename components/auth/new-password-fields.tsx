'use client';

import { useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import type { FieldErrors } from '@/lib/forms/validation-messages';
import { PolicyPasswordField } from './policy-password-field';

/** New password and its repetition, with the policy shown up front. */
export function NewPasswordFields({ errors, idPrefix }: { errors: FieldErrors; idPrefix?: string }) {
  const t = useTranslations('AuthForm');
  return (
    <>
      <PolicyPasswordField idPrefix={idPrefix} label={t('newPassword')} error={errors.password} />
      <FormField
        idPrefix={idPrefix}
        name="confirmPassword"
        type="password"
        label={t('confirmPassword')}
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
