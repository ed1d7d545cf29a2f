import { createHash } from 'node:crypto';
import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type Statement, splitStatements } from './sql-split.ts';

/**
 * The project's own schema, the Supabase CLI way: `supabase/migrations/<version>_<name>.sql` applied in order, each
 * once and in its own transaction, recorded in `supabase_migrations.schema_migrations` with the CLI's columns; then
 * on a fresh database the `[db.seed]` files, recorded in `supabase_migrations.seed_files`
 * (CLI `pkg/migration`: file.go, list.go, apply.go, history.go, seed.go).
 */

/** The CLI's file name pattern; the version is compared as text, as the CLI does. */
const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;

/** The remedy every refusal names; the server's README explains it. */
const RESET = '`npm run db:reset` rebuilds the local database from the files (its data is lost)';

interface SqlFile {
  /** The path shown in messages: relative to the working directory when inside it. */
  shown: string;
  sql: string;
  statements: Statement[];
}

export interface ProjectMigration extends SqlFile {
  version: string;
  name: string;
}

export interface SeedFile extends SqlFile {
  /** As the CLI records it: the supabase folder's name joined with the file's path inside it. */
  path: string;
  /** Hex SHA-256 of the file, as the CLI records it. */
  hash: string;
}

export interface Project {
  migrations: ProjectMigration[];
  seeds: SeedFile[];
}

export const EMPTY_PROJECT: Project = { migrations: [], seeds: [] };

/** `[db.seed]` of config.toml. `sqlPaths` undefined is the CLI's default, `./seed.sql`, which may be absent. */
export interface SeedConfig {
  enabled: boolean;
  sqlPaths?: string[];
}

/** Start-up stops with one of these: a migration that fails, changed, is missing or would run out of order. */
export class ProjectMigrationError extends Error {}

function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

function readSqlFile(file: string): SqlFile {
  const sql = readFileSync(file, 'utf8');
  return { shown: shownPath(file), sql, statements: splitStatements(sql) };
}

/** Reads `<projectDir>/migrations/*.sql` and the seed files; a missing folder means no migrations. */
export function loadProject(folder: string, seed: SeedConfig): Project {
  // Absolute, so a seed's recorded path starts with the folder's name even for `--project .`.
  const projectDir = path.resolve(folder);
  const dir = path.join(projectDir, 'migrations');
  const names = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.sql'))
        .map((e) => e.name)
        .sort()
    : [];
  const migrations = names.map((name): ProjectMigration => {
    const match = MIGRATION_FILE.exec(name);
    // The CLI skips such a file with a warning, so hosted Supabase would never get it.
    if (!match)
      throw new ProjectMigrationError(
        `${shownPath(path.join(dir, name))}: a migration's name must be <timestamp>_<name>.sql (\`supabase migration new <name>\` makes one)`,
      );
    return { version: match[1]!, name: match[2]!, ...readSqlFile(path.join(dir, name)) };
  });
  migrations.forEach((m, i) => {
    const twin = migrations[i + 1];
    if (twin?.version === m.version)
      throw new ProjectMigrationError(
        `${m.shown} and ${twin.shown} have the same version ${m.version}; each migration needs its own timestamp`,
      );
  });
  return { migrations, seeds: seed.enabled ? loadSeeds(projectDir, seed.sqlPaths) : [] };
}

/** The CLI's Glob.Files: each pattern's matches sorted, in the declared order, without duplicates. */
function loadSeeds(projectDir: string, sqlPaths: string[] | undefined): SeedFile[] {
  const files: string[] = [];
  for (const pattern of sqlPaths ?? ['./seed.sql']) {
    const matches = globSync(path.isAbsolute(pattern) ? pattern : path.join(projectDir, pattern))
      .map((f) => path.resolve(f))
      .sort();
    if (matches.length === 0 && sqlPaths !== undefined)
      throw new ProjectMigrationError(
        `config: [db.seed] sql_paths "${pattern}" matches no file in ${shownPath(projectDir)}`,
      );
    for (const file of matches) if (!files.includes(file)) files.push(file);
  }
  const folder = path.basename(projectDir);
  return files.map((file) => {
    const sqlFile = readSqlFile(file);
    return {
      ...sqlFile,
      path: path.posix.join(folder, path.relative(projectDir, file).split(path.sep).join('/')),
      hash: createHash('sha256').update(readFileSync(file)).digest('hex'),
    };
  });
}

/** Keys a snapshot of a database built from these files. */
export function projectHash(project: Project): string {
  const hash = createHash('sha256');
  for (const m of project.migrations) hash.update(`migration ${m.version}_${m.name}\0${m.sql}\0`);
  for (const s of project.seeds) hash.update(`seed ${s.path}\0${s.sql}\0`);
  return hash.digest('hex');
}

export interface AppliedFiles {
  /** The migration files applied, as shown paths. */
  migrations: string[];
  seeds: string[];
}

/**
 * Brings the database up to the project's files. A fresh database gets every migration and then the seed files;
 * an existing one only migrations newer than its last, after checking that those it has are unchanged.
 */
