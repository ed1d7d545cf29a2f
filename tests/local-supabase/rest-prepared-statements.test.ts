import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedLimit } from '../../local-supabase/src/db/batch.ts';
import { type OpenedDatabase, openDatabase } from '../../local-supabase/src/db/database.ts';
import { anonClient, authServerForFile, signedInUser } from './helpers.ts';

// The Data API's statements stay parsed between requests, as PostgREST prepares its own
// (docs/decisions/0017-data-api-prepared-statements.md): what a reused statement must still get right.

describe('prepared statements of the batched transaction', () => {
  let db: OpenedDatabase;
  beforeAll(async () => {
    db = await openDatabase(undefined);
    await db.sql.query('create table public.prepared_t (a int primary key)');
  });
  afterAll(() => db.close());

  const kept = async (sql: string) =>
    Number(
      (
        await db.sql.query<{ n: number }>(
          'select count(*)::int as n from pg_prepared_statements where statement = $1',
          [sql],
        )
      ).rows[0]!.n,
    );

  it('parses a repeated statement once and binds it again with each value', async () => {
    const sql = 'select ($1::int + 1)::text as n';
    const first = await db.batchTx((run) => run([{ sql, values: ['1'] }]));
    const second = await db.batchTx((run) => run([{ sql, values: ['41'] }]));
    expect([first[0]![0]!.n, second[0]![0]!.n]).toEqual(['2', '42']);
    expect(await kept(sql)).toBe(1);
  });

  it('parses a text that comes twice in one batch once', async () => {
    const sql = 'select ($1::int * 2)::text as n';
    const [first, second] = await db.batchTx((run) =>
      run([
        { sql, values: ['2'] },
        { sql, values: ['3'] },
      ]),
    );
    expect([first![0]!.n, second![0]!.n]).toEqual(['4', '6']);
    expect(await kept(sql)).toBe(1);
  });

  it('parses a statement again when its first parse failed', async () => {
    const sql = 'select count(*)::text as n from public.later_t';
    await expect(db.batchTx((run) => run([{ sql, values: [] }]))).rejects.toMatchObject({ code: '42P01' });
    await db.sql.query('create table public.later_t (a int)');
    const [rows] = await db.batchTx((run) => run([{ sql, values: [] }]));
    expect(rows![0]!.n).toBe('0');
  });

  it('keeps what was parsed before a failing statement, and the failure rolls the batch back', async () => {
    const insert = 'insert into public.prepared_t (a) values ($1)';
    await expect(
      db.batchTx((run) =>
        run([
          { sql: insert, values: ['1'] },
          { sql: 'select 1 / 0', values: [] },
        ]),
      ),
    ).rejects.toMatchObject({ code: '22012' });
    expect((await db.sql.query('select a from public.prepared_t')).rows).toEqual([]);
    await db.batchTx((run) => run([{ sql: insert, values: ['2'] }]));
    expect((await db.sql.query('select a from public.prepared_t')).rows).toEqual([{ a: 2 }]);
    expect(await kept(insert)).toBe(1);
  });

  it("follows a change of its table's columns", async () => {
    const sql = 'select coalesce(json_agg(t), $1)::text as body from public.later_t t';
    await db.sql.query('insert into public.later_t values (1)');
    const before = await db.batchTx((run) => run([{ sql, values: ['[]'] }]));
    await db.sql.query("alter table public.later_t add column b text default 'x'");
    const after = await db.batchTx((run) => run([{ sql, values: ['[]'] }]));
    expect(JSON.parse(before[0]![0]!.body!)).toEqual([{ a: 1 }]);
    expect(JSON.parse(after[0]![0]!.body!)).toEqual([{ a: 1, b: 'x' }]);
  });

  it('closes them all with the next batch once forgotten (a schema reload)', async () => {
    const sql = 'select 7 as n';
    await db.batchTx((run) => run([{ sql, values: [] }]));
    db.forgetPrepared();
    await db.batchTx((run) => run([{ sql: 'select 8 as n', values: [] }]));
    expect(await kept(sql)).toBe(0);
    await db.batchTx((run) => run([{ sql, values: [] }]));
    expect(await kept(sql)).toBe(1);
  });

  it('closes the least recently used beyond its limit', async () => {
    const text = (i: number) => `select ${i} as n`;
    const count = preparedLimit + 40;
    for (let i = 0; i < count; i += 20) {
      const batch = Array.from({ length: 20 }, (_, k) => ({ sql: text(i + k), values: [] }));
      await db.batchTx((run) => run(batch));
    }
    // The closes of the last batch go with the next one.
    await db.batchTx((run) => run([{ sql: text(count - 1), values: [] }]));
    const { rows } = await db.sql.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'pgrst\\_%'",
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(preparedLimit);
    expect(await kept(text(0))).toBe(0);
    expect(await kept(text(count - 1))).toBe(1);
  });

  it('ends the transaction with a last batch: committed when it succeeds, rolled back when it fails', async () => {
    const insert = 'insert into public.prepared_t (a) values ($1)';
    await db.batchTx((run) => run([{ sql: insert, values: ['10'] }], { last: true }));
    await expect(
      db.batchTx((run) =>
        run(
          [
            { sql: insert, values: ['11'] },
            { sql: 'select 1 / 0', values: [] },
          ],
          { last: true },
        ),
      ),
    ).rejects.toMatchObject({ code: '22012' });
    await expect(
      db.batchTx(async (run) => {
        await run([{ sql: insert, values: ['12'] }], { last: true });
        return run([{ sql: insert, values: ['13'] }]);
      }),
    ).rejects.toThrow('The transaction has ended.');
    const { rows } = await db.sql.query<{ a: number }>(
      'select a from public.prepared_t where a >= 10 order by a',
    );
    expect(rows.map((r) => r.a)).toEqual([10, 12]);
  });
});

describe('row-level security through reused statements', () => {
  const server = authServerForFile();
  let alice: { client: SupabaseClient; userId: string };
  let bob: { client: SupabaseClient; userId: string };
  beforeAll(async () => {
    [alice, bob] = await Promise.all([signedInUser(server.get()), signedInUser(server.get())]);
    for (const [who, title] of [
      [alice, 'alice'],
      [bob, 'bob'],
    ] as const) {
      const { error } = await who.client.from('notes').insert({ title });
      expect(error).toBeNull();
    }
  });

  it('answers each caller by their own rows, past the runs after which Postgres may reuse a generic plan', async () => {
    const read = (client: SupabaseClient) => client.from('notes').select('title, user_id');
    // Alternating users and roles on the same statement text, 10 times each (Postgres weighs a generic plan after 5).
    for (let i = 0; i < 10; i++) {
      const [a, b, nobody] = await Promise.all([
        read(alice.client),
        read(bob.client),
        read(anonClient(server.get())),
      ]);
      expect(a.data).toEqual([{ title: 'alice', user_id: alice.userId }]);
      expect(b.data).toEqual([{ title: 'bob', user_id: bob.userId }]);
      expect(nobody.error?.code).toBe('42501');
    }
  });
});
