import { z } from 'zod/mini';
import { locales } from '@/i18n/locales';
import { normalizeCode } from '@/lib/auth/one-time-code';
import { missingCharacterGroups, passwordPolicy } from '@/lib/forms/password-policy';
import { plainPasskeyName } from './passkey-device-name';

// One set of schemas for the browser (before submit) and the server actions (always). Errors name keys of the
// Validation namespace (see lib/forms/validation-messages.ts); unnamed ones are mapped by their zod issue code.
// zod/mini rather than zod: the same checks, and the sign-in page ships 14 kB (gzip) less JavaScript.

// Only for the type check itself; other issues of the same schema keep their own mapping.
const typeError = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_type' ? (issue.input == null ? 'required' : 'wrongType') : undefined,
};

/** Required text: empty → required, only spaces → whitespace, then trimmed and length-checked. */
function text(max: number) {
  return z.string(typeError).check(
    z.minLength(1, { error: 'required', abort: true }),
    z.refine((value) => value.trim().length > 0, { error: 'whitespace', abort: true }),
    z.trim(),
    z.maxLength(max),
  );
}

const email = z.pipe(text(254), z.email({ error: 'email' }));

/** A new password, held to the policy of supabase/config.toml. */
const newPassword = z.string(typeError).check(
  z.minLength(1, { error: 'required', abort: true }),
  z.minLength(passwordPolicy.minLength),
  z.maxLength(passwordPolicy.maxLength),
  z.refine((value) => missingCharacterGroups(value).length === 0, { error: 'passwordPolicy' }),
);

/** An existing password: only presence and the bcrypt limit are ours to check. */
const currentPassword = z
  .string(typeError)
  .check(z.minLength(1, { error: 'required' }), z.maxLength(passwordPolicy.maxLength));

export const signUpSchema = z.object({ displayName: text(60), email, password: newPassword });
export const signInSchema = z.object({ email, password: currentPassword });
export const emailOnlySchema = z.object({ email });
export const otpSchema = z.object({
  email,
  // Typed as a visitor's keyboard gives it (Arabic-Indic or full-width digits, spaces, a pasted dash), read as ASCII.
  code: z
    .string(typeError)
    .check(
      z.overwrite(normalizeCode),
      z.minLength(1, { error: 'required', abort: true }),
      z.regex(/^\d{6}$/, { error: 'otpFormat' }),
    ),
});

const passwordPair = z
  .object({
    password: newPassword,
    confirmPassword: z.string(typeError).check(z.minLength(1, { error: 'required' })),
  })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      error: 'passwordMismatch',
      path: ['confirmPassword'],
    }),
  );

export const resetPasswordSchema = passwordPair;
/**
 * The current password too (ASVS 6.2.3; GoTrue's update_password_require_current_password checks it). Optional:
 * an account made by an email link, a provider or a passkey has none, and GoTrue asks only accounts that do.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.optional(z.string(typeError).check(z.maxLength(passwordPolicy.maxLength))),
    password: newPassword,
    confirmPassword: z.string(typeError).check(z.minLength(1, { error: 'required' })),
  })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      error: 'passwordMismatch',
      path: ['confirmPassword'],
    }),
  );
export const profileSchema = z.object({
  displayName: text(60),
  preferredLocale: z.enum(locales, { error: (issue) => (issue.input == null ? 'required' : undefined) }),
});
export const changeEmailSchema = z.object({ email });

// GoTrue stores at most 120 bytes of a passkey's name: 40 Japanese characters, 120 English ones.
const passkeyNameBytes = 120;
// Direction marks are dropped before anything else: the name is shown isolated, in its own direction, wherever
// it appears (lib/auth/passkey-device-name.ts).
const passkeyName = z.pipe(
  z.string(typeError).check(z.overwrite(plainPasskeyName)),
  text(passkeyNameBytes).check(
    z.refine((value) => new TextEncoder().encode(value).length <= passkeyNameBytes, { error: 'nameTooLong' }),
  ),
);
export const passkeyNameSchema = z.object({ name: passkeyName });
export const renamePasskeySchema = z.object({ id: z.uuid(), name: passkeyName });

/** Deleting needs the localized confirmation word typed exactly (case aside). */
export function deleteAccountSchema(confirmationWord: string) {
  return z.object({
    confirmation: text(100).check(
      z.refine((value) => value.toLocaleLowerCase() === confirmationWord.toLocaleLowerCase(), {
        error: 'confirmationMismatch',
      }),
    ),
  });
}
