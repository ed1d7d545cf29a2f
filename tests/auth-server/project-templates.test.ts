import { describe, expect, it } from 'vitest';
import {
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
    expect(link.searchParams.get('next')).toBe('/account');
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
});
