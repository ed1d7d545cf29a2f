import { beforeAll, describe, expect, it } from 'vitest';
import { SECRET_KEY } from '../../local-supabase/src/crypto/keys.ts';
import { restForFile, seed, service, type Seeded } from './rest-helpers.ts';

const rest = restForFile();
let s: Seeded;
beforeAll(async () => {
  s = await seed(rest.get());
});

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

/** Every table still there with its rows: nothing an attempt sent ran as SQL. */
async function intact() {
  const db = service(rest.get());
  const counts = await Promise.all(
    ['notes', 'teams', 'profiles', 'labels'].map((t) =>
      db.from(t).select('*', { count: 'exact', head: true }),
    ),
  );
  return counts.map((c) => [c.status, c.count]);
}

describe('Data API errors', () => {
  it("answers a malformed filter with 400 PGRST100 in PostgREST's shape", async () => {
    const res = await raw('/notes?id=noop.1');
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body.code).toBe('PGRST100');
    expect(body.message).toBe('"failed to parse filter (noop.1)" (line 1, column 1)');
    const select = await service(rest.get()).from('notes').select('title,,rating');
    expect([select.status, select.error!.code]).toEqual([400, 'PGRST100']);
  });

  it('answers an unknown column 400 (42703) and an unknown table 404 (PGRST205)', async () => {
    const db = service(rest.get());
    const column = await db.from('notes').select('nope');
    expect([column.status, column.error]).toEqual([
      400,
      { code: '42703', message: 'column notes.nope does not exist', details: null, hint: null },
    ]);
    const filter = await db.from('notes').select().eq('nope', 1);
    expect([filter.status, filter.error!.code]).toEqual([400, '42703']);
    const table = await db.from('nope').select();
    expect([table.status, table.error!.code]).toEqual([404, 'PGRST205']);
  });

  it("names an embed's columns by PostgREST's SQL alias for it in 42703, and a relation by the select's alias", async () => {
    const db = service(rest.get());
    const embedded = await db.from('notes').select('title, author:profiles(nope)');
    expect([embedded.status, embedded.error]).toEqual([
      400,
      { code: '42703', message: 'column profiles_1.nope does not exist', details: null, hint: null },
    ]);
    const nested = await db.from('notes').select('title, comments(body, profiles(nope))');
    expect(nested.error).toMatchObject({ message: 'column profiles_2.nope does not exist' });
    const filtered = await db.from('notes').select('title, profiles(username)').eq('profiles.nope', 1);
    expect(filtered.error).toMatchObject({ message: 'column profiles_1.nope does not exist' });
    // Through a junction the table keeps its name.
    const junction = await db.from('notes').select('title, labels(nope)');
    expect(junction.error).toMatchObject({ message: 'column labels.nope does not exist' });
    // An embed tested with anything but is.null names a column of that name (PostgREST 14 no longer answers PGRST120).
    const onEmbed = await db.from('notes').select('title, c:comments(body)').eq('c', 1);
    expect(onEmbed.error).toEqual({
      code: '42703',
      message: 'column notes.c does not exist',
      details: null,
      hint: null,
    });
    const order = await db
      .from('notes')
      .select('title, c:comments(body)')
      .order('body', { referencedTable: 'c' });
    expect(order.error).toBeNull();
    const related = await raw('/notes?select=title,c:comments(body)&order=c(body)');
    expect(await related.json()).toEqual({
      code: 'PGRST118',
      message: "A related order on 'c' is not possible",
      details: "'notes' and 'c' do not form a many-to-one or one-to-one relationship",
      hint: null,
    });
  });

  it('refuses aggregates (disabled, as PostgREST by default) with PGRST123', async () => {
    const res = await service(rest.get()).from('notes').select('rating.sum()');
    expect([res.status, res.error]).toEqual([
      400,
      { code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null },
    ]);
  });

  it('answers unsupported methods and paths as PostgREST', async () => {
    const propfind = await raw('/teams', { method: 'PROPFIND' });
    expect([propfind.status, ((await propfind.json()) as { code: string }).code]).toEqual([405, 'PGRST117']);
    const deep = await raw('/teams/1');
    expect([deep.status, ((await deep.json()) as { code: string }).code]).toEqual([404, 'PGRST125']);
    const accept = await raw('/teams', { headers: { Accept: 'image/png' } });
    expect([accept.status, ((await accept.json()) as { code: string }).code]).toEqual([406, 'PGRST107']);
  });
});

