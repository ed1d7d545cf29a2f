import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { type Batch, batchTransaction, forgetPrepared } from './batch.ts';
import { createInterruptible, type Interruptible } from './interrupt.ts';
import { MIGRATIONS, migrate } from './migrations.ts';
import {
  type AppliedFiles,
  applyProject,
  EMPTY_PROJECT,
  type Project,
  projectHash,
} from './project-migrations.ts';

/** Anything that runs SQL: the database itself or an open transaction. */
export type Sql = Pick<Transaction, 'query'>;

export interface Database {
  readonly sql: Sql;
  /** Runs fn in one transaction; PGlite has a single connection, so transactions are serialized. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Runs fn in one transaction whose statements go in batches, one call into PGlite each (db/batch.ts). */
  batchTx<T>(fn: (run: Batch) => Promise<T>): Promise<T>;
  /** Closes batchTx's prepared statements before its next statements (db/batch.ts `forgetPrepared`). */
  forgetPrepared(): void;
  /**
   * Runs one call into the database (a single `query` of an open transaction, or one batch) under Postgres'
   * statement_timeout of `ms` (0: none), which PGlite cannot enforce itself: past it the statement that is running
   * fails with 57014, as on Postgres.
   */
  withTimeout<T>(ms: number, statement: () => Promise<T>): Promise<T>;
  /** LISTEN: `onPayload` gets each NOTIFY's payload on `channel` once its transaction commits. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Postgres' default shared_buffers (128 MB) is allocated and touched inside PGlite's WASM memory at start; a local
 * auth database fits in a few MB, so 16 MB of buffers cut an idle instance's RSS by about 110 MB.
 */
const SMALL = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

/**
 * initdb's settings for a new database. WAL segments of 1 MB instead of 16: PGlite keeps the data folder in memory
 * (and in every snapshot), where the current segment is a 16 MB file even when idle.
 */
const INITDB = { initDbStartParams: ['--wal-segsize=1'] };

/** A simple-protocol Query message: 'Q', its length (itself included), the text and a NUL. */
const ROLLBACK = new Uint8Array([0x51, 0, 0, 0, 13, ...new TextEncoder().encode('rollback'), 0]);

/** The extensions Supabase installs in `extensions` that PGlite ships (0006_supabase_platform.sql creates them). */
export const EXTENSIONS = { extensions: { pgcrypto, uuid_ossp } };
const OPTIONS = { ...SMALL, ...EXTENSIONS };

export interface OpenedDatabase extends Database {
  /** No database existed: it was made from a snapshot of every migration and seed file. */
  readonly fresh: boolean;
  /** The project's files this open applied (for a fresh database: all of them). */
  readonly applied: AppliedFiles;
}

/**
 * Opens the store: persistent under `<dataDir>/pgdata`, or in memory. A new database starts from a cached snapshot
 * of the fully migrated schema, the project's migrations and seed files included, in the OS temp folder (a fresh
 * initdb costs seconds, a snapshot load far less); an existing one gets the migration steps it lacks, then the
 * project's migrations it lacks.
 */
export async function openDatabase(
  dataDir: string | undefined,
  project: Project = EMPTY_PROJECT,
): Promise<OpenedDatabase> {
  let pg: PGlite;
  let interrupt: Interruptible;
  let applied: AppliedFiles = {
    migrations: project.migrations.map((m) => m.shown),
    seeds: project.seeds.map((s) => s.shown),
  };
  const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined;
  const fresh = !pgdata || !existsSync(path.join(pgdata, 'PG_VERSION'));
  if (!dataDir || !pgdata) {
    const image = await snapshot(project);
    ({ pg, interrupt } = await createInterruptible((patched) =>
      PGlite.create({ ...OPTIONS, ...patched, loadDataDir: image }),
    ));
  } else if (fresh) {
    // Built before the folder is made, so a failing file leaves no half-built database behind.
    const image = await snapshot(project);
    mkdirSync(dataDir, { recursive: true });
    ({ pg, interrupt } = await createInterruptible((patched) =>
      PGlite.create(pgdata, { ...OPTIONS, ...patched, loadDataDir: image }),
    ));
  } else {
    ({ pg, interrupt } = await createInterruptible((patched) =>
      PGlite.create(pgdata, { ...OPTIONS, ...patched }),
    ));
    try {
      await migrate(pg);
      applied = await applyProject(pg, project, false);
    } catch (err) {
      await interrupt.close();
      await pg.close();
      throw err;
    }
  }
  return {
    sql: pg,
    tx: async (fn) => {
      try {
        return await pg.transaction(fn);
      } catch (err) {
        // A statement that overflows the WebAssembly stack leaves PGlite's own ROLLBACK failing and the session in an
        // aborted transaction, where every later statement would fail (25P02): rolled back before the next one.
        // Under PGlite's own locks (exec would wait for the first), so no queued transaction runs in between.
        await pg._runExclusiveTransaction(() =>
          pg._runExclusiveQuery(async () => {
            if (pg.isInTransaction()) await pg.execProtocol(ROLLBACK, { throwOnError: false });
          }),
        );
        throw err;
      }
    },
    batchTx: (fn) => batchTransaction(pg, fn),
    forgetPrepared: () => forgetPrepared(pg),
    withTimeout: async (ms, statement) => {
      const outcome = await interrupt.limit(ms, statement);
      if ('result' in outcome) return outcome.result;
      const { error, timedOut } = outcome;
      // Postgres names the cause by the timer that fired; here the cancel came from the watchdog.
      if (timedOut && error instanceof Error && (error as { code?: string }).code === '57014')
        error.message = 'canceling statement due to statement timeout';
      throw error;
    },
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    close: async () => {
      await interrupt.close();
      await pg.close();
    },
    fresh,
    applied,
  };
}

const SNAPSHOT_PREFIX = 'polyglot-auth-pglite-';
/** Part of every snapshot's key: snapshots dumped before the CHECKPOINT below are never loaded again. */
const SNAPSHOT_FORMAT = 'checkpointed';
const PROJECT_SNAPSHOT_PREFIX = 'polyglot-project-pglite-';
/**
 * Each edit of a migration makes a new project snapshot (about 40 MB): writing one deletes those unused for an hour
 * and all but the most recently used few.
 */
const PROJECT_SNAPSHOT_TTL_MS = 60 * 60 * 1000;
const PROJECT_SNAPSHOTS_KEPT = 8;

/**
 * A new database as a tarball: the internal steps, built once per set of steps and PGlite version; with project
 * files, that plus the migrations and seed files, built once per their content.
 */
async function snapshot(project: Project): Promise<Blob> {
  const hash = createHash('sha256')
    .update(pgliteVersion())
    .update(JSON.stringify(INITDB))
    .update(SNAPSHOT_FORMAT);
  for (const step of MIGRATIONS) hash.update(`${step.version}:${step.sql}`);
  const base = hash.digest('hex');
  const baseFile = path.join(os.tmpdir(), `${SNAPSHOT_PREFIX}${base.slice(0, 16)}.tar`);
  const baseImage = () =>
    cached(baseFile, async () => {
      const pg = await PGlite.create({ ...INITDB, ...EXTENSIONS });
      await migrate(pg);
      return pg;
    });
  if (project.migrations.length === 0 && project.seeds.length === 0) return baseImage();
  const key = createHash('sha256').update(base).update(projectHash(project)).digest('hex').slice(0, 16);
  const file = path.join(os.tmpdir(), `${PROJECT_SNAPSHOT_PREFIX}${key}.tar`);
  touch(file);
  return cached(file, async () => {
    pruneProjectSnapshots(file);
    const pg = await PGlite.create({ ...OPTIONS, loadDataDir: await baseImage() });
    try {
      await applyProject(pg, project, true);
    } catch (err) {
      await pg.close();
      throw err;
    }
    return pg;
  });
}

/**
 * A snapshot for one PGlite.create, which reads it once (`arrayBuffer()`) and then keeps the object for as long as
 * the database runs: a plain Blob would hold its 30-40 MB all that time. This one lets go of its bytes once read.
 */
class SnapshotImage extends Blob {
  #bytes: Uint8Array | undefined;

