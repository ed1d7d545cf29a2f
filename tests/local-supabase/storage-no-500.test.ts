import { request } from 'node:http';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHABLE_KEY, SECRET_KEY } from '../../local-supabase/src/crypto/keys.ts';
import { serviceClient, storageServerForFile, tokenOf, users } from './storage-helpers.ts';

// storageServerForFile (authServerForFile) fails the file if the server logged any failure, i.e. answered 500.
const s = storageServerForFile();
let userToken = '';
let userId = '';

beforeAll(async () => {
  const u = await users(s.get());
  userToken = await tokenOf(u.alice.client);
  userId = u.alice.id;
  const files = serviceClient(s.get()).storage.from('private');
  await files.upload(`${userId}/file.txt`, 'text');
  await files.upload(`${userId}/image.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), {
    contentType: 'image/png',
  });
});

const PATHS = () => [
  '',
  '/',
  '/bucket',
  '/bucket/private',
  '/bucket/nope',
  '/bucket/%ZZ',
  '/bucket/private/empty',
  '/object',
  '/object/private',
  `/object/private/${userId}/file.txt`,
  `/object/private/${userId}/missing.txt`,
  `/object/private/${userId}/%`,
  `/object/authenticated/private/${userId}/file.txt`,
  `/object/public/private/${userId}/file.txt`,
  `/object/info/private/${userId}/file.txt`,
  `/object/info/public/private/${userId}/file.txt`,
  '/object/list/private',
  '/object/list/%E0%A4%A',
  '/object/move',
  '/object/copy',
  `/object/sign/private/${userId}/file.txt`,
  '/object/sign/private',
  `/object/upload/sign/private/${userId}/new.txt`,
  `/render/image/authenticated/private/${userId}/image.png`,
  `/render/image/public/private/${userId}/image.png`,
  `/render/image/sign/private/${userId}/image.png`,
  '/object/private/a\u0000b',
];

const BODIES = [
  '',
  'not json',
  '[]',
  'null',
  '{"a":',
  '"string"',
  '{"name":123,"id":[],"public":"yes","file_size_limit":"lots","allowed_mime_types":"text/plain"}',
  '{"name":"n\\u0000ul","file_size_limit":-5,"allowed_mime_types":[1]}',
  '{"prefixes":"x"}',
  '{"prefixes":[1,null]}',
  `{"prefixes":${JSON.stringify(Array.from({ length: 1001 }, (_, i) => `f${i}`))}}`,
  '{"expiresIn":"abc","paths":[1]}',
  '{"expiresIn":-1,"transform":{"width":"x","quality":1000,"format":"gif"}}',
  '{"expiresIn":99999999999999999999}',
  '{"prefix":5,"limit":-1,"offset":"x","sortBy":"name","search":[]}',
  '{"prefix":"\\u0000","search":"%_\\\\","limit":1e309,"sortBy":{"column":"nope","order":"sideways"}}',
  '{"bucketId":"private","sourceKey":null,"destinationKey":"../x"}',
  '{"bucketId":"private","sourceKey":"x","destinationKey":"y","destinationBucket":"nope","metadata":"m","copyMetadata":"no"}',
  '{"bucketId":"p\\u0000","sourceKey":"a\\u0000","destinationKey":"b"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];

const HEADERS: Record<string, string>[] = [
  {},
  { 'content-type': 'application/json' },
  { 'content-type': 'multipart/form-data' },
  { 'content-type': 'multipart/form-data; boundary=zzz' },
  { 'content-type': 'text/plain', 'x-metadata': 'not base64 json' },
  { 'content-type': 'text/plain', 'x-metadata': Buffer.from('[1,2]').toString('base64') },
  { 'content-type': 'text/plain', 'x-metadata': Buffer.from('{"a":"\\u0000"}').toString('base64') },
  { 'content-type': 'no-slash', 'x-upsert': 'maybe' },
  { range: 'bytes=9-1' },
  { range: 'bytes=abc' },
  { range: 'bytes=100000-200000' },
  { 'if-none-match': '*' },
];

const AUTH = (): Record<string, string>[] => [
  { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${userToken}` },
  { apikey: SECRET_KEY },
  { apikey: 'wrong' },
  { authorization: 'Bearer x.y.z' },
  { authorization: 'Basic abc' },
  { apikey: PUBLISHABLE_KEY, authorization: 'Bearer e30.e30.' },
  {},
];

async function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  const res = await fetch(`${s.get().url}/storage/v1${path}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
  await res.arrayBuffer();
  return res.status;
}

describe('no malformed Storage request answers 500', () => {
  it('every route, method and malformed body', { timeout: 120_000 }, async () => {
    const seen = new Set<number>();
    for (const path of PATHS()) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        const bodies = method === 'GET' || method === 'HEAD' ? [''] : BODIES;
        for (const body of bodies) {
          const status = await send(method, path, { ...AUTH()[0], 'content-type': 'application/json' }, body);
          expect(status, `${method} ${path} ${body.slice(0, 60)}`).toBeLessThan(500);
          seen.add(status);
        }
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining([200, 400, 404]));
  });

  it('every route with malformed headers and credentials', { timeout: 120_000 }, async () => {
    const cases = [
      ...HEADERS.map((headers) => ({ ...AUTH()[0], ...headers })),
      ...AUTH().map((auth) => ({ ...auth, 'content-type': 'text/plain' })),
    ];
    for (const path of PATHS()) {
      for (const method of ['GET', 'POST', 'PUT']) {
        for (const headers of cases) {
          const status = await send(method, path, headers, method === 'GET' ? undefined : '--zzz\r\nbroken');
          expect(status, `${method} ${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
        }
      }
    }
  });

  it('bad signed-URL tokens and transformation options', async () => {
    const now = Math.floor(Date.now() / 1000);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ url: `private/${userId}/file.txt`, exp: now + 60 })).toString('base64url')}.`;
    const wrongKey = await new SignJWT({ url: `private/${userId}/file.txt` })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('k'.repeat(64)));
    for (const token of ['', 'garbage', 'a.b.c', none, wrongKey, 'x'.repeat(10000)]) {
      for (const route of ['object/sign', 'render/image/sign']) {
        const status = await send(
          'GET',
          `/${route}/private/${userId}/file.txt?token=${encodeURIComponent(token)}`,
          {},
        );
        expect(status, `${route} ${token.slice(0, 20)}`).toBe(400);
      }
      const put = await send(
        'PUT',
        `/object/upload/sign/private/${userId}/up.txt?token=${encodeURIComponent(token)}`,
        { 'content-type': 'text/plain' },
        'x',
      );
      expect(put).toBe(400);
    }
    const auth = { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${userToken}` };
    for (const query of [
      'width=-1',
      'width=abc',
      'width=99999',
      'height=1.5',
      'quality=0',
      'quality=101',
      'format=gif',
      'resize=squash',
      'width=10&format=avif',
    ]) {
      for (const name of ['image.png', 'file.txt', 'missing.png']) {
        const status = await send(
          'GET',
          `/render/image/authenticated/private/${userId}/${name}?${query}`,
          auth,
        );
        expect(status, `${name}?${query}`).toBeLessThan(500);
      }
    }
  });

  it('raw request targets and header values fetch would not send', async () => {
    const url = new URL(s.get().url);
    const raw = (method: string, target: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, method, path: target, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end(method === 'GET' ? undefined : 'x');
      });
    const auth = { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${userToken}` };
    for (const [method, target, headers] of [
      ['POST', `/storage/v1/object/private/${userId}/%ff%fe.txt`, { 'content-type': 'text/plain' }],
      [
        'POST',
        `/storage/v1/object/private/${userId}/x.txt`,
        { 'content-type': 'text/plain', 'cache-control': 'max-age=1\u00ff' },
      ],
      ['POST', `/storage/v1/object/private/${userId}/y.txt`, { 'content-type': 'text/pl\u00e4in' }],
      ['GET', `/storage/v1/object/private/${userId}/../../../../etc/passwd`, {}],
      ['GET', '/storage/v1/object/private//', {}],
      ['GET', '/storage/v1/object/private/%2F%2F', {}],
    ] as [string, string, Record<string, string>][]) {
      const status = await raw(method, target, { ...auth, ...headers });
      expect(status, target).toBeLessThan(500);
    }
  });
});
