import { describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  APP_URL,
  authServerForFile,
  latestMailTo,
  mailsTo,
  PASSWORD,
  serverClient,
  signedInUser,
  uniqueEmail,
} from './helpers.ts';

// The project's own templates (supabase/templates/) as the app uses them: the link goes to the app's
// /[locale]/auth/confirm with the token hash, and only the "Continue" button's verifyOtp spends it.
const srv = authServerForFile({
  projectTemplates: true,
  configOverrides: { email: { maxFrequencySeconds: 0 } },
});

/** The first link of a mail's HTML, entities decoded. */
function mailedLink(html: string): URL {
  const href = /<a\s[^>]*href="([^"]+)"/.exec(html)?.[1] ?? '';
  return new URL(href.replaceAll('&amp;', '&'));
}

describe('the project templates link to the app with the token hash', () => {
  it('sign-up: a localized mail; opening the link spends nothing; verifyOtp with its hash signs in once', async () => {
    const server = srv.get();
    const email = uniqueEmail('tpl-signup');
    const { client } = serverClient(server);
    const redirectTo = `${APP_URL}/de/auth/confirm?next=%2Faccount`;
    const { error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: redirectTo, data: { locale: 'de' } },
    });
    expect(error).toBeNull();

    const mail = await latestMailTo(server, email);
    expect(mail.HTML).toContain('lang="de"');
    const link = mailedLink(mail.HTML);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/de/auth/confirm`);
    // GoTrue's .RedirectTo, whole: the app reads its own confirm URL's next out of it.
    expect(link.searchParams.get('next')).toBe(redirectTo);
    expect(link.searchParams.get('type')).toBe('signup');
    const tokenHash = link.searchParams.get('token_hash')!;
    expect(tokenHash).toMatch(/^pkce_[0-9a-f]+$/);

    // The Continue button: a fresh server client (another browser works too: the hash carries no verifier).
    const other = serverClient(server).client;
    const verified = await other.auth.verifyOtp({ type: 'signup', token_hash: tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    const again = await serverClient(server).client.auth.verifyOtp({ type: 'signup', token_hash: tokenHash });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('email change with double confirmation: the first hash confirms its half (no session), the second completes it', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server, { locale: 'fr' });
    const newEmail = uniqueEmail('tpl-new');
    const { error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${APP_URL}/fr/auth/confirm?next=%2Faccount%3Fupdated%3Demail` },
    );
    expect(error).toBeNull();

    const toNew = mailedLink((await latestMailTo(server, newEmail)).HTML);
    const toOld = mailedLink((await latestMailTo(server, email)).HTML);
    for (const link of [toNew, toOld]) {
      expect(link.pathname).toBe('/fr/auth/confirm');
      expect(link.searchParams.get('type')).toBe('email_change');
    }
    const first = await serverClient(server).client.auth.verifyOtp({
      type: 'email_change',
      token_hash: toNew.searchParams.get('token_hash')!,
    });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await serverClient(server).client.auth.verifyOtp({
      type: 'email_change',
      token_hash: toOld.searchParams.get('token_hash')!,
    });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail.toLowerCase());
    expect(await mailsTo(server, newEmail)).toHaveLength(1);
  });

  // The templates appended `&token_hash=…` to .RedirectTo, which is bare site_url when the client asked for
  // no redirect or one outside the allow-list: `http://localhost:3000&token_hash=…` is not a URL.
  const unredirected = [
    ['a disallowed redirect', 'https://evil.example.net/steal'],
    ['no redirect', undefined],
  ] as const;

  it.each(unredirected)(
    'sign-up, magic link and recovery with %s: a valid link to the confirm route whose hash signs in',
    async (_case, redirectTo) => {
      const server = srv.get();
      const client = anonClient(server);
      const signUpEmail = uniqueEmail('tpl-fallback');
      const existing = await signedInUser(server, { locale: 'es' });
      const requests = [
        {
          email: signUpEmail,
          type: 'signup',
          locale: 'en',
          send: () =>
            client.auth.signUp({
              email: signUpEmail,
              password: PASSWORD,
              options: redirectTo ? { emailRedirectTo: redirectTo } : {},
            }),
        },
        {
          email: existing.email,
          type: 'magiclink',
          locale: 'es',
          send: () =>
            client.auth.signInWithOtp({
              email: existing.email,
              options: { shouldCreateUser: false, ...(redirectTo ? { emailRedirectTo: redirectTo } : {}) },
            }),
        },
        {
          email: existing.email,
          type: 'recovery',
          locale: 'es',
          send: () => client.auth.resetPasswordForEmail(existing.email, redirectTo ? { redirectTo } : {}),
        },
      ] as const;
      for (const request of requests) {
        expect((await request.send()).error).toBeNull();
        const link = mailedLink((await latestMailTo(server, request.email)).HTML);
        expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/${request.locale}/auth/confirm`);
        expect(link.searchParams.get('type')).toBe(request.type);
        // GoTrue fell back to site_url: the app's confirm route reads it as "no page asked for".
        expect(link.searchParams.get('next')).toBe(APP_URL);
        const verified = await serverClient(server).client.auth.verifyOtp({
          type: request.type,
          token_hash: link.searchParams.get('token_hash')!,
        });
        expect(verified.error).toBeNull();
        expect(verified.data.session?.user.email).toBe(request.email.toLowerCase());
      }
    },
  );

  it("an invite without redirect_to links to the confirm route in the invitee's language; its hash signs in", async () => {
    const server = srv.get();
    const email = uniqueEmail('tpl-invite');
    const { error } = await adminClient(server).auth.admin.inviteUserByEmail(email, {
      data: { locale: 'ja' },
    });
    expect(error).toBeNull();
    const link = mailedLink((await latestMailTo(server, email)).HTML);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/ja/auth/confirm`);
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('next')).toBe(APP_URL);
    const verified = await serverClient(server).client.auth.verifyOtp({
      type: 'invite',
      token_hash: link.searchParams.get('token_hash')!,
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email.toLowerCase());
  });
});
