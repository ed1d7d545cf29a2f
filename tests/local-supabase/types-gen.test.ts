import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Json } from '../../lib/supabase/database.types.ts';
import { DEFAULT_API_CONFIG } from '../../local-supabase/src/config/api.ts';
import { EXTENSIONS, openDatabase } from '../../local-supabase/src/db/database.ts';
import { generateTypes } from '../../local-supabase/src/db/types-gen.ts';
import { authServerForFile, PUBLISHABLE_KEY } from './helpers.ts';

const FIXTURES = new URL('./fixtures/database-types/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create(EXTENSIONS);
  await pg.exec(fixture('schema.sql'));
});
afterAll(() => pg.close());

describe('supabase gen types typescript', () => {
  // expected.ts and expected-private.ts are what the Supabase CLI 3.1.0 printed for schema.sql on PostgreSQL 17
  // (`supabase gen types typescript --remote=<url> --schema public`, then `--schema private,no_such_schema`): every
  // rule its template has (ComputedFields, Record<PropertyKey, never> for no arguments, `?: never` for identity and
  // generated columns, SetofOptions, the overload and row-argument errors, keys through views, one-to-one keys,
  // not-null view columns traced to their tables, enums outside the exposed schemas as unions), byte for byte.
  it('renders the fixture schema as the CLI does', async () => {
    expect(await generateTypes(pg, { schemas: ['public'] })).toBe(fixture('expected.ts'));
  });

  it('renders only the schemas asked for that exist, defaulting the helpers to the first when public is not one', async () => {
    const types = await generateTypes(pg, { schemas: ['private', 'no_such_schema'] });
    expect(types).toBe(fixture('expected-private.ts'));
    expect(types).toContain(
      'type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "private">]',
    );
  });

  it('names the PostgREST version when asked, as the CLI does for a linked project', async () => {
    const types = await generateTypes(pg, { schemas: ['public'], postgrestVersion: '14.12' });
    expect(types).toContain(`export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: '14.12'
  }
  "public": {`);
  });

  it('renders graphql_public of a new local database as the CLI does for a project without pg_graphql', async () => {
    const db = await openDatabase(undefined);
    try {
      const types = await generateTypes(db.sql, { schemas: DEFAULT_API_CONFIG.schemas });
      expect(types).toContain(`  "graphql_public": {
          Tables: {
            [_ in never]: never
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            "graphql":
{ Args: { "extensions"?: Json,"operationName"?: string,"query"?: string,"variables"?: Json }; Returns: Json
                           }
          }`);
      const [answer] = (await db.sql.query<{ r: unknown }>('select graphql_public.graphql() as r')).rows;
      expect(answer?.r).toEqual({ errors: [{ message: 'pg_graphql extension is not enabled.' }] });
    } finally {
      await db.close();
    }
  });
});

describe('the generated types over the Data API', () => {
  const srv = authServerForFile();

  it('a client typed with lib/supabase/database.types.ts calls graphql_public.graphql() as typed', async () => {
    const client = createClient<Database>(srv.get().url, PUBLISHABLE_KEY, {
      auth: { persistSession: false },
    });
    const { data, error } = await client.schema('graphql_public').rpc('graphql', { query: '{ __typename }' });
    expect(error).toBeNull();
    expect(data satisfies Json | null).toEqual({
      errors: [{ message: 'pg_graphql extension is not enabled.' }],
    });
  });
});
