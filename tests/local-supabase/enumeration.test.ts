import { describe, expect, it } from 'vitest';
import { adminClient, anonClient, api, authServerForFile, PASSWORD, uniqueEmail } from './helpers.ts';

/**
 * What known and unknown addresses answer, as GoTrue answers them (token.go ResourceOwnerPasswordGrant, recover.go,
 * otp.go, signup.go). GoTrue does not do equal work for both (no password hash for an unknown address, mail only to
 * known ones), and neither does this server: see local-supabase/README.md, "Account enumeration".
 */

const srv = authServerForFile({ configOverrides: { email: { maxFrequencySeconds: 0 } } });

describe('known and unknown addresses', () => {
  it('a user without a password answers invalid_credentials, banned or not, as an unknown address does', async () => {
    const server = srv.get();
    const admin = adminClient(server);
    const email = uniqueEmail('nopassword');
    const { data, error } = await admin.auth.admin.createUser({ email, email_confirm: true });
    if (error) throw error;
    await admin.auth.admin.updateUserById(data.user.id, { ban_duration: '1h' });
    const known = await anonClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    const unknown = await anonClient(server).auth.signInWithPassword({
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(known.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(known.error?.message).toBe(unknown.error?.message);
  });

  it('wrong passwords, /recover and /otp answer known and unknown addresses alike', async () => {
    const server = srv.get();
    const email = uniqueEmail('known');
    const { error } = await adminClient(server).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    if (error) throw error;
    const both = async (path: string, body: (e: string) => Record<string, unknown>) => {
      const stranger = uniqueEmail('unknown');
      const [k, u] = [
        await api(server, path, { body: body(email) }),
        await api(server, path, { body: body(stranger) }),
      ];
      return { known: { status: k.status, body: k.body }, unknown: { status: u.status, body: u.body } };
    };
    const password = await both('/token?grant_type=password', (e) => ({
      email: e,
      password: 'Wr0ngPassword',
    }));
    expect(password.known).toEqual(password.unknown);
    const recover = await both('/recover', (e) => ({ email: e }));
    expect(recover.known).toEqual({ status: 200, body: {} });
    expect(recover.unknown).toEqual(recover.known);
    const otp = await both('/otp', (e) => ({ email: e, create_user: true }));
    expect(otp.unknown).toEqual(otp.known);
    // GoTrue's own tell: without create_user an unknown address is refused (otp.go shouldCreateUser).
    const noSignup = await both('/otp', (e) => ({ email: e, create_user: false }));
    expect(noSignup.known).toEqual({ status: 200, body: {} });
    expect(noSignup.unknown).toMatchObject({ status: 422, body: { code: 'otp_disabled' } });
  });
});
