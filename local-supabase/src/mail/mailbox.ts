import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import type { ErrorLog } from '../errors.ts';
import type { Database } from '../db/database.ts';
import { describeRelations } from '../db/catalog.ts';
import { databasePage } from './database-page.ts';
import { esc, layout } from './page.ts';
import {
  deleteMessages,
  getMessage,
  listMessages,
  type MessageFilter,
  type StoredMessage,
} from './messages.ts';

/** The mailbox beside the API: an inbox web page and Mailpit's JSON API over the stored messages. */

/** Headers that forbid framing, for every page the local servers answer (the inbox, the local IdP's consent). */
export const FRAME_DENIED = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
} as const;

const address = (name: string, addr: string) => ({ Name: name, Address: addr });

/** Mailpit's message summary shape. */
function summary(m: StoredMessage): Record<string, unknown> {
  return {
    ID: m.id,
    MessageID: `${m.id}@local-auth-server`,
    Read: false,
    From: address(m.from_name, m.from_address),
    To: [address('', m.to_address)],
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: m.subject,
    Created: m.created_at.toISOString(),
    Tags: [],
    Size: Buffer.byteLength(m.html) + Buffer.byteLength(m.text),
    Attachments: 0,
    Snippet: m.text.replace(/\s+/g, ' ').slice(0, 250),
  };
}

function detail(m: StoredMessage): Record<string, unknown> {
  const { Created, Read, Snippet, Attachments, ...rest } = summary(m);
  void Read;
  void Snippet;
  void Attachments;
  return {
    ...rest,
    ReturnPath: m.from_address,
    Date: Created,
    Text: m.text,
    HTML: m.html,
    Inline: [],
    Attachments: [],
  };
}

/** Mailpit search syntax subset: `to:addr`, `subject:"words"`, and free text. */
function parseSearch(query: string): MessageFilter {
  const filter: MessageFilter = {};
  const words: string[] = [];
  for (const m of query.matchAll(/(\w+):(?:"([^"]*)"|(\S+))|"([^"]*)"|(\S+)/g)) {
    const value = m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
    if (m[1] === 'to') filter.to = value;
    else if (m[1] === 'subject') filter.subject = value;
    else words.push(m[1] ? `${m[1]}:${value}` : value);
  }
  if (words.length) filter.text = words.join(' ');
  return filter;
}

/** The inbox: newest first, one row per message, subject links to the message. */
function inboxPage(messages: StoredMessage[], total: number): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="/view/${m.id}" dir="auto">${esc(m.subject || '(no subject)')}</a></td><td>${esc(m.to_address)}</td><td><time datetime="${m.created_at.toISOString()}">${m.created_at.toISOString().replace('T', ' ').slice(0, 19)}</time></td></tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table class="listing"><caption class="visually-hidden">Messages, newest first</caption><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received (UTC)</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No messages yet.</p>';
  return layout(
    'Local mailbox',
    `<header><nav><a href="/database">Database: tables, columns and policies</a></nav><h1>Local mailbox</h1><p>${total} message${total === 1 ? '' : 's'} from the local auth server and SMTP.</p></header><main>${table}</main>`,
  );
}

/**
 * A mail's HTML as webmail shows it: the inside of its <body>, in an element with the language and direction of its
 * <html> (dir="auto" when it has none). Pasted whole, its <html dir> and <body> attributes would land on this page's.
 */
function mailBody(html: string): string {
  const root = /<html\b([^>]*)>/i.exec(html)?.[1] ?? '';
  const lang = /\slang="([\w-]+)"/i.exec(root)?.[1];
  const dir = /\sdir="(ltr|rtl)"/i.exec(root)?.[1] ?? 'auto';
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return `<article${lang ? ` lang="${lang}"` : ''} dir="${dir}">${body}</article>`;
}

/** One message: headers, the HTML body as sent (links clickable), and the plain-text version. */
function messagePage(m: StoredMessage): string {
  return layout(
    m.subject,
    `<nav><a href="/">← All messages</a></nav><main><h1 dir="auto">${esc(m.subject)}</h1>
<dl><dt>From</dt><dd>${esc(`${m.from_name} <${m.from_address}>`)}</dd><dt>To</dt><dd>${esc(m.to_address)}</dd><dt>Date</dt><dd>${m.created_at.toISOString()}</dd></dl>
<h2>HTML</h2>${mailBody(m.html)}
<h2>Plain text</h2><pre dir="auto">${esc(m.text)}</pre></main>`,
  );
}

