import { createServer, type Server } from 'node:http';
import type { Database } from './db.ts';
import { deleteMessages, getMessage, listMessages, type MessageFilter, type StoredMessage } from './mailbox-store.ts';
import { inboxPage, messagePage } from './mailbox-pages.ts';
import { readBody } from './http/request-body.ts';

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
  return { ...rest, ReturnPath: m.from_address, Date: Created, Text: m.text, HTML: m.html, Inline: [], Attachments: [] };
}

/** Mailpit search syntax subset: `to:addr`, `subject:"words"`, and free text. */
export function parseSearch(query: string): MessageFilter {
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

/** The mailbox web page and Mailpit-shaped JSON API (http://127.0.0.1:54324 by default). */
export function createMailboxServer(db: Database, log: (line: string) => void): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Access-Control-Allow-Origin': '*' });
      res.end(body);
    };
    const json = (status: number, body: unknown) => send(status, 'application/json', JSON.stringify(body));
    const list = async (filter: MessageFilter) => {
      const limit = Math.min(Number(url.searchParams.get('limit')) || 50, 1000);
      const start = Number(url.searchParams.get('start')) || 0;
      const { total, rows } = await listMessages(db.sql, filter, limit, start);
      json(200, { total, unread: total, count: rows.length, messages_count: total, start, tags: [], messages: rows.map(summary) });
    };
    const route = async () => {
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const one = /^\/(?:api\/v1\/message|view)\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && path === '/') {
        const { total, rows } = await listMessages(db.sql, {}, 200, 0);
        return send(200, 'text/html; charset=utf-8', inboxPage(rows, total));
      }
      if (req.method === 'GET' && path === '/api/v1/messages') return list({});
      if (req.method === 'GET' && path === '/api/v1/search') return list(parseSearch(url.searchParams.get('query') ?? ''));
      if (req.method === 'DELETE' && path === '/api/v1/messages') {
        const raw = (await readBody(req)).toString('utf8');
        const ids = raw.trim() ? (JSON.parse(raw) as { IDs?: string[] }).IDs : undefined;
        await deleteMessages(db.sql, ids && ids.length ? ids : undefined);
        return send(200, 'text/plain', 'ok');
      }
      if (req.method === 'GET' && one) {
        const id = one[1]!;
        const m = id === 'latest' ? (await listMessages(db.sql, {}, 1, 0)).rows[0] : await getMessage(db.sql, id);
        if (!m) return send(404, 'text/plain', 'message not found');
        return path.startsWith('/view/') ? send(200, 'text/html; charset=utf-8', messagePage(m)) : json(200, detail(m));
      }
      send(404, 'text/plain', 'not found');
    };
    route().catch((err: unknown) => {
      log(`mailbox error: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) send(400, 'text/plain', 'bad request');
    });
  });
}
