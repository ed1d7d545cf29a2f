import { beforeAll, describe, expect, it } from 'vitest';
import { restForFile, seed, service } from './rest-helpers.ts';

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
