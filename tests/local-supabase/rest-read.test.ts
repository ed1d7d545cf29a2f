import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHABLE_KEY } from '../../local-supabase/src/crypto/keys.ts';
import { anon, restForFile, seed, service } from './rest-helpers.ts';

const rest = restForFile();
beforeAll(async () => {
  await seed(rest.get());
});

const titles = (rows: { title: string }[] | null) => (rows ?? []).map((r) => r.title).sort();

describe('Data API reads: columns, filters and logic', () => {
  it('selects columns with aliases, casts and JSON paths', async () => {
    const { data, error } = await service(rest.get())
      .from('notes')
      .select('name:title, rating::text, lang:meta->>lang, n:meta->n, first_tag:tags->0')
      .eq('title', 'a-public')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'a-public', rating: '5', lang: 'en', n: 1, first_tag: 'x' });
  });

  it('applies every comparison operator', async () => {
    const db = service(rest.get());
    const cases: [string, PromiseLike<{ data: { title: string }[] | null }>, string[]][] = [
      ['eq', db.from('notes').select('title').eq('rating', 5), ['a-public']],
      ['neq', db.from('notes').select('title').neq('rating', 5), ['a-rated', 'b-draft', 'b-public']],
      ['gt', db.from('notes').select('title').gt('rating', 2), ['a-public', 'b-public']],
      ['gte', db.from('notes').select('title').gte('rating', 4), ['a-public', 'b-public']],
      ['lt', db.from('notes').select('title').lt('rating', 2), ['b-draft']],
      ['lte', db.from('notes').select('title').lte('rating', 2), ['a-rated', 'b-draft']],
      ['like', db.from('notes').select('title').like('title', 'a-*'), ['a-draft', 'a-public', 'a-rated']],
      ['ilike', db.from('notes').select('title').ilike('title', 'B-%'), ['b-draft', 'b-public']],
      ['match', db.from('notes').select('title').match({ published: true }), ['a-public', 'b-public']],
      ['regex', db.from('notes').select('title').filter('title', 'match', '^b-'), ['b-draft', 'b-public']],
      ['imatch', db.from('notes').select('title').filter('title', 'imatch', '^A-P'), ['a-public']],
      ['is null', db.from('notes').select('title').is('rating', null), ['a-draft']],
      ['is true', db.from('notes').select('title').is('published', true), ['a-public', 'b-public']],
      [
        'isdistinct',
        db.from('notes').select('title').filter('rating', 'isdistinct', 5),
        ['a-draft', 'a-rated', 'b-draft', 'b-public'],
      ],
      [
        'in',
        db.from('notes').select('title').in('title', ['a-draft', 'b-draft', 'x,y']),
        ['a-draft', 'b-draft'],
      ],
      ['in empty', db.from('notes').select('title').in('title', []), []],
      ['cs', db.from('notes').select('title').contains('tags', ['y']), ['a-draft', 'a-public']],
      [
        'cd',
        db.from('notes').select('title').containedBy('tags', ['x', 'y', 'q']),
        ['a-draft', 'a-public', 'a-rated', 'b-draft'],
      ],
      ['ov', db.from('notes').select('title').overlaps('tags', ['x', 'z']), ['a-public', 'b-public']],
      ['cs jsonb', db.from('notes').select('title').contains('meta', { lang: 'fr' }), ['b-public']],
      ['json path', db.from('notes').select('title').eq('meta->>lang', 'de'), ['a-draft']],
      ['json number', db.from('notes').select('title').gt('meta->n', 1), ['a-draft', 'b-public']],
      [
        'fts',
        db.from('notes').select('title').textSearch('search', 'quick & fox', { config: 'english' }),
        ['a-public'],
      ],
      [
        'plfts',
        db.from('notes').select('title').textSearch('search', 'lazy dog', { type: 'plain' }),
        ['a-draft'],
      ],
      [
        'phfts',
        db.from('notes').select('title').textSearch('search', 'jumps over', { type: 'phrase' }),
        ['b-public'],
      ],
      [
        'wfts',
        db.from('notes').select('title').textSearch('body', '"secret plans" -fox', { type: 'websearch' }),
        ['b-draft'],
      ],
      [
        'eq any',
        db.from('notes').select('title').filter('rating', 'eq(any)', '{1,2}'),
        ['a-rated', 'b-draft'],
      ],
      [
        'like all',
        db.from('notes').select('title').filter('title', 'like(all)', '{a*,*public}'),
        ['a-public'],
      ],
      ['not', db.from('notes').select('title').not('title', 'like', 'a-*'), ['b-draft', 'b-public']],
      ['not in', db.from('notes').select('title').not('rating', 'in', '(1,2,4,5)'), []],
    ];
    for (const [name, query, expected] of cases) {
      const { data, error } = (await query) as { data: { title: string }[] | null; error: unknown };
      expect({ name, error, titles: titles(data) }).toEqual({ name, error: null, titles: expected });
    }
  });

  it('combines or / and / not trees, nested', async () => {
    const db = service(rest.get());
    const or = await db.from('notes').select('title').or('rating.eq.5,title.eq.b-draft');
    expect(titles(or.data)).toEqual(['a-public', 'b-draft']);
    const nested = await db
      .from('notes')
      .select('title')
      .or('and(published.is.true,rating.gt.4),and(published.is.false,not.or(rating.is.null,rating.gte.2))');
    expect(titles(nested.data)).toEqual(['a-public', 'b-draft']);
    const quoted = await db
      .from('notes')
      .select('title')
      .or('title.eq."a-public",title.in.("b-draft","x,)")');
    expect(titles(quoted.data)).toEqual(['a-public', 'b-draft']);
  });

  it('orders with nulls first or last, limits and offsets', async () => {
    const db = service(rest.get());
    const desc = await db
      .from('notes')
      .select('title')
      .order('rating', { ascending: false, nullsFirst: false });
    expect(desc.data!.map((r) => r.title)).toEqual(['a-public', 'b-public', 'a-rated', 'b-draft', 'a-draft']);
    const first = await db.from('notes').select('title').order('rating', { nullsFirst: true }).limit(2);
    expect(first.data!.map((r) => r.title)).toEqual(['a-draft', 'b-draft']);
    const page = await db.from('notes').select('title').order('title').range(1, 2);
    expect(page.data!.map((r) => r.title)).toEqual(['a-public', 'a-rated']);
    const byJson = await db
      .from('notes')
      .select('title')
      .not('meta->n', 'is', null)
      .order('meta->n', { ascending: false });
    expect(byJson.data!.map((r) => r.title)).toEqual(['b-public', 'a-draft', 'a-public']);
  });
});

