import { readdirSync, readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Versioned schema steps, as GoTrue's migrations/ with its schema_migrations table: each file
 * `migrations/NNNN_name.sql` runs once, in order, in its own transaction, and is recorded in
 * auth.schema_migrations. A shipped step is never edited; a schema change is the next numbered file.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const DIR = new URL('./migrations/', import.meta.url);
const FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

function loadMigrations(): Migration[] {
  const steps = readdirSync(DIR)
    .map((file) => ({ file, m: FILE.exec(file) }))
    .filter((f): f is { file: string; m: RegExpExecArray } => f.m !== null)
    .map(({ file, m }) => ({
      version: Number(m[1]),
      name: m[2]!,
      sql: readFileSync(new URL(file, DIR), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  steps.forEach((step, i) => {
    if (step.version !== i + 1)
      throw new Error(`migrations: expected step ${i + 1}, found ${step.version}_${step.name}`);
  });
  return steps;
}

export const MIGRATIONS: readonly Migration[] = loadMigrations();

/** The step a database made before numbered migrations (it has auth.local_schema) already contains. */
const LEGACY_STEP = 1;

/** Brings the database up to the last step; returns the versions it applied. */
export async function migrate(pg: PGlite, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  await pg.exec(`
    create schema if not exists auth;
    create table if not exists auth.schema_migrations (
      version int primary key,
      name text not null,
      applied_at timestamptz not null default now()
    );`);
  let applied = await appliedVersions(pg);
  if (applied.size === 0 && (await hasLegacyMarker(pg))) {
    const step = migrations[LEGACY_STEP - 1]!;
    await pg.query('insert into auth.schema_migrations (version, name) values ($1, $2)', [
      step.version,
      step.name,
    ]);
    applied = new Set([step.version]);
  }
  const newest = Math.max(0, ...applied);
  if (newest > migrations.length) {
    throw new Error(
      `the database was migrated by a newer auth server (step ${newest}, this one knows ${migrations.length}); use a newer checkout or delete the data folder`,
    );
  }
  const ran: number[] = [];
  for (const step of migrations) {
    if (applied.has(step.version)) continue;
    await pg.transaction(async (tx) => {
      await tx.exec(step.sql);
      await tx.query('insert into auth.schema_migrations (version, name) values ($1, $2)', [
        step.version,
        step.name,
      ]);
    });
    ran.push(step.version);
  }
  return ran;
}

async function appliedVersions(pg: PGlite): Promise<Set<number>> {
  const rows = (await pg.query<{ version: number }>('select version from auth.schema_migrations')).rows;
  return new Set(rows.map((r) => r.version));
}

async function hasLegacyMarker(pg: PGlite): Promise<boolean> {
  const row = (
    await pg.query<{ found: boolean }>("select to_regclass('auth.local_schema') is not null as found")
  ).rows[0];
  return row?.found === true;
}
