import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { ErrorLog } from '../errors.ts';
import type { Database } from '../db/database.ts';
import { htmlToText } from './mailer.ts';
import { storeMessage } from './messages.ts';

/** The largest message accepted (advertised in EHLO as SIZE): mail with attachments fits, a runaway sender does not. */
export const SMTP_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Recipients per message: each becomes one row of the mailbox. */
const MAX_RECIPIENTS = 100;

/** An SMTP reply code with its text (smtp-server answers an error's `responseCode`). */
const reply = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/**
 * The mailbox's SMTP port (127.0.0.1:54325 by default), as the Supabase CLI's Mailpit has it: the app sends its own
 * mail here (nodemailer), and every message lands in the same store as the auth server's mail, one row per envelope
 * recipient, so the inbox page and the Mailpit API list it. Like Mailpit it accepts any sender, any recipient and any
 * credentials, without TLS: it binds the loopback interface only (assertSafeToStart) and delivers nowhere.
 */
export function createSmtpServer(db: Database, log: ErrorLog): SMTPServer {
  const server = new SMTPServer({
    name: 'localhost',
    banner: 'local Supabase mailbox (development only; nothing is delivered)',
    size: SMTP_MAX_MESSAGE_BYTES,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    maxClients: 50,
    socketTimeout: 30_000,
    closeTimeout: 1_000,
    // Any credentials, as Mailpit without an auth file: a provider-shaped SMTP_URL also works locally.
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'local' }),
    onRcptTo: (_address, session, callback) =>
      callback(
        session.envelope.rcptTo.length >= MAX_RECIPIENTS
          ? reply(452, `too many recipients (at most ${MAX_RECIPIENTS})`)
          : undefined,
      ),
    onData: (stream, session, callback) => {
      receive(stream)
        .then(async (raw) => {
          if (raw === 'too big') {
            log.clientError(`smtp 552: message larger than ${SMTP_MAX_MESSAGE_BYTES} bytes`);
            return callback(reply(552, `message exceeds the size limit of ${SMTP_MAX_MESSAGE_BYTES} bytes`));
          }
          if (raw === 'cut off') {
            log.clientError('smtp: the client hung up in the middle of a message');
            return callback(reply(451, 'message cut off'));
          }
          const ids = await store(db, raw, session);
          callback(null, `queued as ${ids.join(', ')}`);
        })
        .catch((err: unknown) => {
          log.failure(`smtp: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
          callback(reply(451, 'local error in processing'));
        });
    },
  });
  // Connection errors (a client that hangs up, a timeout) end that connection only; never the process.
  server.on('error', (err) => log.clientError(`smtp: ${err.message}`));
  return server;
}

/** The message's bytes; 'too big' past the limit (read to the end so the session goes on); 'cut off' if dropped. */
function receive(stream: SMTPServerDataStream): Promise<Buffer | 'too big' | 'cut off'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= SMTP_MAX_MESSAGE_BYTES) chunks.push(chunk);
    });
    // smtp-server's only stream error: the connection closed before the final dot.
    stream.on('error', () => resolve('cut off'));
    stream.on('end', () =>
      resolve(stream.sizeExceeded || size > SMTP_MAX_MESSAGE_BYTES ? 'too big' : Buffer.concat(chunks)),
    );
  });
}

/** Parses the MIME message (any encoding, charset and structure mailparser reads) and stores it per recipient. */
async function store(db: Database, raw: Buffer, session: SMTPServerSession): Promise<string[]> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const from = parsed.from?.value[0];
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const text = parsed.text ?? htmlToText(html);
  // Postgres text holds no NUL: a malformed message is stored with U+FFFD in its place, not refused.
  const clean = (value: string) => value.replaceAll('\0', '\uFFFD');
  const ids: string[] = [];
  for (const { address } of session.envelope.rcptTo) {
    ids.push(
      await storeMessage(db.sql, {
        from_name: clean(from?.name ?? ''),
        from_address: clean(from?.address || envelopeFrom),
        to_address: clean(address),
        subject: clean(parsed.subject ?? ''),
        html: clean(html),
        text: clean(text.trim()),
      }),
    );
  }
  return ids;
}

/** Listens on `port` (0 = any free port) and answers the port it got. */
export function listenSmtp(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

export function closeSmtp(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => {
    if (!server.server.listening) return resolve();
    server.close(() => resolve());
  });
}
