import { getTranslations } from 'next-intl/server';
import type { z } from 'zod/mini';
import type { Locale } from 'next-intl';
import { echoedValues, type FormState } from './form-state';
import { fieldErrors } from './validation-messages';

type Parsed<T extends z.ZodMiniType> = { ok: true; data: z.output<T> } | { ok: false; state: FormState };

/** Server half of form validation: the same schema as the browser, messages in the form's language. */
export async function parseForm<T extends z.ZodMiniType>(
  schema: T,
  formData: FormData,
  locale: Locale,
  echo: readonly string[],
): Promise<Parsed<T>> {
  const result = schema.safeParse(Object.fromEntries(formData), { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  const t = await getTranslations({ locale, namespace: 'Validation' });
  return {
    ok: false,
    state: {
      status: 'error',
      fieldErrors: fieldErrors(result.error, t),
      values: echoedValues(formData, echo),
    },
  };
}
