import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-supabase/src/config/config.ts';
import { DEFAULT_NOTIFICATIONS } from '../../local-supabase/src/config/defaults.ts';
import {
  adminClient,
  APP_URL,
  authServerForFile,
  latestMailTo,
  type MailMessage,
  mailsTo,
  OTHER_PASSWORD,
  serverClient,
  signedInUser,
  throughLocalIdp,
  uniqueEmail,
} from './helpers.ts';

// GoTrue's security notices ([auth.email.notification.<kind>], its *_notification mails) with the project's config and
// templates: each sent at the moment GoTrue sends it, to whom it sends it, in the user's stored language.
const srv = authServerForFile({
  projectTemplates: true,
  configOverrides: { email: { maxFrequencySeconds: 0 } },
});

/** The notices as the project's config.toml sets them. */
const projectNotices = loadConfig('supabase/config.toml', {} as NodeJS.ProcessEnv).notifications;

/** A notice: the project's subject in the user's language, its layout in that language, no link that signs in. */
function expectNotice(mail: MailMessage, to: string, subject: RegExp, locale: string): void {
  expect(mail.To.map((t) => t.Address)).toEqual([to.toLowerCase()]);
  expect(mail.Subject).toMatch(subject);
  expect(mail.HTML).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
  const links = [...mail.HTML.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => new URL(m[1]!));
  expect(links).toHaveLength(1);
  expect(links[0]!.origin).toBe(APP_URL);
  expect(links[0]!.pathname).toMatch(new RegExp(`^/${locale}/(account|forgot-password)$`));
  expect(links[0]!.search + links[0]!.hash).toBe('');
  expect(mail.Text).not.toMatch(/token|\/verify|\/auth\/confirm/i);
}

/** The newest mail to an address, once it is there (a notice is stored before the response, so at once). */
async function onlyNewMail(email: string, before: number): Promise<MailMessage> {
  expect(await mailsTo(srv.get(), email)).toHaveLength(before + 1);
  return latestMailTo(srv.get(), email);
}

function withConfig<T>(
  patch: (config: ReturnType<typeof srv.get>['config']) => () => void,
  body: () => Promise<T>,
) {
  const restore = patch(srv.get().config);
  return body().finally(restore);
}

const manualLinking = (config: ReturnType<typeof srv.get>['config']) => {
  const before = config.enableManualLinking;
  config.enableManualLinking = true;
  return () => {
    config.enableManualLinking = before;
  };
};

/** Enroll a TOTP factor and verify it with a code the server has not seen (the session becomes aal2). */
async function enrollApp(client: SupabaseClient): Promise<{ id: string; secret: string }> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (error) throw error;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: code(data.totp.secret),
  });
  if (verified.error) throw verified.error;
  return { id: data.id, secret: data.totp.secret };
}

const code = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

