import type { PGlite } from '@electric-sql/pglite';

/**
 * A transaction whose statements reach Postgres in batches: one call into PGlite per batch, carrying each
 * statement's Parse, Bind, Describe and Execute and one Sync, where `query()` makes six calls per statement (parse,
 * describe, bind, describe, execute, sync) and `transaction()` two more each for BEGIN and COMMIT. For a Data API
 * read (its settings, then its statement) that is 3 calls instead of 16, about half the time spent in PGlite
 * (docs/decisions/0012-data-api-batched-statements.md).
 *
 * Values go as text of unknown type, so Postgres infers each from where it is used (what PostgREST's unknownEncoder
 * sends), and rows come back as text.
 */

export interface BatchStatement {
  sql: string;
  /** Bind values as text; null for NULL. */
  values: (string | null)[];
}

/** One row: column name → its text, null for NULL. */
export type TextRow = Record<string, string | null>;

/**
 * Runs statements in the open transaction; each one's rows, in order. A database error rejects with it. With
 * `last`, the transaction ends in the same call: committed when every statement succeeded, else rolled back (one
 * call fewer, for a transaction that has nothing left to decide after its statements).
 */
export type Batch = (statements: BatchStatement[], options?: { last?: boolean }) => Promise<TextRow[][]>;

const encoder = new TextEncoder();

