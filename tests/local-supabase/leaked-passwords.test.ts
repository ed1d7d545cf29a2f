import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-supabase/src/config/config.ts';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  PASSWORD,
  signedInUser,
  uniqueEmail,
} from './helpers.ts';

// Hosted Supabase's leaked-password protection (GoTrue's GOTRUE_PASSWORD_HIBP_ENABLED), on for the local server in
// supabase/.env.development and checked against an offline list: weak_password with the reason `pwned`.

const srv = authServerForFile();
const pwnedMessage = 'Password is known to be weak and easy to guess, please choose a different one.';

describe('leaked passwords', () => {
  it('a sign-up with a leaked password answers 422 weak_password, reasons ["pwned"], whatever its case', async () => {
    for (const password of ['Password123', 'password123', 'Qwerty123', 'iloveyou1']) {
      const { data, error } = await anonClient(srv.get()).auth.signUp({ email: uniqueEmail(), password });
      expect(data.user, password).toBeNull();
      expect(error).toBeInstanceOf(AuthWeakPasswordError);
      expect(error).toMatchObject({ status: 422, code: 'weak_password', message: pwnedMessage });
      expect((error as AuthWeakPasswordError).reasons).toEqual(['pwned']);
    }
    const raw = await api(srv.get(), '/signup', { body: { email: uniqueEmail(), password: 'Password123' } });
    expect(raw.body).toEqual({
      code: 'weak_password',
      message: pwnedMessage,
      weak_password: { reasons: ['pwned'] },
    });
  });

  it('reasons add up as GoTrue’s do: length, then pwned', async () => {
    const { error } = await anonClient(srv.get()).auth.signUp({ email: uniqueEmail(), password: 'qwerty' });
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length', 'pwned']);
  });

  it('a new password on the account, or one the admin sets, is checked too', async () => {
    const { client, userId } = await signedInUser(srv.get());
    const changed = await client.auth.updateUser({ password: 'Password123' });
    expect((changed.error as AuthWeakPasswordError).reasons).toEqual(['pwned']);
    const byAdmin = await adminClient(srv.get()).auth.admin.updateUserById(userId, {
      password: 'Password123',
    });
    expect(byAdmin.error?.code).toBe('weak_password');
    const created = await adminClient(srv.get()).auth.admin.createUser({
      email: uniqueEmail(),
      password: 'Password123',
    });
    expect(created.error?.code).toBe('weak_password');
  });

  it('passwords off the list pass', async () => {
    const { error } = await anonClient(srv.get()).auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    expect(error).toBeNull();
  });

  it('is GoTrue’s variable, off unless set', () => {
    expect(loadConfig(undefined, {} as NodeJS.ProcessEnv).passwordHibp).toBe(false);
    expect(
      loadConfig(undefined, { NODE_ENV: 'test', GOTRUE_PASSWORD_HIBP_ENABLED: 'true' } as NodeJS.ProcessEnv)
        .passwordHibp,
    ).toBe(true);
    expect(srv.get().config.passwordHibp).toBe(true);
  });
});
