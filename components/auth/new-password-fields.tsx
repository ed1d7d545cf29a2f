'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormField } from '@/components/forms/form-field';
import type { FieldErrors } from '@/lib/forms/validation-messages';
import { PasswordRequirements } from './password-requirements';

/** New password and its repetition, with the policy shown up front. */
export function NewPasswordFields({ errors, idPrefix }: { errors: FieldErrors; idPrefix?: string }) {
  const t = useTranslations('AuthForm');
  const [password, setPassword] = useState('');
  return (
    <>
      <FormField
        idPrefix={idPrefix}
        name="password"
        type="password"
        label={t('newPassword')}
        autoComplete="new-password"
        required
        error={errors.password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        description={<PasswordRequirements password={password} />}
      />
      <FormField idPrefix={idPrefix} name="confirmPassword" type="password" label={t('confirmPassword')} autoComplete="new-password" required error={errors.confirmPassword} />
    </>
  );
}