  constructor(bytes: Uint8Array) {
    super();
    this.#bytes = bytes;
  }

  override get size(): number {
    return this.#bytes?.byteLength ?? 0;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#bytes;
    if (!bytes) throw new Error('a database snapshot is read once');
    this.#bytes = undefined;
    const { buffer, byteOffset, byteLength } = bytes;
    // A whole file read has its buffer to itself: handed over as it is, not copied.
    if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) return buffer;
    return buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer;
  }
}

/** The snapshot in `file`, or the database `build` makes, dumped there. */
async function cached(file: string, build: () => Promise<PGlite>): Promise<Blob> {
  // Read whole, not as a file-backed Blob: another checkout's server may replace or prune the file while PGlite
  // reads it ("NotReadableError: The blob could not be read"); a file gone meanwhile is built again.
  try {
    return new SnapshotImage(readFileSync(file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const pg = await build();
  // A dump of a live cluster starts like one after a crash: WAL is replayed and every sequence jumps past the 32
  // values Postgres logs ahead (a seed's ids 1-4, then 34). A checkpoint first makes the copy a clean one.
  await pg.exec('checkpoint');
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  // Write-then-rename so parallel test workers never read a half-written snapshot.
  const tmp = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
  return new SnapshotImage(bytes);
}

/** Marks a project snapshot as used, so pruning keeps it. */
function touch(file: string): void {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Deletes the project snapshots beside `keep` (the one being written) that the rule above lets go. */
function pruneProjectSnapshots(keep: string): void {
  const dir = path.dirname(keep);
  const cutoff = Date.now() - PROJECT_SNAPSHOT_TTL_MS;
  const others = readdirSync(dir)
    .filter((name) => name.startsWith(PROJECT_SNAPSHOT_PREFIX) && name.endsWith('.tar'))
    .map((name) => path.join(dir, name))
    .filter((file) => file !== keep)
    .flatMap((file) => {
      try {
        return [{ file, used: statSync(file).mtimeMs }];
      } catch (err) {
        // Another process pruned it first.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
    })
    .sort((a, b) => b.used - a.used);
  others.forEach(({ file, used }, i) => {
    if (used < cutoff || i >= PROJECT_SNAPSHOTS_KEPT - 1) rmSync(file, { force: true });
  });
}

/** Snapshots are only valid for the PGlite build that wrote them. */
function pgliteVersion(): string {
  const entry = new URL(import.meta.resolve('@electric-sql/pglite'));
  const pkg = path.join(path.dirname(path.dirname(entry.pathname)), 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}
