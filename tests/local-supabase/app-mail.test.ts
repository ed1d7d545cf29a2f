import { beforeAll, describe, expect, it, vi } from 'vitest';
import { recoveryCodeUsed } from '@/supabase/templates/src/app-notices';
import { emailWords } from '@/supabase/templates/src/words';
import { authServerForFile, uniqueEmail } from './helpers.ts';

// The app's sender (lib/mail/transport.ts, nodemailer) against the mailbox's SMTP port: a rendered notice arrives
// whole, HTML and plain text, and a provider that cannot be reached is an answer (false), never an exception.

const auth = authServerForFile();

/** lib/mail as a fresh module graph with SMTP_URL set, since lib/env/env.ts reads the environment once. */
async function mailModules(smtpUrl: string) {
  vi.resetModules();
  vi.stubEnv('SMTP_URL', smtpUrl);
  vi.stubEnv('NEXT_PUBLIC_SITE_URL', 'http://localhost:3000');
  const [transport, render] = [await import('@/lib/mail/transport'), await import('@/lib/mail/render')];
  vi.unstubAllEnvs();
  return { ...transport, ...render };
}

describe('the app sends its mail through SMTP_URL', () => {
  let mail: Awaited<ReturnType<typeof mailModules>>;
  beforeAll(async () => {
    mail = await mailModules(auth.get().smtpUrl);
  });

  it('delivers a notice to the local mailbox with its subject, HTML and plain-text parts intact', async () => {
    const to = uniqueEmail('app-mail');
    const notice = await mail.renderNotice(recoveryCodeUsed, 'ar', {
      email: to,
      at: new Date('2026-11-28T09:05:00Z'),
      siteUrl: new URL('http://localhost:3000'),
    });
    expect(await mail.sendMail(notice)).toBe(true);
    const { mailboxUrl } = auth.get();
    const list = (await (
      await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
    ).json()) as { messages: { ID: string }[] };
    expect(list.messages).toHaveLength(1);
    const stored = (await (await fetch(`${mailboxUrl}/api/v1/message/${list.messages[0]!.ID}`)).json()) as {
      From: { Name: string; Address: string };
      Subject: string;
      HTML: string;
      Text: string;
    };
    expect(stored.From).toEqual({ Name: 'Polyglot', Address: 'no-reply@localhost' });
    expect(stored.Subject).toBe(emailWords(['ar']).ar.app_recovery_code_used.subject);
    expect(stored.HTML.trim()).toBe(notice.html.trim());
    expect(stored.Text).toBe(notice.text);
  });

  it('answers false, without throwing, when the SMTP server cannot be reached', async () => {
    const { port } = new URL(auth.get().smtpUrl);
    const unreachable = await mailModules(`smtp://127.0.0.1:${Number(port) === 1 ? 2 : 1}`);
    expect(
      await unreachable.sendMail({ to: 'someone@example.com', subject: 'x', html: '<p>x</p>', text: 'x' }),
    ).toBe(false);
  });
});