describe('each notice kind, through supabase-js', () => {
  it('password_changed: updateUser({ password }) mails the user in German, with the form to reset it', async () => {
    const { client, email } = await signedInUser(srv.get(), { locale: 'de' });
    const before = (await mailsTo(srv.get(), email)).length;
    expect((await client.auth.updateUser({ password: OTHER_PASSWORD })).error).toBeNull();
    const mail = await onlyNewMail(email, before);
    expectNotice(mail, email, /^Ihr Polyglot-Passwort wurde geändert$/, 'de');
    expect(mail.HTML).toContain(`href="${APP_URL}/de/forgot-password"`);
    expect(mail.Text).toContain(email);
    expect(mail.Text).toContain('Falls Sie das nicht waren,');
  });

  it('password_changed goes out in the language stored before the same call changes it, as GoTrue orders it', async () => {
    const { client, email } = await signedInUser(srv.get(), { locale: 'es' });
    expect(
      (await client.auth.updateUser({ password: OTHER_PASSWORD, data: { locale: 'ja' } })).error,
    ).toBeNull();
    expectNotice(await latestMailTo(srv.get(), email), email, /^Se ha cambiado la contraseña/, 'es');
  });

  it('email_changed: once both confirmations are in, the old address is told in French; the new one is not', async () => {
    const server = srv.get();
    const { client, email } = await signedInUser(server, { locale: 'fr' });
    const newEmail = uniqueEmail('notice-new');
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const hashOf = async (to: string) =>
      /token_hash=([^&"]+)/.exec((await latestMailTo(server, to)).HTML)![1]!;
    const [toNew, toOld] = [await hashOf(newEmail), await hashOf(email)];
    const before = (await mailsTo(server, email)).length;

    const first = await serverClient(server).client.auth.verifyOtp({
      type: 'email_change',
      token_hash: toNew,
    });
    expect(first.error).toBeNull();
    // The first half changes nothing yet, so nothing is reported.
    expect(await mailsTo(server, email)).toHaveLength(before);
    const second = await serverClient(server).client.auth.verifyOtp({
      type: 'email_change',
      token_hash: toOld,
    });
    expect(second.error).toBeNull();

    const mail = await onlyNewMail(email, before);
    expectNotice(mail, email, /^L’adresse e-mail de votre compte Polyglot a été modifiée$/, 'fr');
    expect(mail.Text).toContain(email);
    expect(mail.Text).toContain(newEmail.toLowerCase());
    expect(mail.Text).toContain('Si ce n’est pas vous,');
    expect(await mailsTo(server, newEmail)).toHaveLength(1);
  });

  it('identity_linked and identity_unlinked: linking GitHub and removing it mail the user in Spanish', () =>
    withConfig(manualLinking, async () => {
      const { client, email } = await signedInUser(srv.get(), { locale: 'es' });
      const before = (await mailsTo(srv.get(), email)).length;
      const { data, error } = await client.auth.linkIdentity({
        provider: 'github',
        options: { redirectTo: `${APP_URL}/linked`, skipBrowserRedirect: true },
      });
      expect(error).toBeNull();
      await throughLocalIdp(data.url!, 'github', { decision: 'allow', email: uniqueEmail('gh'), name: 'G' });
      const linked = await onlyNewMail(email, before);
      expectNotice(linked, email, /^Nuevo método de inicio de sesión en tu cuenta de Polyglot$/, 'es');
      expect(linked.Text).toContain('Método de inicio de sesión: GitHub');

      const identities = (await client.auth.getUserIdentities()).data!.identities;
      const github = identities.find((i) => i.provider === 'github')!;
      expect((await client.auth.unlinkIdentity(github)).error).toBeNull();
      const unlinked = await onlyNewMail(email, before + 1);
      expectNotice(unlinked, email, /^Se ha quitado un método de inicio de sesión de tu cuenta/, 'es');
      expect(unlinked.Text).toContain('GitHub');
    }));

  it('mfa_factor_enrolled: verifying a new authenticator app mails the user in Arabic, once', async () => {
    const { client, email } = await signedInUser(srv.get(), { locale: 'ar' });
    const before = (await mailsTo(srv.get(), email)).length;
    const factor = await enrollApp(client);
    const mail = await onlyNewMail(email, before);
    expectNotice(mail, email, /^أُضيفت طريقة جديدة للمصادقة الثنائية إلى حسابك في Polyglot$/, 'ar');
    expect(mail.Text).toContain('تطبيق المصادقة');
    expect(mail.Text).toContain('إذا لم تكن أنت من قام بذلك،');
    // Signing in with the app later verifies a challenge of a factor already verified: no new notice.
    const again = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: code(factor.secret, 1),
    });
    expect(again.error).toBeNull();
    expect(await mailsTo(srv.get(), email)).toHaveLength(before + 1);
  });

  it('mfa_factor_unenrolled: removing the app at aal2 mails the user in English (no stored language)', async () => {
    const { client, email } = await signedInUser(srv.get());
    const factor = await enrollApp(client);
    const before = (await mailsTo(srv.get(), email)).length;
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    const mail = await onlyNewMail(email, before);
    expectNotice(
      mail,
      email,
      /^A two-factor authentication method was removed from your Polyglot account$/,
      'en',
    );
    expect(mail.Text).toContain('Method: Authenticator app');
    expect(mail.Text).toContain("If this wasn't you,");
  });

  it('mfa_factor_unenrolled also for an unverified factor the user removes, as GoTrue sends it', async () => {
    const { client, email } = await signedInUser(srv.get(), { locale: 'ja' });
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Unfinished' });
    const before = (await mailsTo(srv.get(), email)).length;
    expect((await client.auth.mfa.unenroll({ factorId: data!.id })).error).toBeNull();
    expectNotice(await onlyNewMail(email, before), email, /2段階認証の方法が削除されました$/, 'ja');
  });

  it('admin changes send none: GoTrue notifies only on the user’s own requests', async () => {
    const { client, email, userId } = await signedInUser(srv.get(), { locale: 'de' });
    const factor = await enrollApp(client);
    const before = (await mailsTo(srv.get(), email)).length;
    const admin = adminClient(srv.get());
    expect((await admin.auth.admin.updateUserById(userId, { password: OTHER_PASSWORD })).error).toBeNull();
    expect((await admin.auth.admin.mfa.deleteFactor({ userId, id: factor.id })).error).toBeNull();
    expect(await mailsTo(srv.get(), email)).toHaveLength(before);
  });
});