describe('Data API reads: counts, ranges and representations', () => {
  it('counts exactly with Content-Range and answers 206 for a partial page', async () => {
    const res = await service(rest.get())
      .from('notes')
      .select('title', { count: 'exact' })
      .order('id')
      .range(0, 1);
    expect(res.status).toBe(206);
    expect(res.count).toBe(5);
    const head = await service(rest.get())
      .from('notes')
      .select('*', { count: 'estimated', head: true })
      .eq('published', true);
    expect([head.status, head.count, head.data]).toEqual([200, 2, null]);
  });

  it('answers 416 PGRST103 for a range past the end', async () => {
    const res = await service(rest.get()).from('notes').select('title', { count: 'exact' }).range(10, 12);
    expect(res.status).toBe(416);
    expect(res.error).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
      hint: null,
    });
  });

  it('writes Content-Range as PostgREST does, with the Range header too', async () => {
    const f = rest.get();
    const get = (range?: string, prefer?: string) =>
      f.fetch(`${f.url}/rest/v1/notes?select=id&order=id`, {
        headers: {
          apikey: PUBLISHABLE_KEY,
          ...(range ? { Range: range } : {}),
          ...(prefer ? { Prefer: prefer } : {}),
        },
      });
    const plain = await get();
    expect([plain.status, plain.headers.get('content-range')]).toEqual([200, '0-1/*']);
    const ranged = await get('1-1', 'count=exact');
    expect([ranged.status, ranged.headers.get('content-range')]).toEqual([206, '1-1/2']);
    expect(ranged.headers.get('preference-applied')).toBe('count=exact');
    const empty = await f.fetch(`${f.url}/rest/v1/notes?title=eq.none`, {
      headers: { apikey: PUBLISHABLE_KEY, Prefer: 'count=exact' },
    });
    expect(empty.headers.get('content-range')).toBe('*/0');
    const backwards = await get('3-1');
    expect(backwards.status).toBe(416);
    expect(((await backwards.json()) as { code: string }).code).toBe('PGRST103');
  });

  it('single() answers one object and 406 PGRST116 otherwise; maybeSingle() allows none', async () => {
    const db = service(rest.get());
    const one = await db.from('notes').select('title').eq('title', 'a-draft').single();
    expect(one.data).toEqual({ title: 'a-draft' });
    const many = await db.from('notes').select('title').single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 5 rows',
      hint: null,
    });
    const none = await db.from('notes').select('title').eq('title', 'none').maybeSingle();
    expect([none.status, none.data, none.error]).toEqual([200, null, null]);
  });

  it('answers CSV and strips nulls when asked', async () => {
    const csv = await service(rest.get())
      .from('notes')
      .select('title,rating')
      .in('title', ['a-draft', 'b-public'])
      .order('title')
      .csv();
    expect(csv.data).toBe('title,rating\na-draft,\nb-public,4');
    const stripped = await service(rest.get())
      .from('notes')
      .select('title,rating')
      .eq('title', 'a-draft')
      .stripNulls();
    expect(stripped.data).toEqual([{ title: 'a-draft' }]);
  });

  it('serves the exposed schemas only (Accept-Profile)', async () => {
    const other = await service(rest.get()).schema('graphql_public').from('notes').select();
    expect(other.error?.code).toBe('PGRST205');
    const hidden = await service(rest.get()).schema('auth').from('users').select();
    expect(hidden.status).toBe(406);
    expect(hidden.error).toEqual({
      code: 'PGRST106',
      message: 'Invalid schema: auth',
      details: null,
      hint: 'Only the following schemas are exposed: public, graphql_public',
    });
  });

  it('caps a read at max_rows', async () => {
    const f = rest.get();
    const res = await f.fetch(`${f.url}/rest/v1/notes?select=id&limit=100000`, {
      headers: { apikey: PUBLISHABLE_KEY },
    });
    expect(res.status).toBe(200);
  });
});

