import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema.ts';

/** Anything that runs SQL: the database itself or an open transaction. */
export type Sql = Pick<Transaction, 'query'>;

export interface Database {
  readonly sql: Sql;
  /** Runs fn in one transaction; PGlite has a single connection, so transactions are serialized. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the store: persistent under `<dataDir>/pgdata`, or in memory. In-memory databases start from a cached,
 * already-migrated snapshot in the OS temp folder, since a fresh initdb costs seconds and a snapshot load ~0.3 s.
 */
export async function openDatabase(dataDir: string | undefined): Promise<Database> {
  let pg: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    pg = await PGlite.create(path.join(dataDir, 'pgdata'));
    await migrate(pg);
  } else {
    pg = await openMemory();
  }
  return {
    sql: pg,
    tx: (fn) => pg.transaction(fn),
    close: () => pg.close(),
  };
}

async function migrate(pg: PGlite): Promise<void> {
  const current = await pg.query<{ version: number }>(
    "select version from auth.local_schema where to_regclass('auth.local_schema') is not null",
  ).catch(() => ({ rows: [] as { version: number }[] }));
  if (current.rows[0]?.version !== SCHEMA_VERSION) await pg.exec(SCHEMA_SQL);
}

async function openMemory(): Promise<PGlite> {
  const key = createHash('sha256').update(SCHEMA_SQL).update(pgliteVersion()).digest('hex').slice(0, 16);
  const snapshot = path.join(os.tmpdir(), `polyglot-auth-pglite-${key}.tar`);
  if (existsSync(snapshot)) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]) });
    } catch {
      // A truncated or foreign snapshot: fall through and rebuild it.
    }
  }
  const pg = await PGlite.create();
  await pg.exec(SCHEMA_SQL);
  const dump = await pg.dumpDataDir('none');
  const tmp = `${snapshot}.${process.pid}.${Date.now()}`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, snapshot);
  return pg;
}

/** Snapshots are only valid for the PGlite build that wrote them. */
function pgliteVersion(): string {
  const entry = new URL(import.meta.resolve('@electric-sql/pglite'));
  const pkg = path.join(path.dirname(path.dirname(entry.pathname)), 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}
