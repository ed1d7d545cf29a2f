import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_CONFIG } from '../../local-supabase/src/config/api.ts';
import { EXTENSIONS, openDatabase } from '../../local-supabase/src/db/database.ts';
import { generateTypes } from '../../local-supabase/src/db/types-gen.ts';

const FIXTURES = new URL('./fixtures/database-types/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create(EXTENSIONS);
  await pg.exec(fixture('schema.sql'));
});
afterAll(() => pg.close());

describe('supabase gen types typescript', () => {
  // expected.ts was checked against postgres-meta's template (src/server/templates/typescript.ts) rule by rule:
  // Insert optional for nullable / identity / default columns, `?: never` for GENERATED ALWAYS identities, computed
  // fields in Row, SetofOptions and [] for set-returning functions, the conflict and row-argument errors, foreign
  // keys through views, one-to-one when the key is also unique, enums outside the exposed schemas as unions.
  it('renders the fixture schema as the CLI does', async () => {
    const types = await generateTypes(pg, { schemas: ['public'], postgrestVersion: '14.12' });
    expect(types).toBe(fixture('expected.ts'));
  });

  it('sorts the schemas, always includes public, and leaves out schemas that do not exist', async () => {
    const types = await generateTypes(pg, { schemas: ['private', 'no_such_schema'] });
    const database = types.slice(0, types.indexOf('type DatabaseWithoutInternals'));
    expect([...database.matchAll(/^ {2}(\w+): \{$/gm)].map((m) => m[1])).toEqual(['private', 'public']);
    expect(types).toContain('level: Database["private"]["Enums"]["secret_level"] | null');
    expect(types).toContain('hidden: { Args: never; Returns: number }');
    expect(types).toContain('private: {\n    Enums: {\n      secret_level: ["low", "high"],');
    expect(types).not.toContain('__InternalSupabase: {');
  });

  it('renders graphql_public of a new local database as the CLI does for a local project', async () => {
    const db = await openDatabase(undefined);
    try {
      const types = await generateTypes(db.sql, { schemas: DEFAULT_API_CONFIG.schemas });
      expect(types).toContain(`  graphql_public: {
    Tables: {
      [_ in never]: never
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      graphql: {
        Args: {
          extensions?: Json
          operationName?: string
          query?: string
          variables?: Json
        }
        Returns: Json
      }
    }`);
      const [answer] = (await db.sql.query<{ r: unknown }>('select graphql_public.graphql() as r')).rows;
      expect(answer?.r).toEqual({ errors: [{ message: 'pg_graphql extension is not enabled.' }] });
    } finally {
      await db.close();
    }
  });
});
