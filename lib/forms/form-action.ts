import type { FormState } from './form-state';

type FormAction<S extends FormState> = (previous: S, formData: FormData) => Promise<S>;

/** What a call passed where the form's data belongs, as form data: anything else becomes an empty form. */
export function asFormData(value: unknown): FormData {
  return value instanceof FormData ? value : new FormData();
}

/**
 * Server actions are public endpoints, and a crafted call can pass anything for the form's data. The action
 * then sees an empty form and answers with its usual localized errors instead of a TypeError and a 500.
 */
export function formAction<S extends FormState = FormState>(action: FormAction<S>): FormAction<S> {
  return async (previous, formData) => action(previous, asFormData(formData));
}
