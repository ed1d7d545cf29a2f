import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { HS256_SECRET, SECRET_KEY } from '../../local-supabase/src/crypto/keys.ts';
import type { RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import { anonClient, authServerForFile, signedInUser } from './helpers.ts';

/** A project folder (migrations/) with the contract tests' schema. */
const FIXTURE_PROJECT = fileURLToPath(new URL('./fixtures/rest-project', import.meta.url));

export interface RestFixture {
  server: RunningLocalSupabase;
  url: string;
  fetch: typeof fetch;
}

/** One in-memory server per test file over the fixture project, on free ports. */
export function restForFile(): { get: () => RestFixture } {
  const server = authServerForFile({ projectDir: FIXTURE_PROJECT });
  return {
    get: () => {
      const s = server.get();
      return { server: s, url: s.url, fetch: globalThis.fetch };
    },
  };
}

const nodeAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

export function anon(f: RestFixture): SupabaseClient {
  return anonClient(f.server);
}

export function service(f: RestFixture): SupabaseClient {
  return createClient(f.url, SECRET_KEY, { auth: nodeAuth });
}

/** An access token signed with the local HS256 secret, which Auth and the Data API both accept (expired if asked). */
export async function userToken(sub: string, expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 3600)
    .setExpirationTime(now + expiresIn)
    .sign(HS256_SECRET);
}

/** A confirmed user signed in through Auth: their client sends their access token. */
export async function user(f: RestFixture): Promise<{ id: string; client: SupabaseClient }> {
  const { client, userId } = await signedInUser(f.server);
  return { id: userId, client };
}

export interface Seeded {
  alice: { id: string; client: SupabaseClient };
  bob: { id: string; client: SupabaseClient };
  /** Note ids by title. */
  notes: Record<string, number>;
  teams: Record<string, number>;
  labels: Record<string, number>;
}

/**
 * Two users with profiles, a team, notes (alice: 'a-public' published, 'a-draft' and 'a-rated'; bob: 'b-public'
 * published, 'b-draft'), labels on notes through note_labels, comments and a message, written as service_role.
 */
export async function seed(f: RestFixture): Promise<Seeded> {
  const admin = service(f);
  const alice = await user(f);
  const bob = await user(f);
  const must = <T>(r: { data: T | null; error: unknown }): T => {
    if (r.error) throw new Error(JSON.stringify(r.error));
    return r.data!;
  };
  must(
    await admin.from('profiles').insert([
      { id: alice.id, username: 'alice' },
      { id: bob.id, username: 'bob' },
    ]),
  );
  const teams = must(
    await admin
      .from('teams')
      .insert([{ name: 'red' }, { name: 'blue' }])
      .select('id, name'),
  );
  const teamId = (name: string) => teams.find((t) => t.name === name)!.id as number;
  const rows = [
    {
      owner_id: alice.id,
      team_id: teamId('red'),
      title: 'a-public',
      body: 'the quick brown fox',
      tags: ['x', 'y'],
      meta: { lang: 'en', n: 1 },
      rating: 5,
      published: true,
    },
    {
      owner_id: alice.id,
      team_id: teamId('red'),
      title: 'a-draft',
      body: 'lazy dogs sleep',
      tags: ['y'],
      meta: { lang: 'de', n: 2 },
      rating: null,
      published: false,
    },
    {
      owner_id: alice.id,
      team_id: null,
      title: 'a-rated',
      body: null,
      tags: [],
      meta: {},
      rating: 2,
      published: false,
    },
    {
      owner_id: bob.id,
      team_id: teamId('blue'),
      title: 'b-public',
      body: 'jumps over',
      tags: ['z'],
      meta: { lang: 'fr', n: 3 },
      rating: 4,
      published: true,
    },
    {
      owner_id: bob.id,
      team_id: teamId('blue'),
      title: 'b-draft',
      body: 'secret plans',
      tags: [],
      meta: {},
      rating: 1,
      published: false,
    },
  ];
  const inserted = must(await admin.from('notes').insert(rows).select('id, title'));
  const notes = Object.fromEntries(inserted.map((n) => [n.title as string, n.id as number]));
  const labels = must(
    await admin
      .from('labels')
      .insert([{ name: 'work' }, { name: 'home' }])
      .select('id, name'),
  );
  const labelId = (name: string) => labels.find((l) => l.name === name)!.id as number;
  must(
    await admin.from('note_labels').insert([
      { note_id: notes['a-public'], label_id: labelId('work') },
      { note_id: notes['a-public'], label_id: labelId('home') },
      { note_id: notes['b-public'], label_id: labelId('home') },
    ]),
  );
  must(
    await admin.from('comments').insert([
      { note_id: notes['a-public'], author_id: bob.id, body: 'nice' },
      { note_id: notes['a-public'], author_id: alice.id, body: 'thanks' },
    ]),
  );
  must(await admin.from('messages').insert([{ sender_id: alice.id, recipient_id: bob.id, body: 'hi bob' }]));
  return {
    alice,
    bob,
    notes,
    teams: Object.fromEntries(teams.map((t) => [t.name as string, t.id as number])),
    labels: Object.fromEntries(labels.map((l) => [l.name as string, l.id as number])),
  };
}
