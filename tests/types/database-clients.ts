// Checked by `npm run typecheck`, never run: the app's Supabase clients are typed from the generated Database
// (lib/supabase/database.types.ts, `npm run db:types`), so each line marked below must stay a type error.
import { createServerClient } from '@supabase/ssr';
import { createClient } from '@supabase/supabase-js';
import type { createSupabaseAdminClient } from '@/lib/supabase/admin';
// eslint-disable-next-line no-restricted-imports -- the type of the client lib/session/edge.ts makes
import type { createSupabaseEdgeClient } from '@/lib/supabase/edge';
import type { SessionClient } from '@/lib/session/server';
import type {
  Database as Fixture,
  Enums,
  Tables,
  TablesInsert,
} from '../local-supabase/fixtures/database-types/expected';

declare const server: SessionClient;
declare const edge: ReturnType<typeof createSupabaseEdgeClient>;
declare const admin: ReturnType<typeof createSupabaseAdminClient>;

// The public schema has no tables yet: any table name is wrong.
// @ts-expect-error: no such table
export const serverTable = server.from('no_such_table');
// @ts-expect-error: no such table
export const edgeTable = edge.from('no_such_table');
// @ts-expect-error: no such table
export const adminTable = admin.from('no_such_table');
// @ts-expect-error: no such function
export const serverRpc = server.rpc('no_such_function');

// A generated Database with tables (the generator's fixture, tests/local-supabase/types-gen.test.ts).
const ssr = createServerClient<Fixture>('http://127.0.0.1:54321', 'key', { cookies: { getAll: () => [] } });
const js = createClient<Fixture>('http://127.0.0.1:54321', 'key');

export const profiles = ssr.from('profiles').select('handle, mood');
// @ts-expect-error: no such table
export const misspeltTable = ssr.from('profile');
// @ts-expect-error: `handle` is required and `nickname` is no column
export const badInsert = js.from('profiles').insert({ nickname: 'ada' });
// @ts-expect-error: `id` is GENERATED ALWAYS
export const identityInsert = js.from('posts').insert({ id: 1, author_id: 'a', 'Title with spaces': 't' });
// @ts-expect-error: not a value of the mood enum
export const badEnum = js.from('profiles').update({ mood: 'angry' });
// @ts-expect-error: `a` is a number
export const badArgs = js.rpc('add', { a: 'one' });

export const row: Tables<'profiles'> | null = null;
export const insert: TablesInsert<'profiles'> = { handle: 'ada' };
export const mood: Enums<'mood'> = "it's complicated";
