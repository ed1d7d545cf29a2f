import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { isCommonPassword } from '@/lib/forms/common-passwords';
import { missingCharacterGroups, passwordPolicy } from '@/lib/forms/password-policy';
import { flatten, loadMessages } from './support/message-files';

// ASVS 6.2.4: new passwords that meet the policy are still refused when they are common.

describe('isCommonPassword', () => {
  it('refuses common passwords that meet the policy, and small changes of them', () => {
    for (const password of [
      'Password1',
      'Qwerty123',
      'Passw0rd',
      'Abcdefg1',
      'pASSWORD1',
      '1Password',
      'Iloveyou1',
    ]) {
      // Each would pass the schema's length and character rules: only the list refuses it.
      expect(password.length).toBeGreaterThanOrEqual(passwordPolicy.minLength);
      expect(missingCharacterGroups(password)).toEqual([]);
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that are not on the list', () => {
    for (const password of [
      'Brand-New-Pass9',
      'Correct-Horse-Battery-9',
      'Forged-Pass-2026',
      'Lantern-Quay-47',
    ])
      expect(isCommonPassword(password), password).toBe(false);
  });

  it('refuses the context words (ASVS 6.1.2, 6.2.11) and the user’s own address, with small changes', () => {
    for (const password of ['Polyglot2026', 'polyglot!', 'SupaBase123'])
      expect(isCommonPassword(password), password).toBe(true);
    expect(isCommonPassword('Kowalczyk1990', [])).toBe(false);
    expect(isCommonPassword('Kowalczyk1990', ['anna.kowalczyk@example.com'])).toBe(true);
  });

  it('refuses the user’s own address as a password, and a known word with digits and symbols around it', () => {
    const inputs = ['john.smith.1985@example.com'];
    for (const password of ['john.smith.1985', 'John.Smith.1985!', 'johnsmith1985', '1985-JohnSmith'])
      expect(isCommonPassword(password, inputs), password).toBe(true);
    for (const password of ['Polyglot2026!', '!Polyglot2026', 'Supabase#1', '2026 polyglot ++'])
      expect(isCommonPassword(password), password).toBe(true);
    // Words of one's own are still one's own.
    for (const password of ['Smithy-Lantern-1985', 'Sunshine!Morning42', 'Привет-мир-2026'])
      expect(isCommonPassword(password, inputs), password).toBe(false);
  });

  it('answers long input quickly (72 characters, the bcrypt limit)', () => {
    const started = performance.now();
    expect(isCommonPassword('Aa1'.repeat(24))).toBe(true);
    expect(isCommonPassword('x9Kq-'.repeat(14).slice(0, 72))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe.each(locales)('the common-password message in %s', (locale) => {
  it('exists and is its own translation', () => {
    const message = flatten(loadMessages(locale)).get('Validation.commonPassword');
    expect(message).toEqual(expect.any(String));
    if (locale !== 'en')
      expect(message).not.toBe(flatten(loadMessages('en')).get('Validation.commonPassword'));
  });
});
