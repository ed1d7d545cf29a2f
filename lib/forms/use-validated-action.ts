'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useActionState, useRef, useState } from 'react';
import type { z } from 'zod/mini';
import { type FormState, initialFormState } from './form-state';
import { type FieldErrors, fieldErrors } from './validation-messages';

type Action<S extends FormState> = (previous: S, formData: FormData) => Promise<S>;
type SchemaLoader = () => Promise<z.ZodMiniType>;

/**
 * A server action form with the same zod schema checked in the browser first. Without JavaScript the
 * server does the same check and answers with the same messages.
 *
 * The schema (and zod with it) loads when the form first gets focus, not with the page: building the
 * schemas was the longest task of a form page's start-up. A submit before it has loaded simply goes to the
 * server, which checks the same rules and answers in the same words. `initial`: the answer to a post made without
 * JavaScript, where the page has it (lib/forms/no-script-state.ts).
 */
export function useValidatedAction<S extends FormState = FormState>(
  action: Action<S>,
  loadSchema: SchemaLoader,
  initial: S = initialFormState as S,
) {
  const [state, formAction] = useActionState<S, FormData>(action, initial as Awaited<S>);
  const t = useTranslations('Validation');
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [serverState, setServerState] = useState(state);
  const schema = useRef<z.ZodMiniType | 'loading' | null>(null);
  // A new answer from the server replaces errors found in the browser.
  if (serverState !== state) {
    setServerState(state);
    setClientErrors(null);
  }

  function prepare() {
    if (schema.current) return;
    schema.current = 'loading';
    loadSchema().then(
      (loaded) => {
        schema.current = loaded;
      },
      () => {
        schema.current = null;
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const loaded = schema.current;
    if (!loaded || loaded === 'loading') return;
    const form = event.currentTarget;
    const result = loaded.safeParse(Object.fromEntries(new FormData(form)), { reportInput: true });
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

  return {
    state,
    errors: clientErrors ?? state.fieldErrors ?? {},
    formProps: { action: formAction, onSubmit, onFocus: prepare },
  };
}