describe('Data API and SQL injection', () => {
  it('binds values and quotes identifiers: attempts in every kind of parameter are refused or harmless', async () => {
    const before = await intact();
    const db = service(rest.get());
    const evil = `x'); drop table public.teams; --`;
    const ident = `title"; drop table public.teams; --`;
    const attempts = [
      db.from('notes').select(ident),
      db.from('notes').select(`title::text); drop table public.teams; --`),
      db.from('notes').select(`meta->>${evil}`),
      db.from('notes').select('title').eq('title', evil),
      db.from('notes').select('title').eq(ident, 'x'),
      db.from('notes').select('title').in('title', [evil, `"),(select 1`]),
      db.from('notes').select('title').like('title', `%' or '1'='1`),
      db.from('notes').select('title').or(`title.eq.${evil},rating.gt.0);drop table public.teams;--`),
      db.from('notes').select('title').order(ident),
      db
        .from('notes')
        .select('title')
        .textSearch('search', evil, { config: `english'); drop table public.teams; --` }),
      db.from('notes').select(`title, teams!${ident}(name)`),
      db.from('teams').upsert({ name: 'inj' }, { onConflict: ident }),
      db.from('teams').insert({ [ident]: 'x' }),
      db.from('teams').update({ name: evil }).eq('id', -1),
      db.from(`teams; drop table public.teams; --`).select(),
      db.rpc('add', { a: evil }),
      db.rpc('add', { [ident]: 1 }),
      db.rpc(`add(1,1); drop table public.teams; --`),
      db.rpc('echo', { payload: { [ident]: evil } }),
      db.schema(`public; drop table public.teams; --`).from('teams').select(),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBeGreaterThan(0);
      expect(res.status).toBeLessThan(500);
    }
    const headers = await Promise.all([
      raw('/teams', { headers: { Prefer: `count=exact'; drop table public.teams; --` } }),
      raw('/teams', { headers: { Prefer: `handling=strict, max-affected=1; drop table public.teams` } }),
      raw('/teams', { headers: { 'Accept-Profile': `public"; drop table public.teams; --` } }),
      raw('/teams', { headers: { Range: `0-1; drop table public.teams` } }),
      raw(`/teams?columns=${encodeURIComponent(ident)}`, { method: 'POST', body: '{"name":"c"}' }),
      raw(`/teams?limit=1;drop%20table%20public.teams`),
      raw(`/notes?select=title&order=title.desc;drop`),
    ]);
    for (const res of headers) expect(res.status).toBeLessThan(500);
    expect(await intact()).toEqual(before);
    const stored = await db.from('teams').select('name').eq('id', s.teams.red).single();
    expect(stored.data).toEqual({ name: 'red' });
  });

  it('never answers 500 to malformed input', async () => {
    const paths = [
      '/notes?select=',
      '/notes?select=(',
      '/notes?select=a(',
      '/notes?select=*,teams(',
      '/notes?select=title::',
      '/notes?select=title::nosuchtype',
      '/notes?select=title->',
      '/notes?select=meta->>',
      '/notes?select=...teams',
      '/notes?select=a:b:c',
      '/notes?select=!inner',
      '/notes?id=eq',
      '/notes?id=eq.',
      '/notes?id=in.',
      '/notes?id=in.(',
      '/notes?id=in.(1,2',
      '/notes?id=is.maybe',
      '/notes?id=not.',
      '/notes?id=fts(.x',
      '/notes?id=eq(some).1',
      '/notes?id=cs.{1',
      '/notes?rating=gt.abc',
      '/notes?published=eq.maybe',
      '/notes?created_at=gt.yesterday',
      '/notes?tags=cs.notarray',
      '/notes?meta->>=eq.1',
      '/notes?meta->-1=eq.1',
      '/notes?or=',
      '/notes?or=(',
      '/notes?or=(a)',
      '/notes?or=(title.eq.a',
      '/notes?or=(and(title.eq.a))',
      `/notes?or=${'('.repeat(200)}`,
      '/notes?not.and=(id.eq.1,id.eq.2)',
      '/notes?order=',
      '/notes?order=title.sideways',
      '/notes?order=teams(name)',
      '/notes?order=nope',
      '/notes?limit=-1',
      '/notes?limit=abc',
      '/notes?offset=99999999999999999999',
      '/notes?teams.order=name',
      '/notes?select=title,teams(name)&teams.limit=x',
      '/notes?select=title,comments(body)&comments=eq.1',
      '/notes?%ZZ=1',
      '/notes?id=eq.%00',
      '/notes?title=eq.a%00b',
      '/%ZZ',
      '/',
      '/rpc/',
      '/rpc/add?a=x',
      '/rpc/add?a=1&b=2&a=3',
      '/rpc/series?n=-1',
      '/rpc/series?n=99999999999',
      '/rpc/add?select=nope&a=1',
    ];
    const responses = await Promise.all(paths.map((p) => raw(p)));
    const failures = await Promise.all(
      responses.map(async (res, i) =>
        res.status >= 500 ? `${paths[i]} → ${res.status} ${await res.text()}` : null,
      ),
    );
    expect(failures.filter(Boolean)).toEqual([]);
    const bodies = [
      '',
      'null',
      '1',
      '"x"',
      '[1]',
      '[[]]',
      '{"a":',
      '{"title":"\\u0000"}',
      '{"meta":{"a":"\\u0000"}}',
      '{"rating":1e400}',
      '{"tags":"x"}',
      '{"tags":[[1],2]}',
    ];
    const writes: [string, string, string][] = [];
    for (const body of bodies) {
      writes.push(
        ['POST', '/notes', body],
        ['PATCH', `/notes?id=eq.${s.notes['a-draft']}`, body],
        ['POST', '/rpc/add', body],
        ['POST', '/rpc/echo', body],
        ['PUT', `/notes?id=eq.${s.notes['a-draft']}`, body],
      );
    }
    const written = await Promise.all(writes.map(([method, path, body]) => raw(path, { method, body })));
    const writeFailures = await Promise.all(
      written.map(async (res, i) =>
        res.status >= 500 ? `${writes[i]!.join(' ')} → ${res.status} ${await res.text()}` : null,
      ),
    );
    expect(writeFailures.filter(Boolean)).toEqual([]);
    const heads = await Promise.all(
      (
        [
          { Prefer: 'count=nonsense,,,' },
          { Range: 'items=abc' },
          { Range: '5-2' },
          { Accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
          { Accept: ';;;' },
          { 'Accept-Profile': '' },
          { Authorization: 'Bearer ' },
          { Authorization: 'Bearer ...' },
          { Authorization: 'Bearer a.b.c' },
          { Authorization: 'Basic abc' },
        ] as Record<string, string>[]
      ).map((h) => raw('/notes', { headers: h })),
    );
    for (const res of heads) expect(res.status).toBeLessThan(500);
  });

  it("answers requests beyond Postgres' limits with 400, not 500", async () => {
    const columns = await raw(`/notes?select=${Array(2000).fill('id').join(',')}`);
    expect([columns.status, await columns.json()]).toEqual([
      400,
      { code: '54011', message: 'target lists can have at most 1664 entries', details: null, hint: null },
    ]);
    const embeds = Array.from({ length: 150 }, (_, i) => `t${i}:teams(id)`).join(',');
    const many = await raw(`/notes?select=id,${embeds}`);
    expect([many.status, ((await many.json()) as { code: string }).code]).toEqual([400, '54000']);
    const long = await raw(`/notes?select=id&id=in.(${Array(3000).fill('1').join(',')})`);
    expect([long.status, long.headers.get('content-location')]).toEqual([200, null]);
  });

  it('refuses values nested too deeply for the database with 400, in the URL and in bodies', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const inUrl = await raw(`/notes?meta=cs.${deep(7000)}`);
    expect([inUrl.status, ((await inUrl.json()) as { code: string }).code]).toEqual([400, '54001']);
    const inBody = await raw('/rpc/echo', { method: 'POST', body: `{"payload":${deep(20000)}}` });
    expect([inBody.status, ((await inBody.json()) as { code: string }).code]).toEqual([400, '54001']);
    const fine = await raw('/rpc/echo', { method: 'POST', body: `{"payload":${deep(100)}}` });
    expect(fine.status).toBe(200);
  });
});