export async function applyProject(pg: PGlite, project: Project, fresh: boolean): Promise<AppliedFiles> {
  // As the CLI, the history table is made when there is something to record (an older one gains its columns).
  if (project.migrations.length > 0)
    await pg.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
      alter table supabase_migrations.schema_migrations add column if not exists statements text[];
      alter table supabase_migrations.schema_migrations add column if not exists name text;`);
  const history = (
    await pg.query<{ found: boolean }>(
      "select to_regclass('supabase_migrations.schema_migrations') is not null as found",
    )
  ).rows[0]!.found;
  const recorded = history
    ? (
        await pg.query<{ version: string; name: string; statements: string[] | null }>(
          "select version, coalesce(name, '') as name, statements from supabase_migrations.schema_migrations",
        )
      ).rows
    : [];
  const pending = pendingMigrations(project.migrations, recorded);
  const applied: AppliedFiles = { migrations: [], seeds: [] };
  try {
    for (const migration of pending) {
      // As the CLI: each file starts from default settings (a dump's `set search_path = ''` must not leak).
      await pg.exec('reset all');
      await pg.transaction(async (tx) => {
        await run(tx, migration, 'migration');
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, migration.statements.map((s) => s.text)],
        );
      });
      applied.migrations.push(migration.shown);
    }
    if (fresh && project.seeds.length > 0) {
      await pg.exec(`
        create schema if not exists supabase_migrations;
        create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null);`);
      for (const seed of project.seeds) {
        await pg.exec('reset all');
        await pg.transaction(async (tx) => {
          await run(tx, seed, 'seed file');
          await tx.query(
            'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
            [seed.path, seed.hash],
          );
        });
        applied.seeds.push(seed.shown);
      }
    }
  } finally {
    // The auth server shares this one connection.
    await pg.exec('reset all');
  }
  return applied;
}

/**
 * A statement without the comment lines before it. The CLI records what it ran but never compares it again, so a
 * reworded comment above a statement changes nothing on a hosted project; it is not an edit to refuse here either.
 * A comment inside a statement (a function body, say) is part of what Postgres stores, and still counts.
 */
function withoutLeadingComments(text: string): string {
  return text.replace(/^(?:\s*--[^\n]*(?:\n|$))*\s*/, '');
}

/** The CLI's FindPendingMigrations, refusing what `supabase db push` refuses and edits it cannot see. */
function pendingMigrations(
  local: ProjectMigration[],
  recorded: { version: string; name: string; statements: string[] | null }[],
): ProjectMigration[] {
  const byVersion = new Map(local.map((m) => [m.version, m]));
  for (const row of recorded) {
    const file = byVersion.get(row.version);
    if (!file)
      throw new ProjectMigrationError(
        `the local database has migration ${row.version}_${row.name} applied, but no file in migrations/ has version ${row.version}. Restore the file, or run ${RESET}.`,
      );
    const now = file.statements.map((s) => withoutLeadingComments(s.text));
    if (JSON.stringify(row.statements?.map(withoutLeadingComments)) !== JSON.stringify(now))
      throw new ProjectMigrationError(
        `${file.shown} changed after the local database applied it (its statements differ from those recorded in supabase_migrations.schema_migrations). Undo the edit and put the change in a new migration (\`supabase migration new <name>\`), or run ${RESET}.`,
      );
  }
  const applied = new Set(recorded.map((r) => r.version));
  const newest = [...applied].sort().at(-1);
  const pending = local.filter((m) => !applied.has(m.version));
  const early = pending.find((m) => newest !== undefined && m.version < newest);
  if (early)
    throw new ProjectMigrationError(
      `${early.shown} is older than ${newest}, the newest migration the local database has applied, so it would run out of order (\`supabase db push\` refuses it too). Give it a newer timestamp (\`supabase migration new <name>\`), or run ${RESET}.`,
    );
  return pending;
}

/** Runs a file statement by statement, as the CLI does; a failure names the file, the line and Postgres' message. */
async function run(tx: Transaction, file: SqlFile, kind: string): Promise<void> {
  for (const statement of file.statements) {
    try {
      await tx.query(statement.text);
    } catch (err) {
      if (!(err instanceof Error) || !('code' in err)) throw err;
      const pgError = err as Error & {
        code?: string;
        position?: string;
        detail?: string;
        hint?: string;
        where?: string;
      };
      const at = statement.offset + codeUnitIndex(statement.text, Number(pgError.position ?? 0));
      const line = file.sql.slice(0, at).split('\n').length;
      // Detail and hint as psql prints them; `where` places an error inside a function body or DO block.
      const more = [
        pgError.detail,
        pgError.hint && `hint: ${pgError.hint}`,
        pgError.where && `in ${pgError.where}`,
      ]
        .filter(Boolean)
        .join('; ');
      throw new ProjectMigrationError(
        `${kind} ${file.shown} failed at line ${line}: ${pgError.message}${more ? ` (${more})` : ''} [${pgError.code}]. Nothing of the file was applied; fix it and start again (${RESET}).`,
        { cause: err },
      );
    }
  }
}

/** Postgres' error position counts characters from 1; 0 (none) is the statement's start. */
function codeUnitIndex(text: string, position: number): number {
  let index = 0;
  for (let chars = 1; chars < position && index < text.length; chars++)
    index += text.codePointAt(index)! > 0xffff ? 2 : 1;
  return index;
}
