import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig, format } from 'prettier';
import { loadApiSchemas } from '../config/api.ts';
import { openDatabase } from './database.ts';
import { generateTypes } from './types-gen.ts';

/** Where `npm run db:types` writes, relative to the project root; the app imports the Database type from it. */
export const TYPES_FILE = 'lib/supabase/database.types.ts';

/**
 * The PostgREST version named in `__InternalSupabase` (the CLI's pinned image, postgrest/postgrest v14.12; hosted
 * projects answer their own through `supabase gen types --linked`).
 */
export const POSTGREST_VERSION = '14.12';

/**
 * The project's types as `supabase gen types typescript --local` writes them, formatted with the project's Prettier
 * settings: a fresh in-memory database, `supabase/migrations/*.sql` applied in order, the `[api] schemas` of
 * `supabase/config.toml` read.
 */
export async function projectTypes(root: string): Promise<string> {
  const configPath = path.join(root, 'supabase', 'config.toml');
  const db = await openDatabase(undefined);
  try {
    const dir = path.join(root, 'supabase', 'migrations');
    const files = existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith('.sql'))
      : [];
    for (const { name } of files.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      await db.execScript(readFileSync(path.join(dir, name), 'utf8'));
    }
    const types = await generateTypes(db.sql, {
      schemas: loadApiSchemas(configPath),
      postgrestVersion: POSTGREST_VERSION,
    });
    const file = path.join(root, TYPES_FILE);
    return format(types, { ...(await resolveConfig(file)), filepath: file });
  } finally {
    await db.close();
  }
}
