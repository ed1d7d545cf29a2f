import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { SMTP_MAX_MESSAGE_BYTES } from '../../local-supabase/src/mail/smtp.ts';
import { authServerForFile, uniqueEmail } from './helpers.ts';

// The mailbox's SMTP port, as the Supabase CLI's Mailpit: what the app sends through nodemailer lands in the same
// store as the auth server's mail and reads back through the Mailpit-shaped API and the inbox page.

const auth = authServerForFile();

const transport = () => nodemailer.createTransport(auth.get().smtpUrl);

interface Detail {
  ID: string;
  From: { Name: string; Address: string };
  To: { Address: string }[];
  Subject: string;
  HTML: string;
  Text: string;
}

async function mailTo(address: string): Promise<Detail[]> {
  const { mailboxUrl } = auth.get();
  const list = (await (
    await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)
  ).json()) as { messages: { ID: string }[] };
  return Promise.all(
    list.messages.map(
      async (m) => (await (await fetch(`${mailboxUrl}/api/v1/message/${m.ID}`)).json()) as Detail,
    ),
  );
}

/**
 * One raw SMTP conversation: writes each line after the previous answer and returns everything the server said;
 * with `hangUp`, closes the connection right after the last line instead of waiting for its answer.
 */
function converse(lines: (string | Buffer)[], hangUp = false): Promise<string> {
  const { port, hostname } = new URL(auth.get().smtpUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let said = '';
    let next = 0;
    socket.on('data', (chunk) => {
      said += chunk.toString('latin1');
      if (next < lines.length) {
        socket.write(lines[next++]!);
        if (hangUp && next === lines.length) socket.destroy();
      } else socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(said));
  });
}

describe('the mailbox SMTP server', () => {
  it('listens on the loopback interface', () => {
    expect(auth.get().smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  });

  it('stores what nodemailer sends, with its HTML and plain-text parts, and lists it in the API and the inbox', async () => {
    const to = uniqueEmail('smtp');
    const info = await transport().sendMail({
      from: { name: 'Polyglot', address: 'no-reply@polyglot.test' },
      to,
      subject: 'تم استخدام رمز استرداد — ログイン',
      html: '<!doctype html><html lang="ar" dir="rtl"><body><p>مرحبًا <strong>بك</strong></p></body></html>',
      text: 'مرحبًا بك\nسطر ثانٍ',
    });
    expect(info.accepted).toEqual([to]);
    const [mail, ...rest] = await mailTo(to);
    expect(rest).toEqual([]);
    expect(mail!.From).toEqual({ Name: 'Polyglot', Address: 'no-reply@polyglot.test' });
    expect(mail!.To).toEqual([{ Name: '', Address: to }]);
    expect(mail!.Subject).toBe('تم استخدام رمز استرداد — ログイン');
    expect(mail!.HTML).toContain('<p>مرحبًا <strong>بك</strong></p>');
    expect(mail!.Text).toBe('مرحبًا بك\nسطر ثانٍ');

    const inbox = await (await fetch(auth.get().mailboxUrl)).text();
    expect(inbox).toContain(`<a href="/view/${mail!.ID}" dir="auto">تم استخدام رمز استرداد — ログイン</a>`);
    const page = await (await fetch(`${auth.get().mailboxUrl}/view/${mail!.ID}`)).text();
    expect(page).toContain('<article lang="ar" dir="rtl">');
  });

  it('keeps a plain-text-only message, and files one copy per envelope recipient (Bcc too)', async () => {
    const [to, bcc] = [uniqueEmail('smtp-to'), uniqueEmail('smtp-bcc')];
    await transport().sendMail({ from: 'sender@example.com', to, bcc, subject: 'Plain', text: 'Just text.' });
    for (const address of [to, bcc]) {
      const [mail] = await mailTo(address);
      expect(mail).toMatchObject({ Subject: 'Plain', Text: 'Just text.', HTML: '' });
      expect(mail!.From.Address).toBe('sender@example.com');
    }
  });

  it('accepts the credentials of a provider-shaped SMTP_URL, as Mailpit does', async () => {
    const to = uniqueEmail('smtp-auth');
    const url = new URL(auth.get().smtpUrl);
    url.username = 'resend';
    url.password = 're_key';
    await nodemailer
      .createTransport(url.toString())
      .sendMail({ from: 'a@example.com', to, subject: 'With auth', text: 'ok' });
    expect((await mailTo(to)).map((m) => m.Subject)).toEqual(['With auth']);
  });

  it('refuses a message over the size limit with 552 and keeps serving', async () => {
    const to = uniqueEmail('smtp-big');
    const error = await transport()
      .sendMail({ from: 'a@example.com', to, subject: 'Big', text: 'x'.repeat(SMTP_MAX_MESSAGE_BYTES + 1) })
      .then(
        () => null,
        (err: { responseCode?: number }) => err,
      );
    expect(error?.responseCode).toBe(552);
    expect(await mailTo(to)).toEqual([]);
    await transport().sendMail({ from: 'a@example.com', to, subject: 'Small', text: 'ok' });
    expect((await mailTo(to)).map((m) => m.Subject)).toEqual(['Small']);
  });

  it('answers malformed SMTP with errors, never crashes, and stores NUL bytes harmlessly', async () => {
    const to = uniqueEmail('smtp-raw');
    const said = await converse([
      'EHLO test\r\n',
      'DATA\r\n', // before MAIL FROM
      'MAIL FROM:<not an address\r\n',
      'RCPT TO:<x@example.com>\r\n', // before a sender
      'NOOP NOOP NOOP\r\n',
      `HELO ${'x'.repeat(5000)}\r\n`,
      Buffer.from([0xff, 0xfe, 0x00, 0x0d, 0x0a]),
      'MAIL FROM:<a@example.com>\r\n',
      `RCPT TO:<${to}>\r\n`,
      'DATA\r\n',
      'Subject: nul\0byte\r\nContent-Type: text/plain; charset=bogus-charset\r\n\r\nbody\0here\r\n.\r\n',
      'QUIT\r\n',
    ]);
    expect(said).toMatch(/^220 /);
    expect(said).toMatch(/^503 /m);
    expect(said).toMatch(/^250 .*queued as/m);
    const [mail] = await mailTo(to);
    expect(mail!.Subject).toBe('nul\uFFFDbyte');
    expect(mail!.Text).toContain('body\uFFFDhere');
    // A connection that drops mid-message leaves the server answering.
    await converse(
      ['EHLO x\r\n', 'MAIL FROM:<a@example.com>\r\n', `RCPT TO:<${to}>\r\n`, 'DATA\r\n', 'Subject: cut'],
      true,
    );
    await transport().sendMail({ from: 'a@example.com', to, subject: 'After', text: 'ok' });
    expect((await mailTo(to)).map((m) => m.Subject)).toEqual(['After', 'nul\uFFFDbyte']);
  });
});
