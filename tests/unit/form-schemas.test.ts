import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  deleteAccountSchema,
  otpSchema,
  passkeyNameSchema,
  profileSchema,
  renamePasskeySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@/lib/auth/form-schemas';
import { fieldErrors, validationMessage } from '@/lib/forms/validation-messages';

/** field → "key {values}" as the forms would translate it. */
function errorsOf(schema: z.ZodMiniType, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return {};
  return fieldErrors(result.error, (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key));
}

const valid = { displayName: 'Ada', email: 'ada@example.com', password: 'Secret123' };

describe('sign-up schema', () => {
  it('accepts a good sign-up and trims text', () => {
    expect(signUpSchema.parse({ ...valid, displayName: '  Ada  ', email: ' ada@example.com ' })).toEqual(
      valid,
    );
  });

  it('names each rule kind', () => {
    expect(errorsOf(signUpSchema, {})).toEqual({
      displayName: 'required',
      email: 'required',
      password: 'required',
    });
    expect(errorsOf(signUpSchema, { ...valid, displayName: '' }).displayName).toBe('required');
    expect(errorsOf(signUpSchema, { ...valid, displayName: '    ' }).displayName).toBe('whitespace');
    expect(errorsOf(signUpSchema, { ...valid, displayName: 42 }).displayName).toBe('wrongType');
    expect(errorsOf(signUpSchema, { ...valid, displayName: 'x'.repeat(61) }).displayName).toBe(
      'tooLong {"max":60}',
    );
    expect(errorsOf(signUpSchema, { ...valid, email: 'not-an-email' }).email).toBe('email');
    expect(errorsOf(signUpSchema, { ...valid, password: 'Ab1' }).password).toBe('tooShort {"min":8}');
    expect(errorsOf(signUpSchema, { ...valid, password: `Ab1${'x'.repeat(70)}` }).password).toBe(
      'tooLong {"max":72}',
    );
    // Length only: no mix of character kinds (ASVS 6.2.5), so a password in any script passes the schema.
    for (const password of ['alllowercase1', 'NoDigitsHere', 'пароль для входа', 'とても長いパスワード'])
      expect(errorsOf(signUpSchema, { ...valid, password }).password).toBeUndefined();
  });
});

describe('other schemas', () => {
  it('checks sign-in presence only', () => {
    expect(errorsOf(signInSchema, { email: 'a@b.co', password: 'x' })).toEqual({});
    expect(errorsOf(signInSchema, { email: 'a@b.co', password: '' })).toEqual({ password: 'required' });
  });

  it('wants six digits for the code (pattern)', () => {
    expect(errorsOf(otpSchema, { email: 'a@b.co', code: '12345' })).toEqual({ code: 'otpFormat' });
    expect(errorsOf(otpSchema, { email: 'a@b.co', code: '123456' })).toEqual({});
  });

  it('reads an emailed code typed in Arabic-Indic or full-width digits, grouped, as six ASCII digits', () => {
    for (const typed of ['٨٦١٩٩٢', '٨٦١ ٩٩٢', '８６１-９９２', ' 861 992 ']) {
      const parsed = otpSchema.safeParse({ email: 'a@b.co', code: typed });
      expect(parsed.success && parsed.data.code, typed).toBe('861992');
    }
    expect(errorsOf(otpSchema, { email: 'a@b.co', code: '٨٦١٩٩' })).toEqual({ code: 'otpFormat' });
  });

  it('wants the two new passwords to match', () => {
    expect(errorsOf(resetPasswordSchema, { password: 'Secret123', confirmPassword: 'Secret124' })).toEqual({
      confirmPassword: 'passwordMismatch',
    });
  });

  it('limits the preferred language to our locales (enum)', () => {
    expect(errorsOf(profileSchema, { displayName: 'Ada', preferredLocale: 'it' })).toEqual({
      preferredLocale: 'oneOf',
    });
    expect(errorsOf(profileSchema, { displayName: 'Ada', preferredLocale: 'ar' })).toEqual({});
  });

  it('needs the localized confirmation word to delete', () => {
    expect(errorsOf(deleteAccountSchema('löschen'), { confirmation: 'LÖSCHEN' })).toEqual({});
    expect(errorsOf(deleteAccountSchema('löschen'), { confirmation: 'delete' })).toEqual({
      confirmation: 'confirmationMismatch',
    });
  });
});

describe('validationMessage', () => {
  it('maps numeric ranges and generic patterns by issue code', () => {
    const range = z.object({ n: z.number().check(z.gte(1), z.lte(10)), s: z.string().check(z.regex(/^a/)) });
    const low = range.safeParse({ n: 0, s: 'a' }, { reportInput: true });
    const high = range.safeParse({ n: 11, s: 'b' }, { reportInput: true });
    expect(low.success ? null : validationMessage(low.error.issues[0]!)).toEqual({
      key: 'tooSmall',
      values: { min: 1 },
    });
    expect(high.success ? [] : high.error.issues.map(validationMessage)).toEqual([
      { key: 'tooBig', values: { max: 10 } },
      { key: 'pattern' },
    ]);
  });
});

describe('passkey names', () => {
  it('are held to GoTrue’s 120 bytes, not characters', () => {
    expect(passkeyNameSchema.parse({ name: '  Chrome on Android ' })).toEqual({ name: 'Chrome on Android' });
    expect(errorsOf(passkeyNameSchema, { name: 'x'.repeat(120) })).toEqual({});
    expect(errorsOf(passkeyNameSchema, { name: 'x'.repeat(121) }).name).toBe('tooLong {"max":120}');
    // 40 Japanese characters are 120 bytes in UTF-8; 41 are too many for the auth server.
    expect(errorsOf(passkeyNameSchema, { name: '鍵'.repeat(40) })).toEqual({});
    expect(errorsOf(passkeyNameSchema, { name: '鍵'.repeat(41) }).name).toBe('nameTooLong');
    expect(errorsOf(passkeyNameSchema, { name: '   ' }).name).toBe('whitespace');
    expect(errorsOf(passkeyNameSchema, {}).name).toBe('required');
  });

  it('rename only a passkey named by its UUID (the id goes into the auth server’s URL)', () => {
    const id = '0b7f8a4e-6a54-4a3c-9d8e-2f1d3c4b5a69';
    expect(errorsOf(renamePasskeySchema, { id, name: 'Work laptop' })).toEqual({});
    for (const bad of ['../admin/users', `${id}/x`, '', 'not-a-uuid']) {
      expect(errorsOf(renamePasskeySchema, { id: bad, name: 'Work laptop' }).id, bad).toBeTruthy();
    }
  });
});
