import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { PASSWORD_REQUIREMENTS } from '../../local-supabase/src/config/defaults.ts';
import {
  anonClient,
  APP_URL,
  latestMailTo,
  linkAndCode,
  mailsTo,
  open,
  PASSWORD,
  serverClient,
  sessionFromJar,
  uniqueEmail,
  authServerForFile,
} from './helpers.ts';

const srv = authServerForFile();
// GoTrue's composition rule, which the project's config leaves off (ASVS 6.2.5).
const composition = authServerForFile({
  configOverrides: { passwordRequiredCharacters: PASSWORD_REQUIREMENTS.lower_upper_letters_digits },
});

describe('sign-up with email confirmation', () => {
  it('PKCE sign-up mails a localized link + code; the link returns ?code= that exchanges into cookies and SIGNED_IN', async () => {
    const server = srv.get();
    const email = uniqueEmail('Signup');
    const { client, jar } = serverClient(server);
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${APP_URL}/auth/callback`, data: { locale: 'de', display_name: 'Dana' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email: email.toLowerCase(),
      role: 'authenticated',
      aud: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {
        locale: 'de',
        display_name: 'Dana',
        email_verified: false,
        phone_verified: false,
        email: email.toLowerCase(),
      },
      is_anonymous: false,
    });
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.identities?.[0]).toMatchObject({
      provider: 'email',
      id: data.user?.id,
      identity_data: { email_verified: false },
    });
    // PKCE started: the verifier went to cookies right away.
    expect(
      [...jar.cookies.keys()].some((k) => k.startsWith('sb-127-auth-token') && k.endsWith('code-verifier')),
    ).toBe(true);

    const mail = await latestMailTo(server, email);
    expect(mail.Subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.From).toEqual({ Name: 'Polyglot', Address: 'no-reply@polyglot.test' });
    const { link, code } = linkAndCode(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(link).toContain(`${server.authUrl}/verify?token=pkce_`);
    expect(link).toContain('type=signup');

    const signInWithoutConfirm = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signInWithoutConfirm.error?.code).toBe('email_not_confirmed');
    expect(signInWithoutConfirm.error?.status).toBe(400);

    const { status, location } = await open(link);
    expect(status).toBe(303);
    const redirected = new URL(location);
    expect(redirected.origin + redirected.pathname).toBe(`${APP_URL}/auth/callback`);
    const authCode = redirected.searchParams.get('code');
    expect(authCode).toMatch(/^[0-9a-f-]{36}$/);

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const exchanged = await client.auth.exchangeCodeForSession(authCode!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email_confirmed_at).toBeTruthy();
    expect(exchanged.data.session?.user.user_metadata.email_verified).toBe(true);
    expect(events).toContain('SIGNED_IN');
    const stored = sessionFromJar(jar);
    expect(stored?.access_token).toBe(exchanged.data.session?.access_token);
    expect(jar.cookies.get('sb-127-auth-token') ?? jar.cookies.get('sb-127-auth-token.0')).toMatch(
      /^base64-/,
    );
    expect(jar.headers['Cache-Control']).toContain('no-store');

    // The link is single-use: a second click lands on an error redirect.
    const again = await open(link);
    expect(again.status).toBe(303);
    const err = new URL(again.location);
    expect(err.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(err.hash.slice(1)).get('error_description')).toBe(
      'Email link is invalid or has expired',
    );
    expect(new URLSearchParams(err.hash.slice(1)).get('error')).toBe('access_denied');
  });

  it('the emailed 6-digit code verifies with verifyOtp(type email) and yields a session with amr otp', async () => {
    const server = srv.get();
    const email = uniqueEmail();
    const client = anonClient(server);
    await client.auth.signUp({ email, password: PASSWORD });
    const { code } = linkAndCode(await latestMailTo(server, email));
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    const payload = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    ) as { amr: { method: string }[] };
    expect(payload.amr[0]?.method).toBe('otp');
    const wrong = await anonClient(server).auth.verifyOtp({ email, token: '000000', type: 'email' });
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.status).toBe(403);
  });

  it('implicit links redirect with the session in the fragment; English is the fallback locale', async () => {
    const server = srv.get();
    const email = uniqueEmail();
    await anonClient(server).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'http://localhost:3001/welcome' },
    });
    const mail = await latestMailTo(server, email);
    expect(mail.Subject).toBe('Confirm your email address');
    const { status, location } = await open(linkAndCode(mail).link);
    expect(status).toBe(303);
    expect(location.startsWith('http://localhost:3001/welcome#')).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('refresh_token')).toMatch(/^[a-z2-7]{12}$/);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.has('sb')).toBe(true);
  });

  it('a redirect_to outside the allow-list falls back to site_url', async () => {
    const server = srv.get();
    const email = uniqueEmail();
    await anonClient(server).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example.com/steal' },
    });
    const { link } = linkAndCode(await latestMailTo(server, email));
    expect(new URL(link).searchParams.get('redirect_to')).toBe(server.config.siteUrl);
  });

  it('repeated sign-up: unconfirmed → resend within max_frequency is 429; confirmed → obfuscated fake user, no mail', async () => {
    const server = srv.get();
    const email = uniqueEmail();
    const client = anonClient(server);
    const first = await client.auth.signUp({ email, password: PASSWORD });
    const again = await client.auth.signUp({ email, password: PASSWORD });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(
      /^For security purposes, you can only request this after \d seconds\.$/,
    );

    await client.auth.verifyOtp({
      email,
      token: linkAndCode(await latestMailTo(server, email)).code,
      type: 'signup',
    });
    const mailsBefore = (await mailsTo(server, email)).length;
    const repeat = await anonClient(server).auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { x: 1 } },
    });
    expect(repeat.error).toBeNull();
    expect(repeat.data.session).toBeNull();
    expect(repeat.data.user?.id).not.toBe(first.data.user?.id);
    // GoTrue's sanitizeUser: an empty role and no identities, where a new user has both (GoTrue's own tell).
    expect(repeat.data.user?.role).toBe('');
    expect(first.data.user?.role).toBe('authenticated');
    expect(repeat.data.user?.identities).toEqual([]);
    expect(repeat.data.user?.user_metadata).toEqual({ x: 1 });
    expect((await mailsTo(server, email)).length).toBe(mailsBefore);
  });

  it('rejects weak passwords with reasons and bad input with validation_failed', async () => {
    const client = anonClient(composition.get());
    const weak = await client.auth.signUp({ email: uniqueEmail(), password: 'xq7-zk' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['length', 'characters']);
    expect(weak.error?.message).toBe(
      'Password should be at least 8 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    );
    const noUpper = await client.auth.signUp({ email: uniqueEmail(), password: 'alllowercase1' });
    expect((noUpper.error as AuthWeakPasswordError).reasons).toEqual(['characters']);

    // The project's own config: length only.
    const project = anonClient(srv.get());
    const short = await project.auth.signUp({ email: uniqueEmail(), password: 'Xq7-zK' });
    expect((short.error as AuthWeakPasswordError).reasons).toEqual(['length']);
    const cyrillic = await project.auth.signUp({ email: uniqueEmail(), password: 'пароль для входа' });
    expect(cyrillic.error).toBeNull();

    const badEmail = await client.auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(badEmail.error?.code).toBe('validation_failed');
    expect(badEmail.error?.message).toBe('Unable to validate email address: invalid format');
    const noPassword = await client.auth.signUp({ email: uniqueEmail(), password: '' });
    expect(noPassword.error?.code).toBe('validation_failed');
    expect(noPassword.error?.message).toBe('Signup requires a valid password');
  });
});
