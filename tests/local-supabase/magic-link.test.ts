import { describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  APP_URL,
  decodeJwtPart,
  latestMailTo,
  linkAndCode,
  mailsTo,
  open,
  PASSWORD,
  serverClient,
  uniqueEmail,
  authServerForFile,
} from './helpers.ts';

const srv = authServerForFile();

async function confirmedUser(locale?: string): Promise<string> {
  const email = uniqueEmail('magic');
  const { error } = await adminClient(srv.get()).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: locale ? { locale } : {},
  });
  if (error) throw error;
  return email;
}

describe('magic link and email code (POST /otp)', () => {
  it('a confirmed user gets a magic link; PKCE link → ?code= → exchangeCodeForSession with amr magiclink', async () => {
    const server = srv.get();
    const email = await confirmedUser('fr');
    const { client } = serverClient(server);
    const { data, error } = await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${APP_URL}/auth/confirm`, shouldCreateUser: false },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const mail = await latestMailTo(server, email);
    expect(mail.Subject).toBe('Votre lien de connexion');
    const { link, code } = linkAndCode(mail);
    expect(link).toContain('type=magiclink');
    expect(code).toMatch(/^\d{6}$/);
    const { status, location } = await open(link);
    expect(status).toBe(303);
    const authCode = new URL(location).searchParams.get('code')!;
    const exchanged = await client.auth.exchangeCodeForSession(authCode);
    expect(exchanged.error).toBeNull();
    expect(
      (decodeJwtPart(exchanged.data.session!.access_token, 1).amr as { method: string }[])[0]?.method,
    ).toBe('magiclink');
    const reused = await serverClient(server).client.auth.exchangeCodeForSession(authCode);
    expect(reused.error).toBeTruthy();
  });

  it('the 6-digit code signs in with verifyOtp({ email, token, type: "email" }); a used code fails', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    const client = anonClient(server);
    await client.auth.signInWithOtp({ email });
    const { code } = linkAndCode(await latestMailTo(server, email));
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    const ok = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe(email);
    expect(events).toContain('SIGNED_IN');
    const again = await anonClient(server).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(again.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('token_hash from the mail verifies with verifyOtp({ token_hash, type: "email" }) (SSR confirm route)', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    await anonClient(server).auth.signInWithOtp({ email });
    const hash = new URL(linkAndCode(await latestMailTo(server, email)).link).searchParams.get('token')!;
    const { client } = serverClient(server);
    const { data, error } = await client.auth.verifyOtp({ token_hash: hash, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('a new address gets the signup confirmation mail instead, and is confirmed by it', async () => {
    const server = srv.get();
    const email = uniqueEmail('newbie');
    const client = anonClient(server);
    const { error } = await client.auth.signInWithOtp({ email, options: { data: { locale: 'es' } } });
    expect(error).toBeNull();
    const mail = await latestMailTo(server, email);
    expect(mail.Subject).toBe('Confirma tu correo electrónico');
    const { link, code } = linkAndCode(mail);
    expect(link).toContain('type=signup');
    const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.user_metadata.locale).toBe('es');
  });

  it('shouldCreateUser:false for an unknown address → 422 otp_disabled; max_frequency → 429', async () => {
    const server = srv.get();
    const unknown = await anonClient(server).auth.signInWithOtp({
      email: uniqueEmail(),
      options: { shouldCreateUser: false },
    });
    expect(unknown.error).toMatchObject({
      status: 422,
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    });
    const email = await confirmedUser();
    await anonClient(server).auth.signInWithOtp({ email });
    const second = await anonClient(server).auth.signInWithOtp({ email });
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect((await mailsTo(server, email)).length).toBe(1);
  });
});
