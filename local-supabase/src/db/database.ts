import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openAsBlob, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { MIGRATIONS, migrate } from './migrations.ts';

/** Anything that runs SQL: the database itself or an open transaction. */
export type Sql = Pick<Transaction, 'query'>;

export interface Database {
  readonly sql: Sql;
  /** Runs fn in one transaction; PGlite has a single connection, so transactions are serialized. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Runs a script of several statements in one transaction (a project migration). */
  execScript(script: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Postgres' default shared_buffers (128 MB) is allocated and touched inside PGlite's WASM memory at start; a local
 * auth database fits in a few MB, so 16 MB of buffers cut an idle instance's RSS by about 110 MB.
 */
const SMALL = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

/** The extensions Supabase installs in `extensions` that PGlite ships (0006_supabase_platform.sql creates them). */
export const EXTENSIONS = { extensions: { pgcrypto, uuid_ossp } };
const OPTIONS = { ...SMALL, ...EXTENSIONS };

/**
 * Opens the store: persistent under `<dataDir>/pgdata`, or in memory. A new database starts from a cached snapshot
 * of the fully migrated schema in the OS temp folder (a fresh initdb costs seconds, a snapshot load far less); an
 * existing one gets the migration steps it lacks.
 */
export async function openDatabase(dataDir: string | undefined): Promise<Database> {
  let pg: PGlite;
  if (dataDir) {
    const pgdata = path.join(dataDir, 'pgdata');
    const fresh = !existsSync(path.join(pgdata, 'PG_VERSION'));
    mkdirSync(dataDir, { recursive: true });
    pg = await PGlite.create(pgdata, fresh ? { ...OPTIONS, loadDataDir: await snapshot() } : OPTIONS);
    await migrate(pg);
  } else {
    pg = await PGlite.create({ ...OPTIONS, loadDataDir: await snapshot() });
  }
  return {
    sql: pg,
    tx: (fn) => pg.transaction(fn),
    execScript: async (script) => {
      await pg.transaction((tx) => tx.exec(script));
    },
    close: () => pg.close(),
  };
}

/** The migrated empty database as a tarball, built once per set of migration steps and PGlite version. */
async function snapshot(): Promise<Blob> {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const step of MIGRATIONS) hash.update(`${step.version}:${step.sql}`);
  const file = path.join(os.tmpdir(), `polyglot-auth-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  // A file-backed Blob: PGlite reads it once, with no second copy held while it loads.
  if (existsSync(file)) return openAsBlob(file);
  const pg = await PGlite.create(EXTENSIONS);
  await migrate(pg);
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  // Write-then-rename so parallel test workers never read a half-written snapshot.
  const tmp = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
  return new Blob([bytes]);
}

/** Snapshots are only valid for the PGlite build that wrote them. */
function pgliteVersion(): string {
  const entry = new URL(import.meta.resolve('@electric-sql/pglite'));
  const pkg = path.join(path.dirname(path.dirname(entry.pathname)), 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}
