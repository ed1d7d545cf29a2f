import { describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  decodeJwtPart,
  latestMailTo,
  linkAndCode,
  PASSWORD,
  uniqueEmail,
} from './helpers.ts';

/** Anonymous sign-ins (compare internal/api/anonymous_test.go). */

const IP_HEADER = 'X-Test-Client-IP';
const srv = authServerForFile({
  rateLimitHeader: IP_HEADER,
  configOverrides: { enableAnonymousSignIns: true, rateLimit: { anonymousUsers: 2 } },
});

// Per-IP limits hold even without the header (keyed by the socket address), and this file allows two anonymous
// sign-ins per IP: every guest but the rate-limit test's comes from an address of its own.
let guests = 0;
const guest = () => anonClient(srv.get(), 'implicit', { [IP_HEADER]: `10.8.0.${++guests}` });

async function withConfig(
  patch: { enableAnonymousSignIns?: boolean; enableSignup?: boolean },
  body: () => Promise<void>,
): Promise<void> {
  const config = srv.get().config;
  const before = { enableAnonymousSignIns: config.enableAnonymousSignIns, enableSignup: config.enableSignup };
  Object.assign(config, patch);
  try {
    await body();
  } finally {
    Object.assign(config, before);
  }
}

describe('anonymous sign-ins', () => {
  it('signInAnonymously gives an anonymous session: no email, no identity, amr anonymous', async () => {
    const client = guest();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      phone: '',
      app_metadata: {},
      user_metadata: { theme: 'dark' },
      identities: [],
    });
    const claims = decodeJwtPart(data.session!.access_token, 1);
    expect(claims).toMatchObject({
      is_anonymous: true,
      email: '',
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      app_metadata: {},
    });
    expect((claims.amr as { method: string }[])[0]?.method).toBe('anonymous');
    expect((await client.auth.getUser()).data.user?.is_anonymous).toBe(true);
  });

  it('answers 422 anonymous_provider_disabled when off, and signup_disabled when signups are off', async () => {
    await withConfig({ enableAnonymousSignIns: false }, async () => {
      const { error } = await guest().auth.signInAnonymously();
      expect(error).toMatchObject({
        status: 422,
        code: 'anonymous_provider_disabled',
        message: 'Anonymous sign-ins are disabled',
      });
      expect(
        ((await api(srv.get(), '/settings')).body.external as Record<string, unknown>).anonymous_users,
      ).toBe(false);
    });
    await withConfig({ enableSignup: false }, async () => {
      const { error } = await guest().auth.signInAnonymously();
      expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
    });
    expect(
      ((await api(srv.get(), '/settings')).body.external as Record<string, unknown>).anonymous_users,
    ).toBe(true);
  });

  it('converts to a permanent user: PUT /user with an email, then the emailed code', async () => {
    const server = srv.get();
    const client = guest();
    const { data: signedIn } = await client.auth.signInAnonymously();
    const noEmail = await client.auth.updateUser({ password: PASSWORD });
    expect(noEmail.error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Updating password of an anonymous user without an email or phone is not allowed',
    });

    const email = uniqueEmail('guest');
    const pending = await client.auth.updateUser({ email });
    expect(pending.error).toBeNull();
    expect(pending.data.user).toMatchObject({ is_anonymous: true, email: '', new_email: email });
    const { code } = linkAndCode(await latestMailTo(server, email));
    const verified = await client.auth.verifyOtp({ email, token: code, type: 'email_change' });
    expect(verified.error).toBeNull();
    const user = verified.data.user!;
    expect(user).toMatchObject({
      id: signedIn.user!.id,
      is_anonymous: false,
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.identities?.map((i) => i.identity_data)).toEqual([
      { sub: user.id, email, email_verified: true, phone_verified: false },
    ]);
    expect(decodeJwtPart(verified.data.session!.access_token, 1).is_anonymous).toBe(false);
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toBeNull();
  });

  it('an admin giving an anonymous user a confirmed email makes it permanent; unconfirmed, it stays anonymous', async () => {
    const admin = adminClient(srv.get()).auth.admin;
    for (const confirm of [false, true]) {
      const { data } = await guest().auth.signInAnonymously();
      const email = uniqueEmail('adm');
      const updated = await admin.updateUserById(data.user!.id, { email, email_confirm: confirm });
      expect(updated.error).toBeNull();
      expect(updated.data.user).toMatchObject({
        email,
        is_anonymous: !confirm,
        app_metadata: { provider: 'email', providers: ['email'] },
      });
      expect(updated.data.user?.identities?.map((i) => i.identity_data)).toEqual([
        { sub: data.user!.id, email, email_verified: confirm, phone_verified: false },
      ]);
    }
  });

  it('counts anonymous sign-ins per client IP in their own hourly bucket', async () => {
    const client = anonClient(srv.get(), 'implicit', { [IP_HEADER]: '10.7.0.1' });
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    expect((await client.auth.signInAnonymously()).error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
    const signup = await anonClient(srv.get(), 'implicit', { [IP_HEADER]: '10.7.0.1' }).auth.signUp({
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(signup.error).toBeNull();
  });
});
