'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useActionState, useState } from 'react';
import type { z } from 'zod/mini';
import { type FormState, initialFormState } from './form-state';
import { type FieldErrors, fieldErrors } from './validation-messages';

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

/**
 * A server action form with the same zod schema checked in the browser first. Without JavaScript the
 * server does the same check and answers with the same messages.
 */
export function useValidatedAction(action: Action, schema: z.ZodMiniType) {
  const [state, formAction] = useActionState(action, initialFormState);
  const t = useTranslations('Validation');
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [serverState, setServerState] = useState(state);
  // A new answer from the server replaces errors found in the browser.
  if (serverState !== state) {
    setServerState(state);
    setClientErrors(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = schema.safeParse(Object.fromEntries(new FormData(form)), { reportInput: true });
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrors(result.error, (key, values) => t(key, values));
    setClientErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  return { state, formAction, onSubmit, errors: clientErrors ?? state.fieldErrors ?? {} };
}
