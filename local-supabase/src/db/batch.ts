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

/** Runs statements in the open transaction; each one's rows, in order. A database error rejects with it. */
export type Batch = (statements: BatchStatement[]) => Promise<TextRow[][]>;

const encoder = new TextEncoder();

/** The frontend protocol's messages (PostgreSQL docs, "Message Formats"), unnamed statement and portal. */
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
  statement({ sql, values }: BatchStatement): this {
    const { cstring, int } = Writer;
    // Parse with no parameter types: every one is inferred.
    this.message('P', [cstring(''), cstring(sql), int(0, 2)]);
    const params = values.flatMap((v) => {
      if (v === null) return [int(-1, 4)];
      const bytes = encoder.encode(v);
      return [int(bytes.length, 4), bytes];
    });
    // Bind: text parameters, text results.
    this.message('B', [cstring(''), cstring(''), int(0, 2), int(values.length, 2), ...params, int(0, 2)]);
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
 * Runs `fn` in one transaction of its own (PGlite has one connection: other transactions and queries wait), BEGIN
 * sent with the first batch; committed when `fn` resolves, rolled back when it throws.
 */
export async function batchTransaction<T>(pg: PGlite, fn: (run: Batch) => Promise<T>): Promise<T> {
  return pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      let begun = false;
      const run: Batch = async (statements) => {
        const writer = new Writer();
        if (!begun) writer.query('BEGIN');
        begun = true;
        for (const s of statements) writer.statement(s);
        const { messages } = await pg.execProtocol(writer.sync().bytes(), { syncToFs: false });
        return results(messages as Message[]);
      };
      try {
        const value = await fn(run);
        if (begun) await pg.execProtocol(new Writer().query('COMMIT').bytes());
        return value;
      } catch (err) {
        if (begun) await pg.execProtocol(new Writer().query('ROLLBACK').bytes(), { throwOnError: false });
        throw err;
      }
    }),
  );
}
