import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHABLE_KEY, SECRET_KEY } from '../../local-supabase/src/crypto/keys.ts';
import { restForFile, seed, service, type Seeded } from './rest-helpers.ts';

const rest = restForFile();
let s: Seeded;
beforeAll(async () => {
  s = await seed(rest.get());
});

/** A raw request with the secret key, for headers supabase-js does not expose. */
function raw(path: string, init: RequestInit = {}) {
  const f = rest.get();
  return f.fetch(`${f.url}/rest/v1${path}`, {
    ...init,
    headers: {
      apikey: SECRET_KEY,
      Authorization: `Bearer ${SECRET_KEY}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}

describe('Data API writes: insert', () => {
  it('inserts one row or many, answering 201 with the representation asked for', async () => {
    const db = s.alice.client;
    const one = await db
      .from('notes')
      .insert({ title: 'w-one', rating: 1 })
      .select('title, rating, owner_id, tags')
      .single();
    expect(one.status).toBe(201);
    expect(one.data).toEqual({ title: 'w-one', rating: 1, owner_id: s.alice.id, tags: [] });
    const many = await db
      .from('notes')
      .insert([{ title: 'w-two' }, { title: 'w-three', rating: 3 }], { defaultToNull: false })
      .select('title, rating');
    expect(many.status).toBe(201);
    expect(many.data!.map((r) => r.title).sort()).toEqual(['w-three', 'w-two']);
    const minimal = await db.from('notes').insert({ title: 'w-four' });
    expect([minimal.status, minimal.data, minimal.error]).toEqual([201, null, null]);
  });

  it('sends explicit nulls for missing columns unless missing=default', async () => {
    const db = s.alice.client;
    const nulls = await db.from('notes').insert([{ title: 'n-1', tags: ['a'] }, { title: 'n-2' }]);
    expect([nulls.status, nulls.error]).toEqual([
      400,
      {
        code: '23502',
        message: 'null value in column "tags" of relation "notes" violates not-null constraint',
        details: null,
        hint: null,
      },
    ]);
    const defaults = await db
      .from('notes')
      .insert([{ title: 'n-3', tags: ['a'] }, { title: 'n-4' }], { defaultToNull: false })
      .select('title, tags');
    expect(defaults.data!.sort((a, b) => (a.title < b.title ? -1 : 1))).toEqual([
      { title: 'n-3', tags: ['a'] },
      { title: 'n-4', tags: [] },
    ]);
  });

  it('answers Content-Range and Preference-Applied as PostgREST', async () => {
    const res = await raw('/teams?select=name', {
      method: 'POST',
      headers: { Prefer: 'return=representation, count=exact, missing=default' },
      body: JSON.stringify([{ name: 'green' }, { name: 'yellow' }]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('*/2');
    expect(res.headers.get('preference-applied')).toBe('missing=default, return=representation, count=exact');
    expect(await res.json()).toEqual([{ name: 'green' }, { name: 'yellow' }]);
  });

  it('upserts: merge-duplicates updates, ignore-duplicates keeps, on_conflict picks the key', async () => {
    const db = service(rest.get());
    const merged = await db.from('teams').upsert({ id: s.teams.red, name: 'crimson' }).select('id, name');
    expect([merged.status, merged.data]).toEqual([200, [{ id: s.teams.red, name: 'crimson' }]]);
    const mixed = await db
      .from('teams')
      .upsert([{ id: s.teams.red, name: 'red' }, { name: 'purple' }], { defaultToNull: false })
      .select('name');
    expect(mixed.status).toBe(201);
    const ignored = await db
      .from('teams')
      .upsert({ name: 'purple' }, { onConflict: 'name', ignoreDuplicates: true })
      .select();
    expect([ignored.status, ignored.data]).toEqual([201, []]);
    const byName = await db
      .from('labels')
      .upsert({ name: 'work' }, { onConflict: 'name' })
      .select('id, name');
    expect(byName.data).toEqual([{ id: s.labels.work, name: 'work' }]);
    const res = await raw('/labels?on_conflict=name', {
      method: 'POST',
      headers: { Prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({ name: 'home' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('resolution=merge-duplicates');
  });

  it('refuses unknown columns (PGRST204), mismatched keys and bad JSON (PGRST102), constraint violations (409/400)', async () => {
    const db = service(rest.get());
    const unknown = await db.from('teams').insert({ name: 'x', colour: 'red' });
    expect([unknown.status, unknown.error]).toEqual([
      400,
      {
        code: 'PGRST204',
        message: "Could not find the 'colour' column of 'teams' in the schema cache",
        details: null,
        hint: null,
      },
    ]);
    const keys = await raw('/teams', { method: 'POST', body: JSON.stringify([{ name: 'a' }, { id: 1 }]) });
    expect([keys.status, await keys.json()]).toEqual([
      400,
      { code: 'PGRST102', message: 'All object keys must match', details: null, hint: null },
    ]);
    const bad = await raw('/teams', { method: 'POST', body: '{"name":' });
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null },
    ]);
    const duplicate = await db.from('teams').insert({ name: 'blue' });
    expect([duplicate.status, duplicate.error!.code]).toEqual([409, '23505']);
    expect(duplicate.error!.details).toBe('Key (name)=(blue) already exists.');
    const foreign = await db.from('notes').insert({ title: 't', owner_id: crypto.randomUUID() });
    expect([foreign.status, foreign.error!.code]).toEqual([409, '23503']);
    const check = await db.from('notes').insert({ title: '', owner_id: s.alice.id });
    expect([check.status, check.error!.code]).toEqual([400, '23514']);
    const type = await db.from('notes').insert({ title: 't', owner_id: s.alice.id, rating: 'five' });
    expect([type.status, type.error!.code]).toEqual([400, '22P02']);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await raw('/teams', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
  });
});

describe('Data API writes: update and delete', () => {
  it('updates and deletes the filtered rows, answering 204 or the representation', async () => {
    const db = s.bob.client;
    const updated = await db
      .from('notes')
      .update({ rating: 10 })
      .eq('id', s.notes['b-draft'])
      .select('title, rating');
    expect([updated.status, updated.data]).toEqual([200, [{ title: 'b-draft', rating: 10 }]]);
    const minimal = await db.from('notes').update({ body: 'changed' }).eq('id', s.notes['b-draft']);
    expect([minimal.status, minimal.data]).toEqual([204, null]);
    const counted = await db
      .from('notes')
      .update({ body: 'again' }, { count: 'exact' })
      .eq('owner_id', s.bob.id);
    expect([counted.status, counted.count]).toEqual([204, 2]);
    const created = await db.from('notes').insert({ title: 'to-delete' }).select('id').single();
    const deleted = await db.from('notes').delete().eq('id', created.data!.id).select('title');
    expect([deleted.status, deleted.data]).toEqual([200, [{ title: 'to-delete' }]]);
  });

  it('refuses UPDATE and DELETE without any filter, as hosted Supabase (pg-safeupdate)', async () => {
    const db = service(rest.get());
    const update = await db.from('teams').update({ name: 'all' });
    expect([update.status, update.error]).toEqual([
      400,
      { code: '21000', message: 'UPDATE requires a WHERE clause', details: null, hint: null },
    ]);
    const del = await db.from('teams').delete();
    expect([del.status, del.error]).toEqual([
      400,
      { code: '21000', message: 'DELETE requires a WHERE clause', details: null, hint: null },
    ]);
    expect((await db.from('teams').select('id')).data!.length).toBeGreaterThan(0);
  });

  it('enforces max-affected with handling=strict (PGRST124), rolling the change back', async () => {
    const db = service(rest.get());
    // maxAffected() is typed for clients declaring PostgREST 13 (as generated types do); the request is the same.
    const update = db.from('notes').update({ rating: 0 }).gte('rating', 0) as unknown as {
      maxAffected(rows: number): PromiseLike<{ status: number; error: unknown }>;
    };
    const res = await update.maxAffected(1);
    expect([res.status, res.error]).toEqual([
      400,
      {
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: expect.stringMatching(/^The query affects \d+ rows$/),
        hint: null,
      },
    ]);
    const unchanged = await db.from('notes').select('rating').eq('rating', 0);
    expect(unchanged.data).toEqual([]);
    const ok = await raw(`/notes?id=eq.${s.notes['a-rated']}`, {
      method: 'PATCH',
      headers: { Prefer: 'handling=strict, max-affected=1' },
      body: JSON.stringify({ rating: 3 }),
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
  });

  it('refuses unknown preferences with handling=strict (PGRST122)', async () => {
    const res = await raw('/teams', {
      method: 'GET',
      headers: { Prefer: 'handling=strict, return=everything' },
    });
    expect([res.status, await res.json()]).toEqual([
      400,
      {
        code: 'PGRST122',
        message: 'Invalid preferences given with handling=strict',
        details: 'Invalid preferences: return=everything',
        hint: null,
      },
    ]);
  });

  it('a single-object write that touches more than one row is refused and rolled back', async () => {
    const db = service(rest.get());
    const res = await db
      .from('notes')
      .update({ body: 'single' })
      .eq('owner_id', s.alice.id)
      .select()
      .single();
    expect([res.status, res.error!.code]).toEqual([406, 'PGRST116']);
    expect((await db.from('notes').select('id').eq('body', 'single')).data).toEqual([]);
  });

  it('keeps the publishable key from writing where grants say no', async () => {
    const f = rest.get();
    const res = await f.fetch(`${f.url}/rest/v1/teams`, {
      method: 'POST',
      headers: { apikey: PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'anon-team' }),
    });
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([401, '42501']);
  });
});
