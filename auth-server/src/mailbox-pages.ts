import type { StoredMessage } from './mailbox-store.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #ccc;vertical-align:top}article{border:1px solid #ccc;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style>
</head><body>${body}</body></html>`;
}

/** The inbox: newest first, one row per message, subject links to the message. */
export function inboxPage(messages: StoredMessage[], total: number): string {
  const rows = messages
    .map((m) => `<tr><td><a href="/view/${m.id}">${esc(m.subject || '(no subject)')}</a></td><td>${esc(m.to_address)}</td><td><time datetime="${m.created_at.toISOString()}">${m.created_at.toISOString().replace('T', ' ').slice(0, 19)}</time></td></tr>`)
    .join('\n');
  const table = messages.length
    ? `<table><caption class="visually-hidden">Messages, newest first</caption><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received (UTC)</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No messages yet.</p>';
  return layout('Local mailbox', `<header><h1>Local mailbox</h1><p>${total} message${total === 1 ? '' : 's'} sent by the local auth server.</p></header><main>${table}</main>`);
}

/** One message: headers, the HTML body as sent (links clickable), and the plain-text version. */
export function messagePage(m: StoredMessage): string {
  return layout(
    m.subject,
    `<nav><a href="/">← All messages</a></nav><main><h1>${esc(m.subject)}</h1>
<dl><dt>From</dt><dd>${esc(`${m.from_name} <${m.from_address}>`)}</dd><dt>To</dt><dd>${esc(m.to_address)}</dd><dt>Date</dt><dd>${m.created_at.toISOString()}</dd></dl>
<h2>HTML</h2><article>${m.html}</article>
<h2>Plain text</h2><pre>${esc(m.text)}</pre></main>`,
  );
}
