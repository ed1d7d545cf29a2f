import { getTranslations } from 'next-intl/server';
import type { z } from 'zod/mini';
import type { Locale } from 'next-intl';
import { isCommonPassword } from './common-passwords';
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

/**
 * parseForm for a form that sets a new password (sign-up, reset, change): the shared schema, then the common-password
 * list, the context words and the form's email address, which only the server checks (lib/forms/common-passwords.ts).
 */
export async function parseNewPasswordForm<T extends z.ZodMiniType<{ password: string }>>(
  schema: T,
  formData: FormData,
  locale: Locale,
  echo: readonly string[],
): Promise<Parsed<T>> {
  const parsed = await parseForm(schema, formData, locale, echo);
  const email = formData.get('email');
  if (!parsed.ok || !isCommonPassword(parsed.data.password, typeof email === 'string' ? [email] : []))
    return parsed;
  const t = await getTranslations({ locale, namespace: 'Validation' });
  return {
    ok: false,
    state: {
      status: 'error',
      fieldErrors: { password: t('commonPassword') },
      values: echoedValues(formData, echo),
    },
  };
}
