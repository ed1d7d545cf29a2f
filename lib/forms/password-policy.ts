// Mirrors [auth] minimum_password_length and password_requirements in supabase/config.toml
// (tests/unit/password-policy.test.ts keeps the two in step). Shown before submit and checked by the schemas.
export const passwordPolicy = {
  minLength: 8,
  // GoTrue hashes with bcrypt, which only reads 72 bytes.
  maxLength: 72,
  // No composition rule (ASVS 6.2.5): the common-password check (common-passwords.ts) does that work.
  requirements: '',
} as const;

type CharacterGroup = 'letter' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';

const groupPatterns: Record<CharacterGroup, RegExp> = {
  letter: /[a-zA-Z]/,
  lowercase: /[a-z]/,
  uppercase: /[A-Z]/,
  digit: /[0-9]/,
  symbol: /[!@#$%^&*()_+\-=[\]{};'\\:"|<>?,./`~]/,
};

const groupsByRequirement: Record<string, CharacterGroup[]> = {
  '': [],
  letters_digits: ['letter', 'digit'],
  lower_upper_letters_digits: ['lowercase', 'uppercase', 'digit'],
  lower_upper_letters_digits_symbols: ['lowercase', 'uppercase', 'digit', 'symbol'],
};

export const requiredCharacterGroups: readonly CharacterGroup[] =
  groupsByRequirement[passwordPolicy.requirements] ?? [];

export function missingCharacterGroups(password: string): CharacterGroup[] {
  return requiredCharacterGroups.filter((group) => !groupPatterns[group].test(password));
}
