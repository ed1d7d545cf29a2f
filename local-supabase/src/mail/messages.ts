import type { Sql } from '../db/database.ts';

export interface StoredMessage {
  id: string;
  from_name: string;
  from_address: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: Date;
}

export interface MessageFilter {
  to?: string;
  subject?: string;
  text?: string;
}

/** The local mail sink's storage: mailbox.messages in the same database, so mail survives restarts. */
export async function storeMessage(sql: Sql, msg: Omit<StoredMessage, 'id' | 'created_at'>): Promise<string> {
  const id = crypto.randomUUID();
  await sql.query(
    'insert into mailbox.messages (id, from_name, from_address, to_address, subject, html, text) values ($1, $2, $3, $4, $5, $6, $7)',
    [id, msg.from_name, msg.from_address, msg.to_address, msg.subject, msg.html, msg.text],
  );
  return id;
}

export async function listMessages(
  sql: Sql,
  filter: MessageFilter,
  limit: number,
  start: number,
): Promise<{ total: number; rows: StoredMessage[] }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.to) {
    params.push(filter.to.toLowerCase());
    where.push(`lower(to_address) = $${params.length}`);
  }
  if (filter.subject) {
    params.push(`%${filter.subject.toLowerCase()}%`);
    where.push(`lower(subject) like $${params.length}`);
  }
  if (filter.text) {
    params.push(`%${filter.text.toLowerCase()}%`);
    where.push(
      `(lower(subject) like $${params.length} or lower(text) like $${params.length} or lower(to_address) like $${params.length})`,
    );
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const total = (
    await sql.query<{ n: number }>(`select count(*)::int as n from mailbox.messages ${clause}`, params)
  ).rows[0]!.n;
  const rows = (
    await sql.query<StoredMessage>(
      `select * from mailbox.messages ${clause} order by seq desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, limit, start],
    )
  ).rows;
  return { total, rows };
}

export async function getMessage(sql: Sql, id: string): Promise<StoredMessage | undefined> {
  // IDs are UUIDs: anything else is unknown, not a cast error.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return (await sql.query<StoredMessage>('select * from mailbox.messages where id = $1', [id])).rows[0];
}

export async function deleteMessages(sql: Sql, ids: string[] | undefined): Promise<void> {
  if (ids) await sql.query('delete from mailbox.messages where id::text = any($1)', [ids]);
  else await sql.query('delete from mailbox.messages');
}
