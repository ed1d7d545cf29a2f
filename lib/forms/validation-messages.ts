import type { z } from 'zod/mini';

// Messages of the Validation namespace. Schemas name a key as their error when a rule needs its own wording.
const namedKeys = [
  'required',
  'whitespace',
  'wrongType',
  'email',
  'passwordPolicy',
  'commonPassword',
  'passwordMismatch',
  'otpFormat',
  'confirmationMismatch',
  'nameTooLong',
  'slugPattern',
] as const;

type ValidationKey =
  | (typeof namedKeys)[number]
  | 'tooShort'
  | 'tooLong'
  | 'tooSmall'
  | 'tooBig'
  | 'pattern'
  | 'oneOf'
  | 'invalid';

interface ValidationMessage {
  key: ValidationKey;
  values?: Record<string, number>;
}

function isNamedKey(message: string): message is (typeof namedKeys)[number] {
  return (namedKeys as readonly string[]).includes(message);
}

/** The localized-message key (and ICU values) for one zod issue. */
export function validationMessage(issue: z.core.$ZodIssue): ValidationMessage {
  if (isNamedKey(issue.message)) return { key: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined || issue.input === null ? 'required' : 'wrongType' };
    case 'too_small':
      if (issue.origin === 'string') return { key: 'tooShort', values: { min: Number(issue.minimum) } };
      return { key: 'tooSmall', values: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'tooLong', values: { max: Number(issue.maximum) } };
      return { key: 'tooBig', values: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'email' : 'pattern' };
    case 'invalid_value':
      return { key: 'oneOf' };
    default:
      return { key: 'invalid' };
  }
}

export type FieldErrors = Record<string, string>;

/** First message per field, translated with the caller's `t` (server or client). */
export function fieldErrors(
  error: z.core.$ZodError,
  translate: (key: ValidationKey, values?: Record<string, number>) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (errors[field]) continue;
    const { key, values } = validationMessage(issue);
    errors[field] = translate(key, values);
  }
  return errors;
}
