import { beforeAll, describe, expect, it } from 'vitest';
import { type Seeded, restForFile, seed, service } from './rest-helpers.ts';

// Embedding as PostgREST 14 resolves it (Plan.hs findRel, SchemaCache.hs relationships, QueryBuilder.hs aliases).

const rest = restForFile();
let seeded: Seeded;
let folders: Record<string, number>;
beforeAll(async () => {
  seeded = await seed(rest.get());
  const db = service(rest.get());
  const settings = await db.from('note_settings').insert([
    { note_id: seeded.notes['a-public'], color: 'green' },
    { note_id: seeded.notes['b-public'], color: 'blue' },
  ]);
  expect(settings.error).toBeNull();
  const root = await db.from('folders').insert({ name: 'root' }).select('id').single();
  const children = await db
    .from('folders')
    .insert([
      { name: 'docs', parent_id: root.data!.id },
      { name: 'pics', parent_id: root.data!.id },
    ])
    .select('id, name');
  expect(children.error).toBeNull();
  folders = {
    root: root.data!.id as number,
    ...Object.fromEntries(children.data!.map((f) => [f.name as string, f.id as number])),
  };
});

describe('Data API embedding as PostgREST 14 resolves it', () => {
  it('embeds both sides of a one-to-one relationship as an object', async () => {
    const db = service(rest.get());
    const reverse = await db
      .from('notes')
      .select('title, note_settings(color)')
      .in('title', ['a-public', 'a-draft'])
      .order('title');
    expect(reverse.error).toBeNull();
    expect(reverse.data).toEqual([
      { title: 'a-draft', note_settings: null },
      { title: 'a-public', note_settings: { color: 'green' } },
    ]);
    const forward = await db.from('note_settings').select('color, notes(title)').eq('color', 'blue').single();
    expect(forward.data).toEqual({ color: 'blue', notes: { title: 'b-public' } });
  });

  it('embeds by a foreign key column name to the table, never to a view over it', async () => {
    const { data, error } = await service(rest.get())
      .from('notes')
      .select('title, owner_id(username)')
      .eq('title', 'b-public')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'b-public', owner_id: { username: 'bob' } });
  });

  it('on a self-referencing table, the column name is the parent and the table name the children', async () => {
    const db = service(rest.get());
    const up = await db.from('folders').select('name, parent:parent_id(name)').eq('name', 'docs').single();
    expect(up.error).toBeNull();
    expect(up.data).toEqual({ name: 'docs', parent: { name: 'root' } });
    const down = await db
      .from('folders')
      .select('name, children:folders(name)')
      .eq('id', folders.root)
      .order('name', { referencedTable: 'children' })
      .single();
    expect(down.error).toBeNull();
    expect(down.data).toEqual({ name: 'root', children: [{ name: 'docs' }, { name: 'pics' }] });
    const hinted = await db
      .from('folders')
      .select('name, folders!parent_id(name)')
      .eq('name', 'pics')
      .single();
    expect(hinted.data).toEqual({ name: 'pics', folders: [] });
  });

  it('answers 42712 for two embeds under one name, as Postgres does for PostgREST', async () => {
    const { error, status } = await service(rest.get())
      .from('notes')
      .select('title, profiles(username), profiles(id)');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: '42712',
      message: 'table name "notes_profiles_1" specified more than once',
    });
  });

  it('finds an aliased embed by its alias or its name in filters', async () => {
    const db = service(rest.get());
    const byName = await db
      .from('notes')
      .select('title, author:profiles!inner(username)')
      .eq('profiles.username', 'bob')
      .order('title');
    expect(byName.error).toBeNull();
    expect(byName.data?.map((n) => n.title)).toEqual(['b-draft', 'b-public']);
    const missing = await db
      .from('notes')
      .select('title, author:profiles(username)')
      .eq('writer.username', 'bob');
    expect(missing.error).toMatchObject({
      code: 'PGRST108',
      message: "'writer' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'writer' is included in the 'select' query parameter.",
    });
  });
});

describe('Data API computed fields and relationships', () => {
  it('selects, filters and orders a computed field like a column, outside of *', async () => {
    const db = service(rest.get());
    const { data, error } = await db
      .from('notes')
      .select('title, title_length')
      .gt('title_length', 7)
      .order('title_length', { ascending: false })
      .order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'a-public', title_length: 8 },
      { title: 'b-public', title_length: 8 },
    ]);
    const star = await db.from('notes').select('*').limit(1).single();
    expect(star.data).not.toHaveProperty('title_length');
  });

  it('embeds a computed relationship to one as an object and to many as an array, filtered', async () => {
    const db = service(rest.get());
    const toOne = await db.from('notes').select('title, author(username)').eq('title', 'a-draft').single();
    expect(toOne.error).toBeNull();
    expect(toOne.data).toEqual({ title: 'a-draft', author: { username: 'alice' } });
    const toMany = await db
      .from('profiles')
      .select('username, authored(title)')
      .eq('username', 'bob')
      .eq('authored.published', true)
      .single();
    expect(toMany.error).toBeNull();
    expect(toMany.data).toEqual({ username: 'bob', authored: [{ title: 'b-public' }] });
    const inner = await db
      .from('profiles')
      .select('username, authored!inner(title)')
      .eq('authored.title', 'a-rated');
    expect(inner.data).toEqual([{ username: 'alice', authored: [{ title: 'a-rated' }] }]);
  });
});

describe('Data API computed fields in what a write returns', () => {
  it('returns computed fields and computed relationships from insert, upsert, update and delete', async () => {
    const db = service(rest.get());
    const owner = seeded.alice.id;
    const inserted = await db
      .from('notes')
      .insert({ owner_id: owner, title: 'written', published: false })
      .select('id, title_length, author(username)')
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ title_length: 7, author: { username: 'alice' } });
    const id = inserted.data!.id as number;
    const upserted = await db
      .from('notes')
      .upsert({ id, owner_id: owner, title: 'rewritten', published: false })
      .select('title, title_length');
    expect(upserted.error).toBeNull();
    expect(upserted.data).toEqual([{ title: 'rewritten', title_length: 9 }]);
    const updated = await db
      .from('notes')
      .update({ title: 'edited' })
      .eq('id', id)
      .select('title_length, author(username)');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ title_length: 6, author: { username: 'alice' } }]);
    const deleted = await db.from('notes').delete().eq('id', id).select('title, title_length');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ title: 'edited', title_length: 6 }]);
  });
});
