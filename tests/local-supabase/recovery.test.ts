import { describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  APP_URL,
  latestMailTo,
  linkAndCode,
  mailsTo,
  open,
  OTHER_PASSWORD,
  PASSWORD,
  serverClient,
  uniqueEmail,
  authServerForFile,
} from './helpers.ts';

const srv = authServerForFile();

async function confirmedUser(): Promise<string> {
  const email = uniqueEmail('recover');
  const { error } = await adminClient(srv.get()).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { locale: 'ja' },
  });
  if (error) throw error;
  return email;
}

describe('password recovery', () => {
  it('answers {} for unknown addresses without sending mail', async () => {
    const server = srv.get();
    const email = uniqueEmail('ghost');
    const { data, error } = await anonClient(server).auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailsTo(server, email)).toEqual([]);
  });

  it('PKCE recovery: link → ?code= → exchange emits PASSWORD_RECOVERY; updateUser sets the new password', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    const { client, jar } = serverClient(server);
    const reset = await client.auth.resetPasswordForEmail(email, { redirectTo: `${APP_URL}/reset` });
    expect(reset.error).toBeNull();
    const mail = await latestMailTo(server, email);
    expect(mail.Subject).toBe('パスワードの再設定');
    const { link } = linkAndCode(mail);
    expect(link).toContain('type=recovery');
    const { status, location } = await open(link);
    expect(status).toBe(303);
    expect(location.startsWith(`${APP_URL}/reset?code=`)).toBe(true);

    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    const exchanged = await client.auth.exchangeCodeForSession(new URL(location).searchParams.get('code')!);
    expect(exchanged.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect(jar.cookies.size).toBeGreaterThan(0);

    const updated = await client.auth.updateUser({ password: OTHER_PASSWORD });
    expect(updated.error).toBeNull();
    expect(events).toContain('USER_UPDATED');
    const oldPassword = await anonClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    const newPassword = await anonClient(server).auth.signInWithPassword({ email, password: OTHER_PASSWORD });
    expect(newPassword.error).toBeNull();
  });

  it('the recovery code works with verifyOtp type recovery, once', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    await anonClient(server).auth.resetPasswordForEmail(email);
    const { code } = linkAndCode(await latestMailTo(server, email));
    const ok = await anonClient(server).auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(ok.error).toBeNull();
    expect(ok.data.session).toBeTruthy();
    const again = await anonClient(server).auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('an expired link redirects with otp_expired in the fragment (implicit)', async () => {
    const server = srv.get();
    const email = await confirmedUser();
    await anonClient(server).auth.resetPasswordForEmail(email, { redirectTo: `${APP_URL}/reset` });
    const { link } = linkAndCode(await latestMailTo(server, email));
    const otpExpiry = server.config.email.otpExpiry;
    server.config.email.otpExpiry = 0;
    try {
      await new Promise((r) => setTimeout(r, 1100));
      const { status, location } = await open(link);
      expect(status).toBe(303);
      expect(location).toBe(
        `${APP_URL}/reset#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
      );
    } finally {
      server.config.email.otpExpiry = otpExpiry;
    }
  });

  it('resend(type signup) re-sends the confirmation to unconfirmed users only', async () => {
    const server = srv.get();
    const email = uniqueEmail('resend');
    await anonClient(server).auth.signUp({ email, password: PASSWORD });
    const early = await anonClient(server).auth.resend({ type: 'signup', email });
    expect(early.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    server.config.email.maxFrequencySeconds = 0;
    try {
      const ok = await anonClient(server).auth.resend({ type: 'signup', email });
      expect(ok.error).toBeNull();
      expect((await mailsTo(server, email)).length).toBe(2);
      const confirmed = await confirmedUser();
      await anonClient(server).auth.resend({ type: 'signup', email: confirmed });
      expect(await mailsTo(server, confirmed)).toEqual([]);
    } finally {
      server.config.email.maxFrequencySeconds = 5;
    }
  });
});
