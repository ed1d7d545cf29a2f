import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeedConfig } from '../../local-supabase/src/config/config.ts';
import { openDatabase, type OpenedDatabase } from '../../local-supabase/src/db/database.ts';
import { loadProject } from '../../local-supabase/src/db/project-migrations.ts';

// The database tests of supabase/tests/ on the local server's own database (PGlite, built from supabase/migrations
// and the seed as the server builds it), with the same pgTAP (tests/postgres/pgtap-1.2.0.sql, loaded as a script)
// and the same fixtures as `npm run test:postgres` on PostgreSQL 17. Each file runs as pg_prove runs it there: one
// session as `authenticator`, its statements in order, the TAP lines its selects return read as pg_prove reads
// them. A policy or grant that behaves differently on the two engines fails on one of them.

const root = path.resolve('.');
const testsDir = path.join(root, 'supabase/tests');
const files = readdirSync(testsDir).filter((file) => file.endsWith('.sql'));
let db: OpenedDatabase;

beforeAll(async () => {
  db = await openDatabase(
    undefined,
    loadProject(path.join(root, 'supabase'), loadSeedConfig(path.join(root, 'supabase/config.toml'))),
  );
  const pg = db.sql as unknown as { exec(sql: string): Promise<unknown> };
  await pg.exec(`set search_path = extensions;
${readFileSync(path.join(root, 'tests/postgres/pgtap-1.2.0.sql'), 'utf8')}
reset search_path;
grant usage on schema extensions to authenticator;`);
  await pg.exec(readFileSync(path.join(root, 'tests/postgres/fixtures.sql'), 'utf8'));
}, 120_000);
afterAll(() => db?.close());

interface Tap {
  planned: number | undefined;
  results: { ok: boolean; line: string }[];
  diagnostics: string[];
}

/** TAP as pg_prove's parser reads it: the plan, each test line, and the `#` diagnostics. */
function parseTap(lines: string[]): Tap {
  const tap: Tap = { planned: undefined, results: [], diagnostics: [] };
  for (const line of lines) {
    const plan = /^1\.\.(\d+)$/.exec(line);
    if (plan) tap.planned = Number(plan[1]);
    else if (/^(not )?ok \d+/.test(line)) tap.results.push({ ok: !line.startsWith('not'), line });
    else if (line.startsWith('#')) tap.diagnostics.push(line);
  }
  return tap;
}

async function runAsAuthenticator(sql: string): Promise<string[]> {
  const pg = db.sql as unknown as {
    exec(sql: string): Promise<{ rows: Record<string, unknown>[] }[]>;
  };
  await pg.exec('set session authorization authenticator');
  try {
    const results = await pg.exec(sql);
    return results.flatMap((r) =>
      r.rows.flatMap((row) =>
        Object.values(row).flatMap((v) => (typeof v === 'string' ? v.split('\n') : [])),
      ),
    );
  } catch (error) {
    // A statement that fails leaves the file's transaction open and aborted, as psql would.
    await pg.exec('rollback');
    throw error;
  } finally {
    await pg.exec('reset session authorization');
  }
}

describe('the pgTAP files of supabase/tests on the local server database (PGlite)', () => {
  it('finds the database tests', () => {
    expect(files).toEqual(expect.arrayContaining(['notes.test.sql', 'user-sessions.test.sql']));
  });

  it('reads a failing assertion and a missing test as pg_prove does', async () => {
    const tap = parseTap(
      await runAsAuthenticator(`begin;
set local search_path = public, extensions;
select plan(3);
select ok(true, 'holds');
select is(1, 2, 'one is two');
select * from finish();
rollback;`),
    );
    expect(tap.planned).toBe(3);
    expect(tap.results.filter((r) => !r.ok).map((r) => r.line)).toEqual(['not ok 2 - one is two']);
    expect(tap.diagnostics).toContain('# Looks like you planned 3 tests but ran 2');
  });

  it.each(files)('%s passes', async (file) => {
    const tap = parseTap(await runAsAuthenticator(readFileSync(path.join(testsDir, file), 'utf8')));
    const failed = tap.results.filter((r) => !r.ok).map((r) => r.line);
    expect(failed, tap.diagnostics.join('\n')).toEqual([]);
    expect(tap.planned, 'a plan, as pg_prove wants').toBeGreaterThan(0);
    expect(tap.results).toHaveLength(tap.planned!);
  });
});
