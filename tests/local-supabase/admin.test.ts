import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { HS256_SECRET } from '../../local-supabase/src/crypto/keys.ts';
import {
  adminClient,
  ANON_KEY,
  anonClient,
  api,
  latestMailTo,
  linkAndCode,
  mailsTo,
  open,
  PASSWORD,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  signedInUser,
  uniqueEmail,
  authServerForFile,
} from './helpers.ts';

const srv = authServerForFile();

describe('admin API', () => {
  it('creates, reads, updates and deletes users', async () => {
    const server = srv.get();
    const admin = adminClient(server);
    const email = uniqueEmail('admin');
    const created = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Ann' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { name: 'Ann', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
    });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    const id = created.data.user!.id;
    expect((await admin.auth.admin.getUserById(id)).data.user?.email).toBe(email);

    const dup = await admin.auth.admin.createUser({ email, password: PASSWORD });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });

    const renamed = uniqueEmail('renamed');
    const updated = await admin.auth.admin.updateUserById(id, {
      email: renamed,
      user_metadata: { name: null, team: 'x' },
      ban_duration: '1h',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.email).toBe(renamed);
    expect(updated.data.user?.user_metadata).not.toHaveProperty('name');
    expect(updated.data.user?.banned_until).toBeTruthy();
    const banned = await anonClient(server).auth.signInWithPassword({ email: renamed, password: PASSWORD });
    expect(banned.error).toMatchObject({ status: 400, code: 'user_banned' });
    await admin.auth.admin.updateUserById(id, { ban_duration: 'none' });
    expect(
      (await anonClient(server).auth.signInWithPassword({ email: renamed, password: PASSWORD })).error,
    ).toBeNull();

    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.auth.admin.getUserById(id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const badId = await api(server, '/admin/users/not-a-uuid', { token: SECRET_KEY });
    expect(badId.status).toBe(404);
    expect(badId.body).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' });
  });

  it('lists with paging headers in GoTrue format', async () => {
    const server = srv.get();
    const admin = adminClient(server);
    for (let i = 0; i < 3; i++)
      await admin.auth.admin.createUser({ email: uniqueEmail('page'), password: PASSWORD });
    const total = Number(
      (await api(server, '/admin/users?page=1&per_page=2', { token: SECRET_KEY })).headers.get(
        'x-total-count',
      ),
    );
    expect(total).toBeGreaterThanOrEqual(3);
    const res = await api(server, '/admin/users?page=1&per_page=2', { token: SECRET_KEY });
    expect((res.body.users as unknown[]).length).toBe(2);
    expect(res.body.aud).toBe('authenticated');
    const last = Math.ceil(total / 2);
    expect(res.headers.get('link')).toBe(
      `</auth/v1/admin/users?page=2&per_page=2>; rel="next", </auth/v1/admin/users?page=${last}&per_page=2>; rel="last"`,
    );
    const listed = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(listed.error).toBeNull();
    expect(listed.data.users).toHaveLength(2);
    expect(listed.data).toMatchObject({ nextPage: 2, total });
  });

  it('is for service_role / secret keys only', async () => {
    const server = srv.get();
    const { client } = await signedInUser(server);
    const userToken = (await client.auth.getSession()).data.session!.access_token;
    for (const token of [userToken, PUBLISHABLE_KEY, ANON_KEY]) {
      const res = await api(server, '/admin/users', { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
    const none = await fetch(`${server.authUrl}/admin/users`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { code: string }).code).toBe('no_authorization');
    expect((await api(server, '/admin/users', { token: SERVICE_ROLE_KEY })).status).toBe(200);
  });

  it("accepts GoTrue's default admin roles, service_role and supabase_admin, and no other role", async () => {
    const server = srv.get();
    const sign = (role: string) =>
      new SignJWT({ role, iss: 'supabase-demo' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(HS256_SECRET);
    for (const role of ['service_role', 'supabase_admin']) {
      const { data, error } = await createClient(server.url, await sign(role), {
        auth: { persistSession: false },
      }).auth.admin.listUsers();
      expect(error).toBeNull();
      expect(Array.isArray(data.users)).toBe(true);
    }
    for (const role of ['authenticated', 'Supabase_Admin', 'postgres']) {
      expect((await api(server, '/admin/users', { token: await sign(role) })).body).toEqual({
        code: 'not_admin',
        message: 'User not allowed',
      });
    }
  });

  it('generate_link returns action_link, email_otp and hashed_token without sending mail', async () => {
    const server = srv.get();
    const admin = adminClient(server);
    const email = uniqueEmail('gen');
    const { data, error } = await admin.auth.admin.generateLink({
      type: 'signup',
      email,
      password: PASSWORD,
      options: { redirectTo: 'http://localhost:3000/welcome' },
    });
    expect(error).toBeNull();
    const props = data.properties!;
    expect(props).toMatchObject({
      verification_type: 'signup',
      redirect_to: 'http://localhost:3000/welcome',
    });
    expect(props.email_otp).toMatch(/^\d{6}$/);
    expect(props.action_link).toBe(
      `${server.authUrl}/verify?token=${props.hashed_token}&type=signup&redirect_to=${encodeURIComponent('http://localhost:3000/welcome')}`,
    );
    expect(data.user?.email).toBe(email);
    expect(await mailsTo(server, email)).toEqual([]);
    const followed = await open(props.action_link);
    expect(followed.status).toBe(303);
    expect(followed.location).toContain('http://localhost:3000/welcome#access_token=');

    const magic = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    const viaOtp = await anonClient(server).auth.verifyOtp({
      email,
      token: magic.data.properties!.email_otp,
      type: 'magiclink',
    });
    expect(viaOtp.error).toBeNull();
    const recoveryUnknown = await admin.auth.admin.generateLink({
      type: 'recovery',
      email: uniqueEmail('nobody'),
    });
    expect(recoveryUnknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const signupAgain = await admin.auth.admin.generateLink({ type: 'signup', email, password: PASSWORD });
    expect(signupAgain.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('generate_link creates users as GoTrue does: user_metadata is exactly data, identity_data exactly the claims', async () => {
    const admin = adminClient(srv.get());
    const cases = [
      { type: 'signup', password: PASSWORD },
      { type: 'magiclink' },
      { type: 'invite' },
    ] as const;
    for (const c of cases) {
      const email = uniqueEmail(c.type);
      const { data, error } = await admin.auth.admin.generateLink({
        ...c,
        email,
        options: { data: { name: 'Ada', plan: 'pro' } },
      } as never);
      expect(error).toBeNull();
      const user = data.user!;
      expect(user.user_metadata).toEqual({ name: 'Ada', plan: 'pro' });
      expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
      expect(user.identities?.map((i) => i.identity_data)).toEqual([
        { sub: user.id, email, email_verified: false, phone_verified: false },
      ]);
      const stored = await admin.auth.admin.getUserById(user.id);
      expect(stored.data.user?.user_metadata).toEqual({ name: 'Ada', plan: 'pro' });
    }
  });

  it('invites by email; the invite link confirms the user', async () => {
    const server = srv.get();
    const email = uniqueEmail('invitee');
    const { data, error } = await adminClient(server).auth.admin.inviteUserByEmail(email, {
      data: { locale: 'de' },
      redirectTo: 'http://localhost:3000/join',
    });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const mail = await latestMailTo(server, email);
    expect(mail.Subject).toBe('Einladung zu Polyglot');
    const { link } = linkAndCode(mail);
    expect(link).toContain('type=invite');
    const followed = await open(link);
    expect(followed.location.startsWith('http://localhost:3000/join#access_token=')).toBe(true);
    const again = await adminClient(server).auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});