describe('switched off', () => {
  it('a disabled kind sends nothing; the change itself still succeeds', () =>
    withConfig(
      (config) => {
        config.notifications.password_changed.enabled = false;
        return () => {
          config.notifications.password_changed.enabled = true;
        };
      },
      async () => {
        const { client, email } = await signedInUser(srv.get(), { locale: 'de' });
        const before = (await mailsTo(srv.get(), email)).length;
        expect((await client.auth.updateUser({ password: OTHER_PASSWORD })).error).toBeNull();
        expect(await mailsTo(srv.get(), email)).toHaveLength(before);
      },
    ));

  it('a notice the email limit holds back is skipped; the change itself still succeeds, as in GoTrue', () =>
    withConfig(
      (config) => {
        const before = config.rateLimit.emailSent;
        config.rateLimit.emailSent = 0;
        return () => {
          config.rateLimit.emailSent = before;
        };
      },
      async () => {
        const { client, email } = await signedInUser(srv.get(), { locale: 'de' });
        const before = (await mailsTo(srv.get(), email)).length;
        expect((await client.auth.updateUser({ password: OTHER_PASSWORD })).error).toBeNull();
        expect(await mailsTo(srv.get(), email)).toHaveLength(before);
      },
    ));

  it('config.toml: kinds are off unless enabled; an enabled kind without content_path gets GoTrue’s body', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'notices-'));
    const file = path.join(dir, 'config.toml');
    writeFileSync(
      file,
      [
        '[auth.email.notification.password_changed]',
        'enabled = true',
        'subject = "Changed"',
        '[auth.email.notification.email_changed]',
        'enabled = false',
        'content_path = "./missing.html"',
      ].join('\n'),
    );
    const { notifications } = loadConfig(file, {} as NodeJS.ProcessEnv);
    expect(notifications.password_changed).toEqual({
      enabled: true,
      subject: 'Changed',
      content: DEFAULT_NOTIFICATIONS.password_changed.content,
    });
    // As the CLI: a disabled kind's content_path is not read.
    expect(notifications.email_changed.enabled).toBe(false);
    expect(notifications.mfa_factor_enrolled).toEqual({
      enabled: false,
      ...DEFAULT_NOTIFICATIONS.mfa_factor_enrolled,
    });
    // phone_changed is read and on, though nothing sends it here (no phone sign-in).
    expect(projectNotices.phone_changed.enabled).toBe(true);
  });
});
