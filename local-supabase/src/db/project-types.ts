import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadApiConfig } from '../config/api.ts';
import { openDatabase } from './database.ts';
import { loadProject } from './project-migrations.ts';
import { generateTypes } from './types-gen.ts';

/** Where `npm run db:types` writes, relative to the project root; the app imports the Database type from it. */
export const TYPES_FILE = 'lib/supabase/database.types.ts';

/**
 * The project's types as `supabase gen types typescript` (CLI 3.1.0) writes them for the project's database, byte for
 * byte: a fresh in-memory database with `supabase/migrations` applied, over the `[api] schemas` of
 * `supabase/config.toml`. Not formatted (the CLI prints its template as is), so Prettier leaves the file alone.
 */
export async function projectTypes(root: string): Promise<string> {
  const configPath = path.join(root, 'supabase', 'config.toml');
  // Seeds add rows, not types.
  const db = await openDatabase(undefined, loadProject(path.join(root, 'supabase'), { enabled: false }));
  try {
    return await generateTypes(db.sql, {
      schemas: loadApiConfig(existsSync(configPath) ? configPath : undefined).schemas,
    });
  } finally {
    await db.close();
  }
}