/**
 * The mailbox web page and Mailpit-shaped JSON API (http://127.0.0.1:54324 by default), and the database page of the
 * exposed `schemas` at /database. Browsers may read them from the app's origins only (`isAllowedOrigin`): any other
 * page the developer visits must not read sign-in links.
 */
export function createMailboxServer(
  db: Database,
  log: ErrorLog,
  isAllowedOrigin: (origin: string) => boolean,
  schemas: readonly string[],
): Server {
  const mailbox = new Hono({ strict: false });
  mailbox.use(async (c, next) => {
    await next();
    // The inbox holds sign-in links: no other page may frame it.
    for (const [name, value] of Object.entries(FRAME_DENIED)) c.header(name, value);
  });
  mailbox.use(
    cors({ origin: (origin) => (isAllowedOrigin(origin) ? origin : null), allowMethods: ['GET', 'DELETE'] }),
  );
  const list = async (c: Context, filter: MessageFilter) => {
    const limit = Math.min(pagingValue(c.req.query('limit'), 1) ?? 50, 1000);
    const start = pagingValue(c.req.query('start'), 1) ?? 0;
    const { total, rows } = await listMessages(db.sql, filter, limit, start);
    return c.json({
      total,
      unread: total,
      count: rows.length,
      messages_count: total,
      start,
      tags: [],
      messages: rows.map(summary),
    });
  };
  const message = async (id: string) =>
    id === 'latest' ? (await listMessages(db.sql, {}, 1, 0)).rows[0] : await getMessage(db.sql, id);

  mailbox.get('/', async (c) => {
    const { total, rows } = await listMessages(db.sql, {}, 200, 0);
    return c.html(inboxPage(rows, total));
  });
  mailbox.get('/database', async (c) =>
    c.html(databasePage(schemas, await describeRelations(db.sql, schemas))),
  );
  mailbox.get('/view/:id', async (c) => {
    const m = await message(c.req.param('id'));
    return m ? c.html(messagePage(m)) : c.text('message not found', 404);
  });
  mailbox.get('/api/v1/messages', (c) => list(c, {}));
  mailbox.get('/api/v1/search', (c) => {
    const query = (c.req.query('query') ?? '').trim();
    // Mailpit refuses an empty search; Postgres text cannot hold NUL.
    if (query === '' || query.includes('\0')) return c.text('bad search query', 400);
    return list(c, parseSearch(query));
  });
  mailbox.get('/api/v1/message/:id', async (c) => {
    const m = await message(c.req.param('id'));
    return m ? c.json(detail(m)) : c.text('message not found', 404);
  });
  mailbox.delete('/api/v1/messages', async (c) => {
    const ids = parseIds(await c.req.text());
    if (ids === null) {
      log.clientError('mailbox DELETE /api/v1/messages 400: body is not {"IDs": [...]}');
      return c.text('bad request', 400);
    }
    await deleteMessages(db.sql, ids.length ? ids : undefined);
    return c.text('ok');
  });
  mailbox.notFound((c) => c.text('not found', 404));
  mailbox.onError((err, c) => {
    log.failure(`mailbox ${c.req.method} ${c.req.path} 500: ${err.stack ?? err.message}`);
    return c.text('mailbox error', 500);
  });
  return createServer(getRequestListener(mailbox.fetch, { overrideGlobalObjects: false }));
}

/** The optional DELETE body `{"IDs": [...]}`: the IDs (none = all), or null when it is not that shape. */
function parseIds(text: string): string[] | null {
  if (text.trim() === '') return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the caller answers 400.
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const ids = (body as { IDs?: unknown }).IDs;
  if (ids === undefined) return [];
  return Array.isArray(ids) && ids.every((id) => typeof id === 'string' && !id.includes('\0')) ? ids : null;
}

/**
 * A paging parameter read as Mailpit's strconv.Atoi does: an integer at least `min` (and within JavaScript's exact
 * range); anything else is ignored (undefined), so the caller's default applies as in Mailpit.
 */
function pagingValue(raw: string | undefined, min: number): number | undefined {
  if (raw === undefined || !/^[+-]?\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min ? n : undefined;
}
