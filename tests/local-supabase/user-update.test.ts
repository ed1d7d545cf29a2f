import { describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  api,
  APP_URL,
  latestMailTo,
  linkAndCode,
  mailsTo,
  open,
  OTHER_PASSWORD,
  PASSWORD,
  serverClient,
  signedInUser,
  uniqueEmail,
  authServerForFile,
} from './helpers.ts';

const srv = authServerForFile();

describe('GET /user and PUT /user', () => {
  it('getUser returns the user; metadata updates merge and null deletes a key', async () => {
    const { client, email } = await signedInUser(srv.get(), { locale: 'en', theme: 'dark', plan: 'free' });
    const me = await client.auth.getUser();
    expect(me.data.user?.email).toBe(email);
    expect(me.data.user?.identities?.[0]?.provider).toBe('email');
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    const { data, error } = await client.auth.updateUser({
      data: { locale: 'de', theme: null, nickname: 'Kim' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ locale: 'de', plan: 'free', nickname: 'Kim' });
    expect(data.user?.user_metadata).not.toHaveProperty('theme');
    expect(events).toContain('USER_UPDATED');
  });

  it('rejects app_metadata from users, the same password, and weak passwords', async () => {
    const server = srv.get();
    const { client } = await signedInUser(server);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const appMeta = await api(server, '/user', {
      method: 'PUT',
      token,
      body: { app_metadata: { role: 'admin' } },
    });
    expect(appMeta.status).toBe(403);
    expect(appMeta.body).toEqual({
      code: 'not_admin',
      message: 'Updating app_metadata requires admin privileges',
    });
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');
  });

  it('a password change keeps this session and ends the others', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server);
    const other = anonClient(server);
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const otherSession = (await other.auth.getSession()).data.session!;
    const changed = await client.auth.updateUser({ password: OTHER_PASSWORD });
    expect(changed.error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    const raw = await api(server, '/user', { token: otherSession.access_token });
    expect(raw.status).toBe(403);
    expect(raw.body).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    // supabase-js maps session_not_found to AuthSessionMissingError and drops the session.
    const otherUser = await other.auth.getUser();
    expect(otherUser.error?.name).toBe('AuthSessionMissingError');
    // Ending a session deletes its refresh tokens (foreign key cascade, as in Supabase's schema).
    const refresh = await anonClient(server).auth.refreshSession({
      refresh_token: otherSession.refresh_token,
    });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  it('email change with double confirmation: mails to old and new address; both links are needed', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server, { locale: 'ar' });
    const newEmail = uniqueEmail('moved');
    const { data, error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${APP_URL}/account` },
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);
    expect(data.user?.email_change_sent_at).toBeTruthy();

    const toNew = await latestMailTo(server, newEmail);
    const toOld = await latestMailTo(server, email);
    expect(toNew.Subject).toBe('أكِّد عنوان بريدك الإلكتروني الجديد');
    expect(toOld.Text).toContain(newEmail);
    const first = await open(linkAndCode(toOld).link);
    expect(first.status).toBe(303);
    expect(first.location).toBe(
      `${APP_URL}/account#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=`,
    );
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    const second = await open(linkAndCode(toNew).link);
    expect(second.status).toBe(303);
    expect(new URLSearchParams(second.location.split('#')[1]).get('type')).toBe('email_change');
    const after = (await client.auth.getUser()).data.user!;
    expect(after.email).toBe(newEmail);
    expect(after.new_email).toBeUndefined();
    expect(after.identities?.[0]?.identity_data?.email).toBe(newEmail);
    const signIn = await anonClient(server).auth.signInWithPassword({ email: newEmail, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('email change from an ssr (PKCE) client: first link → ?message=, second link → ?code= that exchanges', async () => {
    const server = srv.get();
    const email = uniqueEmail('ssr-move');
    await adminClient(server).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const { client } = serverClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const newEmail = uniqueEmail('ssr-moved');
    const { error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${APP_URL}/account` },
    );
    expect(error).toBeNull();
    const oldLink = linkAndCode(await latestMailTo(server, email)).link;
    const newLink = linkAndCode(await latestMailTo(server, newEmail)).link;
    expect(new URL(oldLink).searchParams.get('token')).toMatch(/^pkce_/);
    const first = await open(oldLink);
    expect(new URL(first.location).searchParams.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    const second = await open(newLink);
    const code = new URL(second.location).searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(newEmail);
  });

  it('email change codes: the first verifyOtp answers the single-confirmation message, the second a session', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server);
    const newEmail = uniqueEmail('code-move');
    await client.auth.updateUser({ email: newEmail });
    const oldCode = linkAndCode(await latestMailTo(server, email)).code;
    const newCode = linkAndCode(await latestMailTo(server, newEmail)).code;
    const half = await anonClient(server).auth.verifyOtp({ email, token: oldCode, type: 'email_change' });
    expect(half.error).toBeNull();
    expect(half.data).toEqual({ user: null, session: null });
    const done = await anonClient(server).auth.verifyOtp({
      email: newEmail,
      token: newCode,
      type: 'email_change',
    });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(newEmail);
  });

  it('email change codes are checked against the address each was sent to, as GoTrue pairs them', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server);
    const newEmail = uniqueEmail('pair-move');
    await client.auth.updateUser({ email: newEmail });
    const oldCode = linkAndCode(await latestMailTo(server, email)).code;
    const newCode = linkAndCode(await latestMailTo(server, newEmail)).code;
    // Each code is hashed with its own address: swapped, neither is accepted.
    for (const [address, token] of [
      [newEmail, oldCode],
      [email, newCode],
    ] as const) {
      const swapped = await anonClient(server).auth.verifyOtp({
        email: address,
        token,
        type: 'email_change',
      });
      expect(swapped.error?.code).toBe('otp_expired');
    }
    // An email-change code is no sign-in code, and the other way round.
    const asSignIn = await anonClient(server).auth.verifyOtp({ email, token: oldCode, type: 'email' });
    expect(asSignIn.error?.code).toBe('otp_expired');
    const done = await anonClient(server).auth.verifyOtp({ email, token: oldCode, type: 'email_change' });
    expect(done.data).toEqual({ user: null, session: null });
  });

  it('finds the changing user by the code, when the new address has meanwhile become another account', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server);
    const target = uniqueEmail('taken-meanwhile');
    await client.auth.updateUser({ email: target });
    // GoTrue's FindUserForEmailChange: the current address with its code, else the new address with its code.
    await adminClient(server).auth.admin.createUser({
      email: target,
      password: PASSWORD,
      email_confirm: true,
    });
    // Whichever row the database returns first: the changing user's is rewritten after the other's.
    await client.auth.updateUser({ data: { touched: true } });
    const newCode = linkAndCode(await latestMailTo(server, target)).code;
    const half = await anonClient(server).auth.verifyOtp({
      email: target,
      token: newCode,
      type: 'email_change',
    });
    expect(half.error).toBeNull();
    expect(half.data).toEqual({ user: null, session: null });
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
  });

  it('refuses an address that belongs to someone else', async () => {
    const server = srv.get();
    const a = await signedInUser(server);
    const b = await signedInUser(server);
    const taken = await a.client.auth.updateUser({ email: b.email });
    expect(taken.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    expect(await mailsTo(server, b.email)).toEqual([]);
  });

  it('reauthenticate mails a code', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server);
    const { error } = await client.auth.reauthenticate();
    expect(error).toBeNull();
    const mail = await latestMailTo(server, email);
    expect(mail.Subject).toBe('Your Polyglot verification code');
    expect(linkAndCode(mail).code).toMatch(/^\d{6}$/);
  });
});
