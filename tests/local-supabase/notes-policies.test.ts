import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { notesPerPage, searchFilter } from '@/lib/notes/note-schema';
import { adminClient, anonClient, authServerForFile, PASSWORD, uniqueEmail } from './helpers';

// The notes example's table (supabase/migrations/*_notes.sql) through supabase-js, as the app and hosted Supabase
// use it: each user sees and changes only their own notes, anon nothing, and the database holds the form's limits.

const server = authServerForFile();

interface User {
  id: string;
  client: SupabaseClient;
}

async function signedInUser(): Promise<User> {
  const email = uniqueEmail('notes');
  const { data, error } = await adminClient(server.get()).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
  const client = anonClient(server.get());
  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, client };
}

let alice: User;
let bob: User;
beforeAll(async () => {
  [alice, bob] = await Promise.all([signedInUser(), signedInUser()]);
});

async function aliceNote(title = 'Alice’s note', body = 'private') {
  const { data, error } = await alice.client
    .from('notes')
    .insert({ title, body })
    .select('id, user_id, title, body, created_at, updated_at')
    .single();
  expect(error).toBeNull();
  return data!;
}

async function rowAsAdmin(id: string) {
  const { data } = await adminClient(server.get()).from('notes').select('*').eq('id', id).maybeSingle();
  return data;
}

describe('notes: row-level security', () => {
  it('a new note belongs to its writer, with the times the database sets', async () => {
    const note = await aliceNote();
    expect(note.user_id).toBe(alice.id);
    expect(note.created_at).toBe(note.updated_at);
    const own = await alice.client.from('notes').select('id').eq('id', note.id).maybeSingle();
    expect(own.data).toEqual({ id: note.id });
  });

  it('another user reads none of it: not in a list, not by id, not in a count', async () => {
    const note = await aliceNote();
    const byId = await bob.client.from('notes').select('id').eq('id', note.id).maybeSingle();
    expect(byId).toMatchObject({ data: null, error: null, status: 200 });
    const list = await bob.client.from('notes').select('id', { count: 'exact' });
    expect(list.error).toBeNull();
    expect(list.data).toEqual([]);
    expect(list.count).toBe(0);
  });

  it('another user changes and deletes nothing, and the row stays as it was', async () => {
    const note = await aliceNote('Untouched', 'as written');
    const update = await bob.client
      .from('notes')
      .update({ title: 'Bob was here' })
      .eq('id', note.id)
      .select('id');
    expect(update).toMatchObject({ data: [], error: null });
    const removal = await bob.client.from('notes').delete().eq('id', note.id).select('id');
    expect(removal).toMatchObject({ data: [], error: null });
    expect(await rowAsAdmin(note.id)).toMatchObject({
      title: 'Untouched',
      body: 'as written',
      user_id: alice.id,
    });
  });

  it('a note cannot be written for someone else, nor moved to them', async () => {
    const forged = await bob.client.from('notes').insert({ title: 'Planted', user_id: alice.id });
    expect(forged.error?.code).toBe('42501');
    const note = await aliceNote();
    const moved = await alice.client.from('notes').update({ user_id: bob.id }).eq('id', note.id);
    expect(moved.error?.code).toBe('42501');
    const redated = await alice.client
      .from('notes')
      .update({ created_at: '2000-01-01T00:00:00Z' })
      .eq('id', note.id);
    expect(redated.error?.code).toBe('42501');
    expect(await rowAsAdmin(note.id)).toMatchObject({ user_id: alice.id, created_at: note.created_at });
  });

  it('anon reads and writes nothing', async () => {
    await aliceNote();
    const anon = anonClient(server.get());
    const read = await anon.from('notes').select('id');
    expect(read.error?.code).toBe('42501');
    const write = await anon.from('notes').insert({ title: 'Anonymous' });
    expect(write.error?.code).toBe('42501');
  });

  it('the owner deletes their note', async () => {
    const note = await aliceNote();
    const removal = await alice.client.from('notes').delete().eq('id', note.id).select('id');
    expect(removal).toMatchObject({ data: [{ id: note.id }], error: null });
    expect(await rowAsAdmin(note.id)).toBeNull();
  });
});

