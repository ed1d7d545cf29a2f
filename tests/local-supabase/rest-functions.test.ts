import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHABLE_KEY, SECRET_KEY } from '../../local-supabase/src/crypto/keys.ts';
import { anon, restForFile, seed, service } from './rest-helpers.ts';

// Functions as PostgREST 14 keeps and calls them (SchemaCache.hs allFunctions, Plan.hs findProc, MainTx.hs).

const rest = restForFile();
/** What postgrest-js' maxAffected() sends (typed clients of PostgREST 13+ only; these tests' client is untyped). */
const STRICT = (n: number) => `handling=strict, max-affected=${n}`;
beforeAll(async () => {
  await seed(rest.get());
});

describe('Data API functions as PostgREST 14 keeps them', () => {
  it('drops a function with unnamed parameters unless its one is json, jsonb, text, xml or bytea', async () => {
    const db = service(rest.get());
    const pair = await db.rpc('unnamed_pair');
    expect(pair.status).toBe(404);
    expect(pair.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.unnamed_pair without parameters in the schema cache',
    });
    const json = await db.rpc('unnamed_json', { A: 1, B: [2] });
    expect(json.error).toBeNull();
    expect(json.data).toEqual({ A: 1, B: [2] });
  });

  it('lists overloads in PGRST203 by parameter count, then by parameter names and types', async () => {
    const { error, status } = await service(rest.get()).rpc('pick', { x: '1' });
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.pick(x => date), public.pick(x => integer), public.pick(x => text, y => integer)',
    });
  });

  it('rolls back a call returning more rows than Prefer: handling=strict, max-affected allows (PGRST124)', async () => {
    const db = service(rest.get());
    const before = await db.from('notes').select('title, rating').gte('rating', 2).order('title');
    expect(before.data).toHaveLength(3);
    const refused = await db.rpc('bump_ratings', { min_rating: 2 }).setHeader('Prefer', STRICT(2));
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
    });
    const after = await db.from('notes').select('title, rating').gte('rating', 2).order('title');
    expect(after.data).toEqual(before.data);
    const allowed = await db.rpc('bump_ratings', { min_rating: 5 }).setHeader('Prefer', STRICT(1));
    expect(allowed.error).toBeNull();
    expect(allowed.data).toHaveLength(1);
  });
});

/**
 * A request as PostgREST receives it with a body and media types supabase-js cannot send: postgrest-js sets
 * `Content-Type: application/json` on every POST, JSON-encodes the body and JSON-parses any answer but CSV and plan
 * text, so a raw text, XML or binary call goes through fetch with the publishable key, as a browser or curl would.
 */
function raw(path: string, init: { method?: string; headers: Record<string, string>; body?: BodyInit }) {
  return fetch(`${rest.get().url}/rest/v1/${path}`, {
    method: init.method ?? 'POST',
    headers: { apikey: PUBLISHABLE_KEY, ...init.headers },
    body: init.body,
  });
}

