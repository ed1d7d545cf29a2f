import { readFileSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_API_CONFIG } from '../../local-supabase/src/config/api.ts';
import { signAccessToken } from '../../local-supabase/src/crypto/jwt.ts';
import {
  PUBLISHABLE_KEY,
  SECRET_KEY,
  loadSigningKey,
  type SigningKey,
} from '../../local-supabase/src/crypto/keys.ts';
import { type Database, openDatabase } from '../../local-supabase/src/db/database.ts';
import { type RestState, SchemaCacheStore, handleRest } from '../../local-supabase/src/rest/handler.ts';

const FIXTURE = new URL(
  './fixtures/rest-project/migrations/20260101000000_rest_contract.sql',
  import.meta.url,
);
const BASE = 'http://rest.test';

export interface RestFixture {
  db: Database;
  key: SigningKey;
  url: string;
  fetch: typeof fetch;
}

/** One database with the fixture schema per test file, and the Data API over it. */
export function restForFile(): { get: () => RestFixture } {
  let fixture: RestFixture | undefined;
  beforeAll(async () => {
    const db = await openDatabase(undefined);
    await db.sql.query(`set role postgres`);
    await (db.sql as unknown as { exec: (s: string) => Promise<unknown> }).exec(
      readFileSync(FIXTURE, 'utf8'),
    );
    const key = await loadSigningKey(undefined);
    const state: RestState = {
      db,
      key,
      api: DEFAULT_API_CONFIG,
      cache: new SchemaCacheStore(db, DEFAULT_API_CONFIG.schemas),
    };
    const restFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname.replace(/^\/rest\/v1/, '');
      return handleRest(state, request, path);
    }) as typeof fetch;
    fixture = { db, key, url: BASE, fetch: restFetch };
  });
  afterAll(async () => {
    await fixture?.db.close();
  });
  return {
    get: () => {
      if (!fixture) throw new Error('not started');
      return fixture;
    },
  };
}

const nodeAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

export function anon(f: RestFixture): SupabaseClient {
  return createClient(f.url, PUBLISHABLE_KEY, { auth: nodeAuth, global: { fetch: f.fetch } });
}

export function service(f: RestFixture): SupabaseClient {
  return createClient(f.url, SECRET_KEY, { auth: nodeAuth, global: { fetch: f.fetch } });
}

export async function userToken(f: RestFixture, sub: string, expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signAccessToken(f.key, {
    sub,
    aud: 'authenticated',
    role: 'authenticated',
    email: `${sub.slice(0, 8)}@example.com`,
    phone: '',
    app_metadata: {},
    user_metadata: {},
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: crypto.randomUUID(),
    is_anonymous: false,
    iat: now,
    exp: now + expiresIn,
  });
}

export async function user(
  f: RestFixture,
  sub = crypto.randomUUID(),
): Promise<{ id: string; client: SupabaseClient }> {
  const token = await userToken(f, sub);
  const client = createClient(f.url, PUBLISHABLE_KEY, {
    auth: nodeAuth,
    global: { fetch: f.fetch, headers: { Authorization: `Bearer ${token}` } },
  });
  return { id: sub, client };
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
