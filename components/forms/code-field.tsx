import type { ComponentProps } from 'react';
import { FormField } from './form-field';

/** A field for an emailed numeric code: digits keypad, one-time-code autofill, required. */
export function CodeField({ maxLength = 6, ...props }: ComponentProps<typeof FormField>) {
  return (
    <FormField
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={maxLength}
      required
      {...props}
    />
  );
}
