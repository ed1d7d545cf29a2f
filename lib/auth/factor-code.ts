import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { totpCode } from '@/lib/auth/one-time-code';
import { echoedValues, type FormState } from '@/lib/forms/form-state';

/** The form's factor id and code, or the form state that says what is missing (in the form's language). */
export type CodeInput =
  { state: FormState } | { factorId: string; code: string; values: Record<string, string> };

/** What a code form keeps of what was typed: the code, and the factor it was for. */
export function codeValues(formData: FormData): Record<string, string> {
  return echoedValues(formData, ['code', 'factorId']);
}

export async function factorAndCode(formData: FormData, locale: Locale): Promise<CodeInput> {
  const t = await getTranslations({ locale, namespace: 'TwoFactor' });
  const values = codeValues(formData);
  const factorId = formData.get('factorId');
  if (typeof factorId !== 'string' || !factorId)
    return { state: { status: 'error', message: t('factorRequired'), values } };
  const code = totpCode(formData.get('code'));
  if ('problem' in code)
    return { state: { status: 'error', fieldErrors: { code: t(code.problem) }, values } };
  return { factorId, code: code.code, values };
}
