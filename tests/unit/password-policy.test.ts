import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { secureEmailChange } from '@/lib/auth/email-change';
import { oauthProviders } from '@/lib/auth/oauth-providers';
import { missingCharacterGroups, passwordPolicy } from '@/lib/forms/password-policy';

const config = parse(readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8')) as {
  auth: {
    minimum_password_length: number;
    password_requirements: string;
    external: Record<string, { enabled: boolean }>;
    email: { enable_confirmations: boolean; double_confirm_changes: boolean };
  };
};

describe('password policy', () => {
  it('matches [auth] in supabase/config.toml', () => {
    expect(passwordPolicy.minLength).toBe(config.auth.minimum_password_length);
    expect(passwordPolicy.requirements).toBe(config.auth.password_requirements);
  });

  it('asks for no mix of character kinds (ASVS 6.2.5): passphrases and every script are welcome', () => {
    expect(config.auth.password_requirements).toBe('');
    for (const password of [
      'alllowercase words',
      'NoDigitsHere',
      'пароль для входа',
      'とても長いパスワード',
      'كلمة مرور طويلة',
    ])
      expect(missingCharacterGroups(password)).toEqual([]);
  });
});

describe('OAuth buttons', () => {
  it('offer exactly the providers enabled in config.toml', () => {
    const enabled = Object.entries(config.auth.external)
      .filter(([, provider]) => provider.enabled)
      .map(([name]) => name);
    expect([...oauthProviders].sort()).toEqual(enabled.sort());
  });
});

describe('email change', () => {
  it('asks for a code from both addresses exactly when config.toml has GoTrue send both', () => {
    expect(secureEmailChange).toBe(
      config.auth.email.enable_confirmations && config.auth.email.double_confirm_changes,
    );
  });
});
