import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SECRET_KEY } from '../../local-supabase/src/crypto/keys.ts';
import type { LocalSupabaseOptions, RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import { anonClient, authServerForFile, signedInUser } from './helpers.ts';

/**
 * Example policies as a project writes them (Supabase's access-control guide): in `private` and `limited`, a user
 * writes, reads, replaces and deletes only under a folder named by their id; anyone signed in reads `private/shared/…`;
 * `public-bucket` takes uploads from signed-in users in their folder and is readable by URL; buckets are visible to
 * everyone signed in. Anonymous callers have no policy on objects.
 */
export const EXAMPLE_POLICIES = `
insert into storage.buckets (id, name, public) values ('private', 'private', false), ('public-bucket', 'public-bucket', true);
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('limited', 'limited', false, 1024, array['image/png', 'text/*']);

create policy "buckets are visible to signed-in users" on storage.buckets
  for select to authenticated using (true);
create policy "users write in their folder" on storage.objects for insert to authenticated
  with check ((storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users read their files" on storage.objects for select to authenticated
  using (owner_id = (select auth.uid())::text);
create policy "signed-in users read shared files" on storage.objects for select to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = 'shared');
create policy "users replace their files" on storage.objects for update to authenticated
  using (owner_id = (select auth.uid())::text)
  with check ((storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users delete their files" on storage.objects for delete to authenticated
  using (owner_id = (select auth.uid())::text);
`;

/** A project folder in the temp dir whose one migration is `sql`. */
export function projectWith(sql: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storage-project-'));
  mkdirSync(path.join(dir, 'migrations'));
  writeFileSync(path.join(dir, 'migrations', '20260101000000_storage_policies.sql'), sql);
  return dir;
}

export function storageServerForFile(options: LocalSupabaseOptions = {}): {
  get: () => RunningLocalSupabase;
} {
  return authServerForFile({ projectDir: projectWith(EXAMPLE_POLICIES), ...options });
}

const nodeAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

export const serviceClient = (server: RunningLocalSupabase): SupabaseClient =>
  createClient(server.url, SECRET_KEY, { auth: nodeAuth });

export interface Users {
  alice: { id: string; client: SupabaseClient };
  bob: { id: string; client: SupabaseClient };
  anon: SupabaseClient;
}

export async function users(server: RunningLocalSupabase): Promise<Users> {
  const a = await signedInUser(server);
  const b = await signedInUser(server);
  return {
    alice: { id: a.userId, client: a.client },
    bob: { id: b.userId, client: b.client },
    anon: anonClient(server),
  };
}

/** The access token a signed-in client sends. */
export async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}
