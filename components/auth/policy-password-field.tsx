'use client';

import { useState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { PasswordRequirements } from './password-requirements';

interface PolicyPasswordFieldProps {
  label: string;
  error?: string;
  idPrefix?: string;
}

/** A new password, with the policy from config.toml shown before submit and ticked off while typing. */
export function PolicyPasswordField({ label, error, idPrefix }: PolicyPasswordFieldProps) {
  const [password, setPassword] = useState('');
  return (
    <FormField
      idPrefix={idPrefix}
      name="password"
      type="password"
      label={label}
      autoComplete="new-password"
      required
      error={error}
      onChange={(event) => setPassword(event.currentTarget.value)}
      description={<PasswordRequirements password={password} />}
    />
  );
}