describe('Data API reads: embedded resources', () => {
  it('embeds many-to-one as an object, one-to-many and many-to-many as arrays', async () => {
    const { data, error } = await service(rest.get())
      .from('notes')
      .select('title, owner:profiles(username), teams(name), comments(body), labels(name)')
      .eq('title', 'a-public')
      .order('body', { referencedTable: 'comments' })
      .order('name', { referencedTable: 'labels' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      title: 'a-public',
      owner: { username: 'alice' },
      teams: { name: 'red' },
      comments: [{ body: 'nice' }, { body: 'thanks' }],
      labels: [{ name: 'home' }, { name: 'work' }],
    });
  });

  it('embeds from the other side, by foreign key column and with !inner', async () => {
    const db = service(rest.get());
    const teams = await db
      .from('teams')
      .select('name, notes(title)')
      .eq('name', 'blue')
      .order('title', { referencedTable: 'notes' })
      .single();
    expect(teams.data).toEqual({ name: 'blue', notes: [{ title: 'b-draft' }, { title: 'b-public' }] });
    const byColumn = await db.from('notes').select('title, team_id(name)').eq('title', 'b-draft').single();
    expect(byColumn.data).toEqual({ title: 'b-draft', team_id: { name: 'blue' } });
    const inner = await db.from('notes').select('title, teams!inner(name)').eq('teams.name', 'red');
    expect(titles(inner.data)).toEqual(['a-draft', 'a-public']);
    const left = await db.from('notes').select('title, teams(name)').eq('teams.name', 'red');
    expect(left.data).toHaveLength(5);
    expect(left.data!.find((n) => n.title === 'b-draft')!.teams).toBeNull();
  });

  it('filters, orders and limits embedded arrays, and filters parents by them', async () => {
    const db = service(rest.get());
    const res = await db
      .from('profiles')
      .select('username, notes(title)')
      .eq('username', 'alice')
      .order('title', { referencedTable: 'notes', ascending: false })
      .limit(2, { referencedTable: 'notes' })
      .single();
    expect(res.data).toEqual({ username: 'alice', notes: [{ title: 'a-rated' }, { title: 'a-public' }] });
    const withComments = await db.from('notes').select('title, comments()').not('comments', 'is', null);
    expect(titles(withComments.data)).toEqual(['a-public']);
    const without = await db.from('notes').select('title, teams()').is('teams', null);
    expect(titles(without.data)).toEqual(['a-rated']);
  });

  it('orders parents by a to-one embed and spreads its columns', async () => {
    const db = service(rest.get());
    const ordered = await db
      .from('notes')
      .select('title, teams(name)')
      .not('team_id', 'is', null)
      .order('teams(name)')
      .order('title');
    expect(ordered.data!.map((r) => r.title)).toEqual(['b-draft', 'b-public', 'a-draft', 'a-public']);
    const spread = await db
      .from('notes')
      .select('title, ...teams(team:name)')
      .eq('title', 'a-draft')
      .single();
    expect(spread.data).toEqual({ title: 'a-draft', team: 'red' });
  });

  it('answers 300 PGRST201 for an ambiguous embed and resolves it with a hint', async () => {
    const db = service(rest.get());
    const ambiguous = await db.from('messages').select('body, profiles(username)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error!.code).toBe('PGRST201');
    expect(ambiguous.error!.hint).toBe(
      "Try changing 'profiles' to one of the following: 'profiles!messages_sender_id_fkey', 'profiles!messages_recipient_id_fkey'. Find the desired relationship in the 'details' key.",
    );
    const hinted = await db
      .from('messages')
      .select('body, from:profiles!sender_id(username), to:profiles!messages_recipient_id_fkey(username)')
      .single();
    expect(hinted.data).toEqual({ body: 'hi bob', from: { username: 'alice' }, to: { username: 'bob' } });
  });

  it('answers 400 PGRST200 without a relationship and PGRST108 for a filter on an embed not selected', async () => {
    const db = service(rest.get());
    const none = await db.from('teams').select('name, labels(name)');
    expect(none.error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'teams' and 'labels' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'teams' and 'labels' in the schema 'public', but no matches were found.",
      hint: null,
    });
    const notEmbedded = await db.from('notes').select('title').eq('teams.name', 'red');
    expect(notEmbedded.status).toBe(400);
    expect(notEmbedded.error!.code).toBe('PGRST108');
  });

  it('reads a view, embedding through the foreign keys of the table it selects from', async () => {
    const { data } = await anon(rest.get())
      .from('published_notes')
      .select('title, teams(name)')
      .order('title');
    expect(data).toEqual([
      { title: 'a-public', teams: { name: 'red' } },
      { title: 'b-public', teams: { name: 'blue' } },
    ]);
  });
});

describe('Data API schema cache', () => {
  it('reads the schema again when a request names a table or column it does not know yet', async () => {
    const db = service(rest.get());
    expect((await db.from('late_table').select()).error!.code).toBe('PGRST205');
    expect((await db.rpc('make_late_table')).error).toBeNull();
    expect((await db.from('late_table').select('id')).data).toEqual([{ id: 1 }]);
    expect((await db.rpc('alter_late_table')).error).toBeNull();
    expect((await db.from('late_table').select('id, label')).data).toEqual([{ id: 1, label: 'x' }]);
  });
});
