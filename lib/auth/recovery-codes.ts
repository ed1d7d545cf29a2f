import type { FormState } from '@/lib/forms/form-state';

// MFA recovery codes: single-use codes that stand in for the authenticator app on the code step. The auth
// server hands them out once (canonical: lowercase base32, no separators); they are shown, never stored here.

/** A form's answer that may carry a fresh set of codes, shown once. */
export interface RecoveryCodesState extends FormState {
  codes?: string[];
}

/** `k4m9x7qp2ab8ht3z` → `k4m9-x7qp-2ab8-ht3z`: groups of four are easier to copy out by hand. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? '';
}

/** The text file a user downloads: a heading line, then one code a line. */
export function recoveryCodesFile(heading: string, codes: readonly string[]): string {
  return `${heading}\n\n${codes.map(formatRecoveryCode).join('\n')}\n`;
}

/** What a typed code is sent as: spaces and hyphens out, lowercase (the auth server ignores them too). */
export function normalizeRecoveryCode(raw: FormDataEntryValue | null): string {
  return typeof raw === 'string' ? raw.replace(/[\s-]/gu, '').toLowerCase() : '';
}

export const recoveryCodeMaxLength = 48;
