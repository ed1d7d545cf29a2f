import { beforeAll, describe, expect, it } from 'vitest';
import { SECRET_KEY } from '../../local-supabase/src/crypto/keys.ts';
import { anon, restForFile, seed, service, type Seeded } from './rest-helpers.ts';

const rest = restForFile();
let s: Seeded;
beforeAll(async () => {
  s = await seed(rest.get());
});

describe('Data API functions (rpc)', () => {
  it('calls a scalar function with named arguments by POST and by GET, defaults filled in', async () => {
    const db = anon(rest.get());
    expect((await db.rpc('add', { a: 2, b: 3 })).data).toBe(5);
    expect((await db.rpc('add', { a: 2 })).data).toBe(3);
    expect((await db.rpc('add', { a: 2, b: 5 }, { get: true })).data).toBe(7);
    const head = await db.rpc('add', { a: 1 }, { head: true });
    expect([head.status, head.data]).toEqual([200, null]);
  });

  it('applies filters, order, limit and counts to set-returning functions', async () => {
    const db = service(rest.get());
    const rows = await db
      .rpc('notes_rated', { min_rating: 2 })
      .select('title, teams(name)')
      .order('title')
      .limit(2);
    expect(rows.data).toEqual([
      { title: 'a-public', teams: { name: 'red' } },
      { title: 'a-rated', teams: null },
    ]);
    const filtered = await db
      .rpc('notes_rated', {}, { count: 'exact' })
      .eq('published', true)
      .select('title')
      .order('title');
    expect([filtered.count, filtered.data]).toEqual([2, [{ title: 'a-public' }, { title: 'b-public' }]]);
    const scalars = await db.rpc('series', { n: 5 }, { get: true }).range(1, 2);
    expect(scalars.data).toEqual([2, 3]);
    const table = await db.rpc('note_counts').select('total').order('total');
    expect(table.data).toEqual([{ total: 2 }, { total: 3 }]);
  });

  it('passes a JSON body whole to a single jsonb parameter, and single rows as objects', async () => {
    const db = service(rest.get());
    expect((await db.rpc('echo', { payload: { a: [1, { b: null }] } })).data).toEqual({
      a: [1, { b: null }],
    });
    const team = await db.rpc('create_team', { team_name: 'orange' });
    expect(team.data).toMatchObject({ name: 'orange' });
  });

  it('runs GET in a read-only transaction: a volatile function that writes answers 405 (25006)', async () => {
    const db = service(rest.get());
    const get = await db.rpc('rate', { note: s.notes['a-rated'] }, { get: true });
    expect([get.status, get.error]).toEqual([
      405,
      {
        code: '25006',
        message: 'cannot execute UPDATE in a read-only transaction',
        details: null,
        hint: null,
      },
    ]);
    const post = await db.rpc('rate', { note: s.notes['a-rated'] });
    expect([post.status, post.data, post.error]).toEqual([204, null, null]);
  });

  it('forwards a raised exception as 400 P0001 with its detail and hint', async () => {
    const res = await anon(rest.get()).rpc('fail', { reason: 'on purpose' });
    expect([res.status, res.error]).toEqual([
      400,
      {
        code: 'P0001',
        message: 'refused: on purpose',
        details: 'fail() always raises',
        hint: 'raised on purpose',
      },
    ]);
  });

  it('answers 404 PGRST202 for an unknown function or arguments', async () => {
    const db = anon(rest.get());
    const unknown = await db.rpc('nope', { x: 1 });
    expect([unknown.status, unknown.error]).toEqual([
      404,
      {
        code: 'PGRST202',
        message: 'Could not find the function public.nope(x) in the schema cache',
        details:
          'Searched for the function public.nope with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: null,
      },
    ]);
    const args = await db.rpc('add', { a: 1, c: 2 }, { get: true });
    expect([args.status, args.error!.code, args.error!.message]).toEqual([
      404,
      'PGRST202',
      'Could not find the function public.add(a, c) in the schema cache',
    ]);
    const none = await db.rpc('add');
    expect(none.error!.message).toBe(
      'Could not find the function public.add without parameters in the schema cache',
    );
  });

  it('sets the request settings a function can read, and refuses other methods (PGRST101)', async () => {
    const who = await s.alice.client.rpc('whoami');
    expect(who.data).toEqual({ uid: s.alice.id, role: 'authenticated', method: 'POST', path: '/rpc/whoami' });
    const f = rest.get();
    const patch = await f.fetch(`${f.url}/rest/v1/rpc/add`, {
      method: 'PATCH',
      headers: { apikey: SECRET_KEY },
    });
    expect([patch.status, await patch.json()]).toEqual([
      405,
      { code: 'PGRST101', message: 'Cannot use the PATCH method on RPC', details: null, hint: null },
    ]);
  });
});
