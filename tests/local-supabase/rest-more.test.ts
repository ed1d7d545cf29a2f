import { beforeAll, describe, expect, it } from 'vitest';
import { SECRET_KEY } from '../../local-supabase/src/crypto/keys.ts';
import { parseQuery } from '../../local-supabase/src/rest/request/query-params.ts';
import { anon, restForFile, seed, service, type Seeded } from './rest-helpers.ts';

const rest = restForFile();
let s: Seeded;
beforeAll(async () => {
  s = await seed(rest.get());
});

describe('Data API request settings', () => {
  it('applies the role settings, the search path, read-only reads and request.headers', async () => {
    const asAnon = await anon(rest.get()).rpc('request_settings', {}, { get: true });
    expect(asAnon.data).toEqual({
      statement_timeout: '3s',
      search_path: '"public", "public", "extensions"',
      read_only: 'on',
      headers: null,
    });
    const f = rest.get();
    const asUser = await f.fetch(`${f.url}/rest/v1/rpc/request_settings`, {
      method: 'POST',
      headers: { apikey: SECRET_KEY, 'Content-Type': 'application/json', 'X-Probe': 'yes' },
      body: '{}',
    });
    expect(await asUser.json()).toMatchObject({ read_only: 'on', headers: 'yes' });
    const signedIn = await s.alice.client.rpc('request_settings');
    expect(signedIn.data).toMatchObject({ statement_timeout: '8s' });
  });
});

describe('Data API: more of the grammar', () => {
  it('spreads a to-many embed as arrays of its columns', async () => {
    const { data } = await service(rest.get())
      .from('notes')
      .select('title, ...labels(label:name)')
      .eq('title', 'a-public')
      .single();
    expect({ ...data, label: [...(data!.label as string[])].sort() }).toEqual({
      title: 'a-public',
      label: ['home', 'work'],
    });
  });

  it('answers HEAD with headers only, and return=headers-only with 201, a Location and no body', async () => {
    const f = rest.get();
    const head = await f.fetch(`${f.url}/rest/v1/notes?select=id`, {
      method: 'HEAD',
      headers: { apikey: SECRET_KEY, Prefer: 'count=exact' },
    });
    expect([head.status, head.headers.get('content-range'), await head.text()]).toEqual([200, '0-4/5', '']);
    const res = await f.fetch(`${f.url}/rest/v1/teams`, {
      method: 'POST',
      headers: { apikey: SECRET_KEY, 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
      body: JSON.stringify({ name: 'headers-only' }),
    });
    expect([res.status, await res.text()]).toEqual([201, '']);
    const { data } = await service(rest.get()).from('teams').select('id').eq('name', 'headers-only').single();
    expect(res.headers.get('location')).toBe(`/teams?id=eq.${data!.id}`);
  });

  it('answers a function returning one value or one row as plain JSON', async () => {
    const f = rest.get();
    const post = (fn: string, body: object) =>
      f.fetch(`${f.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: SECRET_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const scalar = await post('add', { a: 1 });
    expect([scalar.headers.get('content-type'), await scalar.text()]).toEqual([
      'application/json; charset=utf-8',
      '2',
    ]);
    const row = await post('create_team', { team_name: 'one-row' });
    expect(row.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await row.json()).toMatchObject({ name: 'one-row' });
  });

  it('applies Prefer: timezone= when Postgres knows the zone, and ignores another', async () => {
    const f = rest.get();
    const get = (zone: string) =>
      f.fetch(`${f.url}/rest/v1/profiles?select=created_at&username=eq.alice`, {
        headers: { apikey: SECRET_KEY, Prefer: `timezone=${zone}` },
      });
    const tokyo = await get('Asia/Tokyo');
    expect(tokyo.headers.get('preference-applied')).toBe('timezone=Asia/Tokyo');
    expect(((await tokyo.json()) as { created_at: string }[])[0]!.created_at).toMatch(/\+09:00$/);
    const unknown = await get('Mars/Olympus');
    expect([unknown.status, unknown.headers.get('preference-applied')]).toEqual([200, null]);
    expect(((await unknown.json()) as { created_at: string }[])[0]!.created_at).toMatch(/\+00:00$/);
  });

  it('answers 300 PGRST203 for overloads it cannot choose between', async () => {
    const res = await anon(rest.get()).rpc('twin', { x: 1 });
    expect([res.status, res.error!.code]).toEqual([300, 'PGRST203']);
  });

  it('parses the URL grammar as PostgREST: paths, quoted names, logic trees and embedded parameters', () => {
    const q = parseQuery(
      new URLSearchParams({
        select: 'a:"odd,name",b->c->>0::text,rel!fk!inner(*),...sp(x)',
        'rel.x': 'not.in.("a,b",c)',
        'rel.or': '(x.eq.1,and(y.is.null,z.fts(english).word))',
        'rel.order': 'x.desc.nullslast',
        'rel.limit': '3',
        'rel.offset': '2',
        order: 'rel(x).asc,b',
        on_conflict: 'a,b',
      }),
      false,
    );
    expect(q.select).toEqual([
      { kind: 'field', field: { name: 'odd,name', json: [] }, alias: 'a', cast: undefined },
      {
        kind: 'field',
        field: {
          name: 'b',
          json: [
            { arrow: '->', key: 'c', index: false },
            { arrow: '->>', key: '0', index: true },
          ],
        },
        alias: undefined,
        cast: 'text',
      },
      {
        kind: 'relation',
        name: 'rel',
        alias: undefined,
        hint: 'fk',
        inner: true,
        spread: false,
        children: [{ kind: 'field', field: { name: '*', json: [] } }],
      },
      {
        kind: 'relation',
        name: 'sp',
        hint: undefined,
        inner: false,
        spread: true,
        children: [{ kind: 'field', field: { name: 'x', json: [] }, alias: undefined, cast: undefined }],
      },
    ]);
    expect(q.filters).toEqual([
      {
        path: ['rel'],
        filter: {
          field: { name: 'x', json: [] },
          negate: true,
          operation: { op: 'in', values: ['a,b', 'c'] },
        },
      },
    ]);
    expect(q.logic[0]!.tree).toEqual({
      kind: 'expr',
      negate: false,
      op: 'or',
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'x', json: [] },
            negate: false,
            operation: { op: 'eq', quant: undefined, value: '1' },
          },
        },
        {
          kind: 'expr',
          negate: false,
          op: 'and',
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'y', json: [] },
                negate: false,
                operation: { op: 'is', value: 'null' },
              },
            },
            {
              kind: 'filter',
              filter: {
                field: { name: 'z', json: [] },
                negate: false,
                operation: { op: 'fts', lang: 'english', value: 'word' },
              },
            },
          ],
        },
      ],
    });
    expect(q.order).toEqual([
      {
        path: ['rel'],
        terms: [{ field: { name: 'x', json: [] }, direction: 'desc', nulls: 'last', relation: undefined }],
      },
      {
        path: [],
        terms: [
          { relation: 'rel', field: { name: 'x', json: [] }, direction: 'asc' },
          { relation: undefined, field: { name: 'b', json: [] } },
        ],
      },
    ]);
    expect(q.ranges.get('rel')).toEqual({ offset: 2, limit: 3 });
    expect(q.onConflict).toEqual(['a', 'b']);
    expect(() => parseQuery(new URLSearchParams('id=noop.1'), false)).toThrow(
      '"failed to parse filter (noop.1)" (line 1, column 1)',
    );
    expect(parseQuery(new URLSearchParams('a=1&b=eq.2'), true).rpcArgs).toEqual([['a', '1']]);
  });
});
