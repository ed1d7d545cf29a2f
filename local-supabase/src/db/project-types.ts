import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig, format } from 'prettier';
import { loadApiConfig } from '../config/api.ts';
import { openDatabase } from './database.ts';
import { loadProject } from './project-migrations.ts';
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
 * settings: a fresh in-memory database with `supabase/migrations` applied, over the `[api] schemas` of
 * `supabase/config.toml`.
 */
export async function projectTypes(root: string): Promise<string> {
  const configPath = path.join(root, 'supabase', 'config.toml');
  // Seeds add rows, not types.
  const db = await openDatabase(undefined, loadProject(path.join(root, 'supabase'), { enabled: false }));
  try {
    const types = await generateTypes(db.sql, {
      schemas: loadApiConfig(existsSync(configPath) ? configPath : undefined).schemas,
      postgrestVersion: POSTGREST_VERSION,
    });
    const file = path.join(root, TYPES_FILE);
    return format(types, { ...(await resolveConfig(file)), filepath: file });
  } finally {
    await db.close();
  }
}
