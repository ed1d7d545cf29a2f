'use client';

import type { ReactNode } from 'react';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import type { FormState } from '@/lib/forms/form-state';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import type { z } from 'zod/mini';

/**
 * Something that cannot be undone (deleting an account, a team), done only after typing a given word into
 * `confirmation`. `children`: the form's hidden fields.
 */
export function TypedConfirmationForm({
  action,
  loadSchema,
  answer,
  idPrefix,
  label,
  submit,
  dir,
  testId,
  messageDetail,
  children,
}: {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  loadSchema: () => Promise<z.ZodMiniType>;
  answer?: FormState;
  idPrefix: string;
  label: string;
  submit: string;
  /** `ltr` when the word is an address (a slug), whatever the page's direction. */
  dir?: 'ltr';
  testId?: string;
  /** Shown under the answer's message, from the answer (the teams that block deleting an account). */
  messageDetail?: (state: FormState) => ReactNode;
  children: ReactNode;
}) {
  const { state, formProps, errors } = useValidatedAction(action, loadSchema, answer);
  return (
    <form {...formProps} noValidate className="grid gap-4" data-testid={testId}>
      {children}
      <FormMessage state={state}>{messageDetail?.(state)}</FormMessage>
      <FormField
        idPrefix={idPrefix}
        name="confirmation"
        label={label}
        autoComplete="off"
        dir={dir}
        required
        defaultValue={state.values?.confirmation}
        error={errors.confirmation}
      />
      <SubmitButton variant="destructive" className="justify-self-start">
        {submit}
      </SubmitButton>
    </form>
  );
}