/** The frontend protocol's messages (PostgreSQL docs, "Message Formats"), named statements, unnamed portal. */
class Writer {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;
  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.size += bytes.length;
  }
  private message(type: string, body: Uint8Array[]): void {
    const length = body.reduce((n, b) => n + b.length, 4);
    const head = new Uint8Array(5);
    head[0] = type.charCodeAt(0);
    new DataView(head.buffer).setInt32(1, length);
    this.push(head);
    for (const b of body) this.push(b);
  }
  private static cstring(text: string): Uint8Array {
    const bytes = encoder.encode(text);
    const out = new Uint8Array(bytes.length + 1);
    out.set(bytes);
    return out;
  }
  private static int(value: number, size: 2 | 4): Uint8Array {
    const out = new Uint8Array(size);
    if (size === 2) new DataView(out.buffer).setInt16(0, value);
    else new DataView(out.buffer).setInt32(0, value);
    return out;
  }
  query(sql: string): this {
    this.message('Q', [Writer.cstring(sql)]);
    return this;
  }
  /** Closes a prepared statement (no error when it does not exist). */
  close(name: string): this {
    this.message('C', [encoder.encode('S'), Writer.cstring(name)]);
    return this;
  }
  /** Binds and runs the prepared statement `name`, parsing it first unless `parsed`. */
  statement({ sql, values }: BatchStatement, name: string, parsed: boolean): this {
    const { cstring, int } = Writer;
    // Parse with no parameter types: every one is inferred.
    if (!parsed) this.message('P', [cstring(name), cstring(sql), int(0, 2)]);
    const params = values.flatMap((v) => {
      if (v === null) return [int(-1, 4)];
      const bytes = encoder.encode(v);
      return [int(bytes.length, 4), bytes];
    });
    // Bind: text parameters, text results.
    this.message('B', [cstring(''), cstring(name), int(0, 2), int(values.length, 2), ...params, int(0, 2)]);
    this.message('D', [encoder.encode('P'), cstring('')]);
    this.message('E', [cstring(''), int(0, 4)]);
    return this;
  }
  sync(): this {
    this.message('S', []);
    return this;
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

interface Message {
  name: string;
  fields?: unknown[];
}

/** Each statement's rows: a RowDescription (or NoData) opens one, DataRows fill it, CommandComplete closes it. */
function results(messages: Message[]): TextRow[][] {
  const out: TextRow[][] = [];
  let names: string[] | undefined;
  let rows: TextRow[] | undefined;
  for (const m of messages) {
    if (m.name === 'rowDescription') {
      names = (m.fields as { name: string }[]).map((f) => f.name);
      rows = [];
    } else if (m.name === 'noData') {
      names = [];
      rows = [];
    } else if (m.name === 'dataRow' && rows && names) {
      const fields = m.fields as (string | null)[];
      const row: TextRow = {};
      names.forEach((name, i) => (row[name] = fields[i] ?? null));
      rows.push(row);
    } else if (m.name === 'commandComplete' && rows) {
      out.push(rows);
      rows = undefined;
      names = undefined;
    }
  }
  return out;
}

/**
 * Statements Postgres keeps parsed, by their text, as PostgREST prepares its statements (`db-prepared-statements`,
 * on by default): a repeated request skips parsing and analysis, and from its sixth run may reuse a generic plan.
 * Postgres itself re-plans one whose tables, role (row-level security) or search_path changed. The least recently
 * used are closed beyond `preparedLimit`.
 */
class Prepared {
  private readonly names = new Map<string, string>();
  private readonly closing: string[] = [];
  private next = 0;
  /** The statement's name and whether Postgres has it parsed. */
  name(sql: string): { name: string; parsed: boolean } {
    const known = this.names.get(sql);
    if (known === undefined) return { name: `pgrst_${++this.next}`, parsed: false };
    this.names.delete(sql);
    this.names.set(sql, known);
    return { name: known, parsed: true };
  }
  /** Records a statement Postgres parsed (its ParseComplete came back). */
  parsed(sql: string, name: string): void {
    this.names.set(sql, name);
    for (const [oldest, old] of this.names) {
      if (this.names.size <= preparedLimit) break;
      this.names.delete(oldest);
      this.closing.push(old);
    }
  }
  /** Closes every one with the next batch. */
  forgetAll(): void {
    this.closing.push(...this.names.values());
    this.names.clear();
  }
  /** Names to close with the next batch. */
  takeClosing(): string[] {
    return this.closing.splice(0);
  }
}

export const preparedLimit = 500;
const preparedByDatabase = new WeakMap<PGlite, Prepared>();

/**
 * Closes the database's prepared statements with its next batch, as PostgREST releases its connections (and their
 * prepared statements) when it reloads its schema cache: a statement parsed before a column changed type keeps the
 * parameter types it inferred then.
 */
export function forgetPrepared(pg: PGlite): void {
  preparedByDatabase.get(pg)?.forgetAll();
}

/**
 * Runs `fn` in one transaction of its own (PGlite has one connection: other transactions and queries wait), BEGIN
 * sent with the first batch; committed when `fn` resolves, rolled back when it throws.
 */
export async function batchTransaction<T>(pg: PGlite, fn: (run: Batch) => Promise<T>): Promise<T> {
  return pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      let prepared = preparedByDatabase.get(pg);
      if (!prepared) preparedByDatabase.set(pg, (prepared = new Prepared()));
      let begun = false;
      let ended = false;
      const run: Batch = async (statements, options) => {
        if (ended) throw new Error('The transaction has ended.');
        const writer = new Writer();
        if (!begun) writer.query('BEGIN');
        begun = true;
        for (const name of prepared.takeClosing()) writer.close(name);
        const parsing: { sql: string; name: string }[] = [];
        for (const s of statements) {
          // A text twice in one batch is parsed once, under the name its first occurrence got.
          const pending = parsing.find((p) => p.sql === s.sql);
          const { name, parsed } = pending ? { name: pending.name, parsed: true } : prepared.name(s.sql);
          if (!parsed) parsing.push({ sql: s.sql, name });
          writer.statement(s, name, parsed);
        }
        writer.sync();
        // After an error COMMIT rolls the failed transaction back (its command tag says ROLLBACK).
        if (options?.last) {
          writer.query('COMMIT');
          ended = true;
        }
        // Errors read from the messages, not thrown, so the statements parsed before one are still recorded.
        const messages = (await pg.execProtocol(writer.bytes(), { syncToFs: false, throwOnError: false }))
          .messages as Message[];
        const parseCompletes = messages.filter((m) => m.name === 'parseComplete').length;
        for (const p of parsing.slice(0, parseCompletes)) prepared.parsed(p.sql, p.name);
        const error = messages.find((m) => m.name === 'error');
        if (error) throw error;
        return results(messages);
      };
      try {
        const value = await fn(run);
        if (begun && !ended) await pg.execProtocol(new Writer().query('COMMIT').bytes());
        return value;
      } catch (err) {
        if (begun && !ended)
          await pg.execProtocol(new Writer().query('ROLLBACK').bytes(), { throwOnError: false });
        throw err;
      }
    }),
  );
}
