import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  HS256_SECRET,
  PUBLISHABLE_KEY,
  SERVICE_ROLE_KEY,
} from '../../local-supabase/src/crypto/keys.ts';
import { anon, restForFile, seed, service, userToken, type Seeded } from './rest-helpers.ts';

const rest = restForFile();
let s: Seeded;
beforeAll(async () => {
  s = await seed(rest.get());
});

function get(path: string, headers: Record<string, string>) {
  const f = rest.get();
  return f.fetch(`${f.url}/rest/v1${path}`, { headers });
}

const titles = (rows: { title: string }[] | null) => (rows ?? []).map((r) => r.title).sort();

describe('Data API and row-level security', () => {
  it('each user reads their own notes and the published ones; anon only the published; service_role all', async () => {
    expect(titles((await s.alice.client.from('notes').select('title')).data)).toEqual([
      'a-draft',
      'a-public',
      'a-rated',
      'b-public',
    ]);
    expect(titles((await s.bob.client.from('notes').select('title')).data)).toEqual([
      'a-public',
      'b-draft',
      'b-public',
    ]);
    expect(titles((await anon(rest.get()).from('notes').select('title')).data)).toEqual([
      'a-public',
      'b-public',
    ]);
    expect((await service(rest.get()).from('notes').select('title')).data).toHaveLength(5);
    expect((await anon(rest.get()).from('messages').select()).data).toEqual([]);
    expect((await s.bob.client.from('messages').select('body')).data).toEqual([{ body: 'hi bob' }]);
  });

  it("user A can neither update nor delete user B's rows, nor write as B", async () => {
    const a = s.alice.client;
    const update = await a.from('notes').update({ title: 'hijacked' }).eq('id', s.notes['b-draft']).select();
    expect([update.status, update.data]).toEqual([200, []]);
    const updatePublic = await a
      .from('notes')
      .update({ title: 'hijacked' })
      .eq('id', s.notes['b-public'])
      .select();
    expect(updatePublic.data).toEqual([]);
    const del = await a.from('notes').delete().eq('owner_id', s.bob.id).select();
    expect(del.data).toEqual([]);
    const forge = await a.from('notes').insert({ title: 'as bob', owner_id: s.bob.id });
    expect([forge.status, forge.error!.code]).toEqual([403, '42501']);
    expect(forge.error!.message).toBe('new row violates row-level security policy for table "notes"');
    const stolen = await a
      .from('notes')
      .update({ owner_id: s.alice.id })
      .eq('id', s.notes['b-public'])
      .select();
    expect(stolen.data).toEqual([]);
    const bobs = await service(rest.get()).from('notes').select('title').eq('owner_id', s.bob.id);
    expect(titles(bobs.data)).toEqual(['b-draft', 'b-public']);
  });

  it('anon gets 401 and a user 403 for a write the grants or policies refuse (42501)', async () => {
    const anonWrite = await anon(rest.get()).from('notes').insert({ title: 'anon' });
    expect([anonWrite.status, anonWrite.error!.code]).toEqual([401, '42501']);
    const userWrite = await s.alice.client
      .from('messages')
      .insert({ sender_id: s.bob.id, recipient_id: s.alice.id, body: 'x' });
    expect([userWrite.status, userWrite.error!.code]).toEqual([403, '42501']);
  });

  it('accepts the legacy anon and service_role JWTs as apikey and bearer', async () => {
    const asAnon = await get('/notes?select=title', {
      apikey: ANON_KEY,
      Authorization: `Bearer ${ANON_KEY}`,
    });
    expect(((await asAnon.json()) as unknown[]).length).toBe(2);
    const asService = await get('/notes?select=title', {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
    });
    expect(((await asService.json()) as unknown[]).length).toBe(5);
  });

  it('refuses a missing or unknown apikey as the gateway does', async () => {
    const missing = await get('/notes', {});
    expect([missing.status, await missing.json()]).toEqual([
      401,
      { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
    ]);
    const wrong = await get('/notes', { apikey: 'sb_publishable_nope' });
    expect([wrong.status, ((await wrong.json()) as { message: string }).message]).toEqual([
      401,
      'Invalid API key',
    ]);
  });

  it('answers 401 PGRST303 for an expired token and PGRST301 for a forged or malformed one', async () => {
    const expired = await userToken(rest.get(), s.alice.id, -120);
    const res = await get('/notes', { apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${expired}` });
    expect([res.status, await res.json()]).toEqual([
      401,
      { code: 'PGRST303', message: 'JWT expired', details: null, hint: null },
    ]);
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    const valid = await userToken(rest.get(), s.alice.id);
    const [h] = valid.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: s.bob.id, role: 'authenticated', exp: 9999999999 }),
    ).toString('base64url');
    const forged = await get('/notes', {
      apikey: PUBLISHABLE_KEY,
      Authorization: `Bearer ${h}.${forgedPayload}.${valid.split('.')[2]}`,
    });
    expect([forged.status, ((await forged.json()) as { code: string }).code]).toEqual([401, 'PGRST301']);
    const parts = await get('/notes', { apikey: PUBLISHABLE_KEY, Authorization: 'Bearer abc.def' });
    expect([parts.status, await parts.json()]).toEqual([
      401,
      { code: 'PGRST301', message: 'Expected 3 parts in JWT; got 2', details: null, hint: null },
    ]);
  });

  it('runs only as anon, authenticated or service_role, whatever a valid token claims', async () => {
    const sign = (role: string) =>
      new SignJWT({ role, sub: s.alice.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(HS256_SECRET);
    const postgres = await get('/notes', {
      apikey: PUBLISHABLE_KEY,
      Authorization: `Bearer ${await sign('postgres')}`,
    });
    expect([postgres.status, await postgres.json()]).toEqual([
      403,
      { code: '42501', message: 'permission denied to set role "postgres"', details: null, hint: null },
    ]);
    const made = await get('/notes', {
      apikey: PUBLISHABLE_KEY,
      Authorization: `Bearer ${await sign('nobody')}`,
    });
    expect([made.status, await made.json()]).toEqual([
      401,
      { code: '22023', message: 'role "nobody" does not exist', details: null, hint: null },
    ]);
  });
});
