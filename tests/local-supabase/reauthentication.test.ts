import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { MAX_FAILED_OTP_ATTEMPTS } from '../../local-supabase/src/auth/rules/rate-limits.ts';
import { HS256_SECRET } from '../../local-supabase/src/crypto/keys.ts';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  latestMailTo,
  linkAndCode,
  OTHER_PASSWORD,
  PASSWORD,
  SECRET_KEY,
  signedInUser,
  uniqueEmail,
} from './helpers.ts';

// [auth.email] secure_password_change = true: GoTrue's GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION.
const srv = authServerForFile({
  configOverrides: { email: { securePasswordChange: true, maxFrequencySeconds: 0 } },
});

/**
 * An access token with no session_id (GoTrue then has no session, so a nonce is always needed), signed with the
 * local HS256 secret as GoTrue's JWT_VALID_METHODS allow. Sessions younger than 24 h need no nonce.
 */
async function sessionlessToken(userId: string, email: string): Promise<string> {
  return new SignJWT({ sub: userId, email, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(HS256_SECRET);
}

async function userWithToken(): Promise<{ email: string; token: string; userId: string }> {
  const { email, userId } = await signedInUser(srv.get());
  return { email, userId, token: await sessionlessToken(userId, email) };
}

const changePassword = (token: string, body: Record<string, unknown>) =>
  api(srv.get(), '/user', { method: 'PUT', token, body });

async function mailedNonce(token: string, email: string): Promise<string> {
  expect(await api(srv.get(), '/reauthenticate', { token })).toMatchObject({ status: 200, body: {} });
  return linkAndCode(await latestMailTo(srv.get(), email)).code;
}

describe('reauthentication and secure_password_change', () => {
  it('a session younger than 24 h changes the password without a nonce', async () => {
    const { client } = await signedInUser(srv.get());
    const { error } = await client.auth.updateUser({ password: OTHER_PASSWORD });
    expect(error).toBeNull();
  });

  it('otherwise: 400 reauthentication_needed without a nonce (before the same-password check)', async () => {
    const { token } = await userWithToken();
    for (const password of [OTHER_PASSWORD, PASSWORD]) {
      expect(await changePassword(token, { password })).toMatchObject({
        status: 400,
        body: { code: 'reauthentication_needed', message: 'Password update requires reauthentication' },
      });
    }
  });

  it('GET /reauthenticate mails a code; a wrong nonce → 422 reauthentication_not_valid; the right one works once', async () => {
    const { email, token } = await userWithToken();
    const nonce = await mailedNonce(token, email);
    const wrong = String((Number(nonce) + 1) % 1_000_000).padStart(6, '0');
    expect(await changePassword(token, { password: OTHER_PASSWORD, nonce: wrong })).toMatchObject({
      status: 422,
      body: { code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' },
    });
    expect((await changePassword(token, { password: OTHER_PASSWORD, nonce })).status).toBe(200);
    const signIn = await anonClient(srv.get()).auth.signInWithPassword({ email, password: OTHER_PASSWORD });
    expect(signIn.error).toBeNull();
    expect((await changePassword(token, { password: PASSWORD, nonce })).body.code).toBe(
      'reauthentication_not_valid',
    );
  });

  it(`${MAX_FAILED_OTP_ATTEMPTS} wrong nonces void the code`, async () => {
    const { email, token } = await userWithToken();
    const nonce = await mailedNonce(token, email);
    const wrong = String((Number(nonce) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < MAX_FAILED_OTP_ATTEMPTS; i++)
      expect((await changePassword(token, { password: OTHER_PASSWORD, nonce: wrong })).status).toBe(422);
    expect(await changePassword(token, { password: OTHER_PASSWORD, nonce })).toMatchObject({
      status: 422,
      body: { code: 'reauthentication_not_valid' },
    });
  });

  it('a user with neither email nor phone → 400 validation_failed', async () => {
    const server = srv.get();
    const email = uniqueEmail('gone');
    const { data } = await adminClient(server).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    // A soft-deleted user keeps its row without an email; a token without a session still names it.
    const token = await sessionlessToken(data.user!.id, email);
    await api(server, `/admin/users/${data.user!.id}`, {
      method: 'DELETE',
      token: SECRET_KEY,
      body: { should_soft_delete: true },
    });
    expect(await api(server, '/reauthenticate', { token })).toMatchObject({
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'Reauthentication requires the user to have an email or a phone number',
      },
    });
  });
});