describe('Data API functions with a body that is not JSON, answering in their own media type', () => {
  it('passes a text/plain body to the one unnamed text parameter and answers text/plain as it is', async () => {
    const res = await raw('rpc/unnamed_text_param', {
      headers: { 'Content-Type': 'text/plain', Accept: 'text/plain' },
      body: 'unnamed text arg, with "quotes" and ünïcode',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('unnamed text arg, with "quotes" and ünïcode');
    // Without Accept: text/plain the same value answers as JSON.
    const json = await raw('rpc/unnamed_text_param', {
      headers: { 'Content-Type': 'text/plain' },
      body: 'abc',
    });
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.json()).toBe('abc');
  });

  it('passes a text/xml body to the one unnamed xml parameter, and refuses malformed XML as Postgres does', async () => {
    const xml = '<note><from>John</from><to>Jane</to><message>Remember me</message></note>';
    const res = await raw('rpc/unnamed_xml_param', {
      headers: { 'Content-Type': 'text/xml', Accept: 'text/xml' },
      body: xml,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(await res.text()).toBe(xml);
    const bad = await raw('rpc/unnamed_xml_param', {
      headers: { 'Content-Type': 'text/xml', Accept: 'text/xml' },
      body: '<',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: '2200N', message: 'invalid XML content' });
  });

  it('passes application/octet-stream bytes to the one unnamed bytea parameter and answers the same bytes', async () => {
    const bytes = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x5c, 0x78, 0x27,
    ]);
    const res = await raw('rpc/unnamed_bytea_param', {
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/octet-stream' },
      body: bytes,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('answers PGRST202 naming the unnamed parameter it looked for, by Content-Type', async () => {
    for (const [type, param] of [
      ['text/plain', 'text'],
      ['text/xml', 'xml'],
      ['application/octet-stream', 'bytea'],
    ]) {
      const res = await raw('rpc/unnamed_int_param', {
        headers: { 'Content-Type': type! },
        body: 'a simple text',
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.unnamed_int_param in the schema cache',
        details: `Searched for the function public.unnamed_int_param with a single unnamed ${param} parameter, but no matches were found in the schema cache.`,
        hint: null,
      });
    }
    // supabase-js sends a string argument as a JSON body: it does not reach the unnamed text parameter.
    const viaJs = await anon(rest.get()).rpc('unnamed_text_param', 'x' as never);
    expect(viaJs.status).toBe(404);
    expect(viaJs.error).toMatchObject({
      code: 'PGRST202',
      details:
        'Searched for the function public.unnamed_text_param without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });

  it('among overloads, prefers named parameters and falls back to the unnamed one by Content-Type', async () => {
    const db = anon(rest.get());
    expect((await db.rpc('overloaded_unnamed_param', {})).data).toBe(1);
    expect((await db.rpc('overloaded_unnamed_param', { x: 1, y: 2 })).data).toBe(3);
    expect((await db.rpc('overloaded_unnamed_param', { A: 1, B: 2 })).data).toEqual({ A: 1, B: 2 });
    // GET never falls back, whatever its Content-Type says.
    expect((await db.rpc('overloaded_unnamed_param', {}, { get: true })).data).toBe(1);
    const get = await raw('rpc/overloaded_unnamed_param', {
      method: 'GET',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(await get.json()).toBe(1);
    const text = await raw('rpc/overloaded_unnamed_param', {
      headers: { 'Content-Type': 'text/plain', Accept: 'text/plain' },
      body: 'unnamed text arg',
    });
    expect(await text.text()).toBe('unnamed text arg');
    const bytes = new Uint8Array([1, 2, 3, 0]);
    const binary = await raw('rpc/overloaded_unnamed_param', {
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/octet-stream' },
      body: bytes,
    });
    expect(new Uint8Array(await binary.arrayBuffer())).toEqual(bytes);
  });

  it('refuses a media type the function does not return (406), and a raw body to a table (PGRST102)', async () => {
    const db = anon(rest.get());
    const welcome = await db.rpc('welcome', {}, { get: true }).setHeader('Accept', 'text/plain');
    expect(welcome.status).toBe(406);
    expect(welcome.error).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: text/plain',
    });
    const table = await raw('labels', {
      headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${SECRET_KEY}`, apikey: SECRET_KEY },
      body: 'name',
    });
    expect(table.status).toBe(400);
    expect(await table.json()).toMatchObject({
      code: 'PGRST102',
      message: 'Content-Type not acceptable: text/plain',
    });
  });

  it('inserts rows from a CSV or form body, as PostgREST reads them', async () => {
    const headers = {
      apikey: SECRET_KEY,
      Authorization: `Bearer ${SECRET_KEY}`,
      Prefer: 'return=representation',
    };
    const csv = await raw('labels?select=name', {
      headers: { ...headers, 'Content-Type': 'text/csv' },
      body: 'name\r\ncsv one\r\n"csv, ""two"""\r\n',
    });
    expect(csv.status).toBe(201);
    expect(await csv.json()).toEqual([{ name: 'csv one' }, { name: 'csv, "two"' }]);
    const form = await raw('labels?select=name', {
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'form & one' }).toString(),
    });
    expect(form.status).toBe(201);
    expect(await form.json()).toEqual([{ name: 'form & one' }]);
    const { data } = await service(rest.get()).from('labels').select('name').like('name', '%one');
    expect(data?.map((l) => l.name).sort()).toEqual(['csv one', 'form & one']);
  });
});
