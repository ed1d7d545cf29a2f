'use client';

import { useLocale } from 'next-intl';
import type { ReactNode } from 'react';
import { CodeField } from '@/components/forms/code-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { verifyEmailCode } from '@/lib/auth/actions/email-link';
import type { EmailCodeType } from '@/lib/auth/link-verification';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import type { FormState } from '@/lib/forms/form-state';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { FormContextFields } from './form-context-fields';

interface EmailCodeFormProps {
  /** The address the code was sent to (GoTrue checks the code against it). */
  email: string;
  type: EmailCodeType;
  label: string;
  submitLabel: string;
  /** Above the message and the field: what was sent where. */
  intro?: ReactNode;
  /** Below the button: the way back. */
  footer?: ReactNode;
  /** The answer to a post without JavaScript, where the page has it. */
  answer?: FormState;
  idPrefix?: string;
  className?: string;
  /** `secondary` where another form on the page holds its one primary button. */
  submitVariant?: 'default' | 'secondary';
}

/** The 6-digit code of any of our emails; a code that only confirmed half of something leaves its answer. */
export function EmailCodeForm({
  email,
  type,
  label,
  submitLabel,
  intro,
  footer,
  answer,
  idPrefix = 'email-code',
  className = 'grid gap-4',
  submitVariant = 'default',
}: EmailCodeFormProps) {
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    verifyEmailCode,
    loadFormSchema((schemas) => schemas.otpSchema),
    answer,
  );
  // Only a confirmed half of a secure email change answers with success: this code is done.
  if (state.status === 'success') return <FormMessage state={state} />;

  return (
    <form {...formProps} noValidate className={className}>
      <FormContextFields locale={locale} />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="email" value={email} />
      {intro}
      <FormMessage state={state} />
      <CodeField idPrefix={idPrefix} name="code" label={label} error={errors.code ?? errors.email} />
      <SubmitButton className="w-full" variant={submitVariant}>
        {submitLabel}
      </SubmitButton>
      {footer}
    </form>
  );
}