describe('notes: the database holds the form’s limits', () => {
  it.each([
    ['an empty title', { title: '', body: '' }],
    ['a title of spaces', { title: '   ', body: '' }],
    ['a title of 121 characters', { title: 'x'.repeat(121), body: '' }],
    ['a body of 10,001 characters', { title: 'ok', body: 'y'.repeat(10_001) }],
    ['no title', { body: 'no title' }],
  ])('refuses %s', async (_case, row) => {
    const { error } = await alice.client.from('notes').insert(row);
    expect(['23514', '23502']).toContain(error?.code);
  });

  it('takes 120 characters of title (of any script) and 10,000 of body', async () => {
    const { error } = await alice.client
      .from('notes')
      .insert({ title: 'م'.repeat(120), body: 'y'.repeat(10_000) });
    expect(error).toBeNull();
  });
});

describe('notes: the edit form’s version check', () => {
  it('every change moves updated_at, and a save against the old version changes nothing', async () => {
    const note = await aliceNote('Version 1');
    const first = await alice.client
      .from('notes')
      .update({ title: 'Version 2' })
      .eq('id', note.id)
      .eq('updated_at', note.updated_at)
      .select('updated_at')
      .single();
    expect(first.error).toBeNull();
    expect(first.data!.updated_at > note.updated_at).toBe(true);
    const stale = await alice.client
      .from('notes')
      .update({ title: 'Version 2, from the other tab' })
      .eq('id', note.id)
      .eq('updated_at', note.updated_at)
      .select('id');
    expect(stale).toMatchObject({ data: [], error: null });
    expect(await rowAsAdmin(note.id)).toMatchObject({ title: 'Version 2' });
  });
});

describe('notes: the list query the page runs', () => {
  let carol: User;
  beforeAll(async () => {
    carol = await signedInUser();
    const rows = Array.from({ length: 45 }, (_, index) => ({
      title: `Note ${String(index + 1).padStart(2, '0')}`,
      body: index === 7 ? 'ends in 50%, (really), "quoted"' : 'plain',
    }));
    // One at a time, so created_at orders them.
    for (const row of rows) expect((await carol.client.from('notes').insert(row)).error).toBeNull();
  });

  const page = (client: SupabaseClient, number: number, search = '') => {
    const from = (number - 1) * notesPerPage;
    let query = client
      .from('notes')
      .select('id, title, created_at, updated_at', { count: 'exact' })
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + notesPerPage - 1);
    if (search) query = query.or(searchFilter(search));
    return query;
  };

  it('pages newest first, 20 at a time, with the exact count', async () => {
    const first = await page(carol.client, 1);
    expect(first.error).toBeNull();
    expect(first.count).toBe(45);
    expect(first.data!.map((n) => n.title).slice(0, 2)).toEqual(['Note 45', 'Note 44']);
    const third = await page(carol.client, 3);
    expect(third.data!.map((n) => n.title)).toEqual(['Note 05', 'Note 04', 'Note 03', 'Note 02', 'Note 01']);
  });

  it('answers a page past the end with PGRST103', async () => {
    const past = await page(carol.client, 4);
    expect(past.error?.code).toBe('PGRST103');
  });

  it('searches title and body, case aside, with filter syntax and wildcards in the text taken literally', async () => {
    expect((await page(carol.client, 1, 'note 1')).count).toBe(10);
    for (const text of ['50%', '(really)', '"quoted"', '%, (']) {
      const found = await page(carol.client, 1, text);
      expect(found.error, text).toBeNull();
      expect(
        found.data!.map((n) => n.title),
        text,
      ).toEqual(['Note 08']);
    }
    expect((await page(carol.client, 1, '%')).data!.map((n) => n.title)).toEqual(['Note 08']);
    expect((await page(carol.client, 1, '_')).count).toBe(0);
  });
});

describe('notes: deleting the account', () => {
  it('deletes the user’s notes with it', async () => {
    const dave = await signedInUser();
    const { data } = await dave.client.from('notes').insert({ title: 'Mine' }).select('id').single();
    const admin = adminClient(server.get());
    expect((await admin.auth.admin.deleteUser(dave.id)).error).toBeNull();
    expect(await rowAsAdmin(data!.id)).toBeNull();
  });
});
