import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../local-supabase/src/db/database.ts';
import { regexSize } from '../../local-supabase/src/rest/query/read-sql.ts';
import { loadSchemaCache } from '../../local-supabase/src/rest/schema-cache/schema-cache.ts';
import { timeoutMs } from '../../local-supabase/src/rest/transaction/run.ts';
import { anonClient, PASSWORD, signedInUser } from './helpers.ts';
import { anon, restForFile, service } from './rest-helpers.ts';

// PGlite runs Postgres on the server's one thread: before statement timeouts were enforced, a count over
// generate_series(1, 40e6) held every other request (Auth, Data API, Storage, the mailbox) for 7-8 s on this machine,
// past anon's 3 s (docs/decisions/0011-statement-timeout-on-the-local-server.md).
const f = restForFile();
const STALL = 200_000_000;

describe('statement timeout', () => {
  it("a statement past the anon role's statement_timeout is cancelled with PostgREST's 57014 answer", async () => {
    const res = await anon(f.get()).rpc('series', { n: STALL }, { count: 'exact' });
    expect(res.status).toBe(500);
    expect(res.error).toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
  });

  it('another client is answered while a stalling request runs, and the database serves on afterwards', async () => {
    const server = f.get().server;
    const { email } = await signedInUser(server);
    const stalling = anon(f.get()).rpc('series', { n: STALL }, { count: 'exact' });
    // Sent while the stalling statement holds the database: answered once it is cancelled, not after its end.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const other = anonClient(server);
    const [stalled, read, health] = await Promise.all([
      stalling,
      other.rpc('add', { a: 1, b: 2 }),
      fetch(`${server.url}/auth/v1/health`),
    ]);
    expect(stalled.error?.code).toBe('57014');
    expect(read).toMatchObject({ status: 200, data: 3 });
    expect(health.status).toBe(200);
    // The cancel left no flag behind: the next statements run to their end.
    expect((await other.rpc('series', { n: 3 })).data).toEqual([1, 2, 3]);
    const signIn = await anonClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  }, 30_000);

  it('a regular expression too large for the database answers 400 2201B and leaves the session usable', async () => {
    const client = anon(f.get());
    const res = await client.from('notes').select('id').filter('title', 'match', '((a{1,50}){1,50}){1,50}');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      code: '2201B',
      message: 'invalid regular expression: regular expression is too complex',
    });
    const after = await client.from('notes').select('id').filter('title', 'match', '(a{1,20}){1,20}$');
    expect(after.status).toBe(200);
  });

  it('a failed statement that broke PGlite’s own rollback leaves no aborted transaction behind', async () => {
    const db = await openDatabase(undefined);
    // The nested pattern, sent straight to the database: it overflows PGlite's stack inside a transaction.
    await expect(
      db.tx((sql) => sql.query(`select 'aaa' ~ $1`, ['((a{1,50}){1,50}){1,50}'])),
    ).rejects.toThrow();
    expect((await db.sql.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    // The same through the Data API's batched transactions.
    await expect(
      db.batchTx((run) => run([{ sql: `select 'aaa' ~ $1`, values: ['((a{1,50}){1,50}){1,50}'] }])),
    ).rejects.toThrow();
    expect(await db.batchTx((run) => run([{ sql: 'select 1 as one', values: [] }]))).toEqual([
      [{ one: '1' }],
    ]);
    await db.close();
  });

  it("knows a role's statement_timeout before a request's batch is sent, as Postgres reads it", async () => {
    const db = await openDatabase(undefined);
    for (const sql of [
      'create role slow_reader',
      'alter role slow_reader set statement_timeout = 2500',
      'create role hasty_reader',
      `alter role hasty_reader set statement_timeout = '1.5min'`,
    ])
      await db.sql.query(sql);
    const cache = await loadSchemaCache(db.sql, ['public']);
    expect(Object.fromEntries(cache.statementTimeouts)).toMatchObject({
      anon: '3s',
      authenticated: '8s',
      slow_reader: '2500ms',
      hasty_reader: '90s',
    });
    expect(cache.statementTimeouts.has('service_role')).toBe(false);
    // The query that read them left the session's own unchanged.
    expect((await db.sql.query(`select current_setting('statement_timeout') as t`)).rows).toEqual([
      { t: '0' },
    ]);
    await db.close();
  });

  it('a role without its own statement_timeout runs under the session’s, read with its settings', async () => {
    const res = await service(f.get()).rpc('request_settings', {}, { get: true });
    expect(res.data).toMatchObject({ statement_timeout: '0' });
    expect((await service(f.get()).rpc('series', { n: 3 })).data).toEqual([1, 2, 3]);
  });

  it('reads statement_timeout as SHOW prints it and sizes patterns by their bounded repetitions', () => {
    expect([timeoutMs('3s'), timeoutMs('8s'), timeoutMs('0'), timeoutMs('250ms'), timeoutMs('1min')]).toEqual(
      [3000, 8000, 0, 250, 60_000],
    );
    expect(regexSize('abc')).toBe(3);
    expect(regexSize('(a{1,50}){1,50}')).toBe(2500);
    expect(regexSize('((a{1,50}){1,50}){1,50}')).toBe(125_000);
    expect(regexSize('[a-z]{1,3}\\d')).toBe(4);
  });
});
