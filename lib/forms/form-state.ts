import type { FieldErrors } from './validation-messages';

/** What a server action hands back to its form (with or without JavaScript). */
export interface FormState {
  status: 'idle' | 'error' | 'success';
  /** Form-level message, already translated. */
  message?: string;
  fieldErrors?: FieldErrors;
  /** What was typed, so nothing is lost on error. Never passwords. */
  values?: Record<string, string>;
  /** The server asks for one more thing before it goes on: the code it emailed (the password change). */
  step?: 'code';
  /** After a second-factor change: the offer to end the user's other sessions (ASVS 7.4.3), already translated. */
  endSessionsOffer?: { message: string; button: string };
  /**
   * Account deletion refused: the teams the user owns alone while others belong to them, each to hand over or
   * delete first (read by the delete action, so the account page itself does not ask on every view).
   */
  deletionBlockers?: { slug: string; name: string }[];
}

export const initialFormState: FormState = { status: 'idle' };

/** The typed values to send back, without fields that must not be echoed (passwords). */
export function echoedValues(formData: FormData, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = formData.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}
