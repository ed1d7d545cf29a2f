import sharp from 'sharp';
import { SignJWT } from 'jose';
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { HS256_SECRET, PUBLISHABLE_KEY } from '../../local-supabase/src/crypto/keys.ts';
import { serviceClient, storageServerForFile, tokenOf, users, type Users } from './storage-helpers.ts';

const s = storageServerForFile();
let u: Users;

beforeAll(async () => {
  u = await users(s.get());
});

const text = async (blob: Blob | null) => (blob ? await blob.text() : null);

/** A PNG of the given size, made with sharp. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

describe('buckets', () => {
  it('are created, listed, read, updated, emptied and deleted with the secret key', async () => {
    const svc = serviceClient(s.get()).storage;
    expect(
      (await svc.createBucket('docs', { public: false, fileSizeLimit: '2MB', allowedMimeTypes: ['text/*'] }))
        .data,
    ).toEqual({
      name: 'docs',
    });
    const listed = (await svc.listBuckets()).data!.map((b) => b.id);
    expect(listed).toEqual(expect.arrayContaining(['docs', 'private', 'public-bucket', 'limited']));
    const { data: got } = await svc.getBucket('docs');
    expect(got).toMatchObject({
      id: 'docs',
      name: 'docs',
      public: false,
      file_size_limit: 2_000_000,
      allowed_mime_types: ['text/*'],
    });
    expect((await svc.updateBucket('docs', { public: true, fileSizeLimit: 1000 })).data).toEqual({
      message: 'Successfully updated',
    });
    expect((await svc.getBucket('docs')).data).toMatchObject({ public: true, file_size_limit: 1000 });
    await svc.from('docs').upload('a.txt', 'x', { contentType: 'text/plain' });
    const refused = await svc.deleteBucket('docs');
    expect(refused.error).toMatchObject({ statusCode: '409' });
    expect((await svc.emptyBucket('docs')).data).toEqual({ message: 'Successfully emptied' });
    expect((await svc.from('docs').list()).data).toEqual([]);
    expect((await svc.deleteBucket('docs')).data).toEqual({ message: 'Successfully deleted' });
    expect((await svc.getBucket('docs')).error).toMatchObject({
      statusCode: '404',
      message: 'Bucket not found',
    });
  });

  it('list with search, sort, limit and offset', async () => {
    const svc = serviceClient(s.get()).storage;
    const names = (opts: Parameters<typeof svc.listBuckets>[0]) =>
      svc.listBuckets(opts).then((r) => r.data!.map((b) => b.name));
    expect(await names({ search: 'priv' })).toEqual(['private']);
    expect(await names({ sortColumn: 'name', sortOrder: 'desc', limit: 2 })).toEqual([
      'public-bucket',
      'private',
    ]);
    // The project's config.toml adds its own buckets (avatars): the search keeps to this file's.
    expect(await names({ search: 'p', sortColumn: 'name', sortOrder: 'asc', limit: 1, offset: 1 })).toEqual([
      'public-bucket',
    ]);
  });

  it('refuse a duplicate (409), an invalid name (400) and an anonymous creator (403 from RLS)', async () => {
    const svc = serviceClient(s.get()).storage;
    expect((await svc.createBucket('private')).error).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    });
    expect((await svc.createBucket('bad/name')).error).toMatchObject({
      statusCode: '400',
      message: 'Bucket name invalid',
    });
    expect((await u.anon.storage.createBucket('mine')).error).toMatchObject({ statusCode: '403' });
    expect((await u.alice.client.storage.createBucket('mine')).error).toMatchObject({ statusCode: '403' });
  });

  it('are visible as policies on storage.buckets say: signed-in users see them, anon sees none', async () => {
    expect((await u.alice.client.storage.listBuckets()).data!.length).toBeGreaterThanOrEqual(3);
    expect((await u.anon.storage.listBuckets()).data).toEqual([]);
    expect((await u.anon.storage.getBucket('private')).error).toMatchObject({ statusCode: '404' });
  });
});

describe('uploads and downloads as the caller', () => {
  it('upload a raw body with content type, cache-control and user metadata; owner_id is the token sub', async () => {
    const files = u.alice.client.storage.from('private');
    const path = `${u.alice.id}/raw.txt`;
    const up = await files.upload(path, 'hello raw', {
      contentType: 'text/plain',
      cacheControl: '60',
      metadata: { k: 'v' },
    });
    expect(up.data).toMatchObject({ path, fullPath: `private/${path}` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const info = await files.info(path);
    expect(info.data).toMatchObject({
      name: path,
      bucketId: 'private',
      size: 9,
      contentType: 'text/plain',
      cacheControl: 'max-age=60',
      metadata: { k: 'v' },
    });
    const row = await serviceClient(s.get()).storage.from('private').list(u.alice.id, { search: 'raw' });
    expect(row.data![0]!.metadata).toMatchObject({ size: 9, mimetype: 'text/plain' });
    expect(await text((await files.download(path)).data)).toBe('hello raw');
  });

  it('upload a multipart form (a Blob) with its fields', async () => {
    const files = u.alice.client.storage.from('private');
    const path = `${u.alice.id}/form.bin`;
    const blob = new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'application/x-test' });
    const up = await files.upload(path, blob, { cacheControl: '120', metadata: { from: 'form' } });
    expect(up.error).toBeNull();
    const info = (await files.info(path)).data!;
    expect(info).toMatchObject({
      size: 4,
      contentType: 'application/x-test',
      cacheControl: 'max-age=120',
      metadata: { from: 'form' },
    });
    const body = new Uint8Array(await (await files.download(path)).data!.arrayBuffer());
    expect([...body]).toEqual([1, 2, 3, 4]);
  });

  it('refuse a second upload to the same name (409) unless x-upsert, which replaces the bytes', async () => {
    const files = u.alice.client.storage.from('private');
    const path = `${u.alice.id}/again.txt`;
    await files.upload(path, 'one');
    expect((await files.upload(path, 'two')).error).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    });
    expect((await files.upload(path, 'three', { upsert: true })).error).toBeNull();
    expect(await text((await files.download(path)).data)).toBe('three');
    expect((await files.update(path, 'four')).error).toBeNull();
    expect(await text((await files.download(path)).data)).toBe('four');
  });

  it('answer exists (true/false) and a missing object as NoSuchKey (body status 404)', async () => {
    const files = u.alice.client.storage.from('private');
    await files.upload(`${u.alice.id}/here.txt`, 'x');
    expect((await files.exists(`${u.alice.id}/here.txt`)).data).toBe(true);
    expect((await files.exists(`${u.alice.id}/nowhere.txt`)).data).toBe(false);
    expect((await files.download(`${u.alice.id}/nowhere.txt`)).error).toMatchObject({ statusCode: '404' });
  });

  it('serve the stored type with nosniff, HTML as text/plain, every file under a sandbox CSP, download= as attachment', async () => {
    const files = u.alice.client.storage.from('private');
    await files.upload(`${u.alice.id}/page.html`, '<script>alert(1)</script>', { contentType: 'text/html' });
    await files.upload(
      `${u.alice.id}/pic.svg`,
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      {
        contentType: 'image/svg+xml',
      },
    );
    const token = await tokenOf(u.alice.client);
    const get = (path: string) =>
      fetch(`${s.get().url}/storage/v1/object/private/${path}`, {
        headers: { authorization: `Bearer ${token}`, apikey: PUBLISHABLE_KEY },
      });
    const html = await get(`${u.alice.id}/page.html`);
    expect(html.headers.get('content-type')).toBe('text/plain');
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await get(`${u.alice.id}/pic.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'none'");
    const named = await get(`${u.alice.id}/pic.svg?download=${encodeURIComponent('ré sumé.svg')}`);
    expect(named.headers.get('content-disposition')).toBe(
      "attachment; filename=r%C3%A9%20sum%C3%A9.svg; filename*=UTF-8''r%C3%A9%20sum%C3%A9.svg",
    );
    expect((await get(`${u.alice.id}/pic.svg?download`)).headers.get('content-disposition')).toBe(
      'attachment;',
    );
  });

  it('answer a byte range with 206 and Content-Range', async () => {
    const files = u.alice.client.storage.from('private');
    await files.upload(`${u.alice.id}/range.txt`, '0123456789');
    const token = await tokenOf(u.alice.client);
    const res = await fetch(`${s.get().url}/storage/v1/object/private/${u.alice.id}/range.txt`, {
      headers: { authorization: `Bearer ${token}`, apikey: PUBLISHABLE_KEY, range: 'bytes=2-4' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await res.text()).toBe('234');
  });
});

describe('policies decide for two users and anon', () => {
  it("another user can neither read, replace, move nor delete alice's file, nor write in her folder", async () => {
    const path = `${u.alice.id}/secret.txt`;
    await u.alice.client.storage.from('private').upload(path, 'alice only');
    const bob = u.bob.client.storage.from('private');
    expect((await bob.download(path)).error).toMatchObject({ statusCode: '404' });
    expect((await bob.info(path)).error).toMatchObject({ statusCode: '404' });
    expect((await bob.upload(path, 'mine now', { upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect((await bob.upload(`${u.alice.id}/new.txt`, 'x')).error).toMatchObject({ statusCode: '403' });
    expect((await bob.move(path, `${u.bob.id}/stolen.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await bob.remove([path])).data).toEqual([]);
    expect((await bob.createSignedUrl(path, 60)).error).toMatchObject({ statusCode: '404' });
    expect(await text((await u.alice.client.storage.from('private').download(path)).data)).toBe('alice only');
  });

  it('anon can do nothing in a private bucket; shared files are read by any signed-in user', async () => {
    const svc = serviceClient(s.get()).storage.from('private');
    await svc.upload('shared/notice.txt', 'for everyone signed in');
    expect(await text((await u.bob.client.storage.from('private').download('shared/notice.txt')).data)).toBe(
      'for everyone signed in',
    );
    const anon = u.anon.storage.from('private');
    expect((await anon.download('shared/notice.txt')).error).toMatchObject({ statusCode: '404' });
    expect((await anon.upload('shared/x.txt', 'x')).error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((await anon.list('shared')).data).toEqual([]);
  });

  it('service_role bypasses RLS', async () => {
    const path = `${u.alice.id}/for-admin.txt`;
    await u.alice.client.storage.from('private').upload(path, 'admin can read');
    expect(await text((await serviceClient(s.get()).storage.from('private').download(path)).data)).toBe(
      'admin can read',
    );
  });

  it('public buckets are read by URL without a key; private ones are not', async () => {
    const path = `${u.alice.id}/public.txt`;
    await u.alice.client.storage
      .from('public-bucket')
      .upload(path, 'public text', { contentType: 'text/plain' });
    const { publicUrl } = u.anon.storage.from('public-bucket').getPublicUrl(path).data;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('public text');
    const priv = u.anon.storage.from('private').getPublicUrl(`${u.alice.id}/secret.txt`).data.publicUrl;
    const refused = await fetch(priv);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });
});

describe('list, move, copy, remove', () => {
  it('lists one folder level with prefix, limit, offset, sort and search', async () => {
    const files = u.bob.client.storage.from('private');
    for (const name of ['b.txt', 'a.txt', 'c.md', 'sub/inner.txt'])
      await files.upload(`${u.bob.id}/${name}`, name);
    const names = async (opts?: Parameters<typeof files.list>[1]) =>
      (await files.list(u.bob.id, opts)).data!.map((f) => [f.name, f.id === null ? 'folder' : 'file']);
    expect(await names()).toEqual([
      ['a.txt', 'file'],
      ['b.txt', 'file'],
      ['c.md', 'file'],
      ['sub', 'folder'],
    ]);
    expect(await names({ limit: 2, offset: 1 })).toEqual([
      ['b.txt', 'file'],
      ['c.md', 'file'],
    ]);
    expect(await names({ sortBy: { column: 'name', order: 'desc' }, limit: 2 })).toEqual([
      ['sub', 'folder'],
      ['c.md', 'file'],
    ]);
    expect(await names({ search: 'c' })).toEqual([['c.md', 'file']]);
    expect((await files.list(`${u.bob.id}/sub`)).data!.map((f) => f.name)).toEqual(['inner.txt']);
    const byDate = (await files.list(u.bob.id, { sortBy: { column: 'created_at', order: 'desc' } })).data!;
    expect(byDate[0]!.name).toBe('sub');
    // Folders (which have no dates) first, then files newest first.
    expect(byDate[1]!.name).toBe('c.md');
  });

  it('moves and copies within and across buckets, and removes many at once', async () => {
    const files = u.alice.client.storage.from('private');
    const from = `${u.alice.id}/move-me.txt`;
    await files.upload(from, 'moving', { metadata: { m: 1 } });
    expect((await files.move(from, `${u.alice.id}/moved.txt`)).data).toEqual({
      message: 'Successfully moved',
    });
    expect((await files.exists(from)).data).toBe(false);
    expect(await text((await files.download(`${u.alice.id}/moved.txt`)).data)).toBe('moving');
    const copied = await files.copy(`${u.alice.id}/moved.txt`, `${u.alice.id}/copied.txt`);
    expect(copied.data).toEqual({ path: `private/${u.alice.id}/copied.txt` });
    expect((await files.info(`${u.alice.id}/copied.txt`)).data!.metadata).toEqual({ m: 1 });
    const across = await files.copy(`${u.alice.id}/moved.txt`, `${u.alice.id}/across.txt`, {
      destinationBucket: 'public-bucket',
    });
    expect(across.error).toBeNull();
    expect(
      await (
        await fetch(
          u.anon.storage.from('public-bucket').getPublicUrl(`${u.alice.id}/across.txt`).data.publicUrl,
        )
      ).text(),
    ).toBe('moving');
    expect((await files.copy(`${u.alice.id}/moved.txt`, `${u.bob.id}/gift.txt`)).error).toMatchObject({
      statusCode: '403',
    });
    const removed = await files.remove([
      `${u.alice.id}/moved.txt`,
      `${u.alice.id}/copied.txt`,
      `${u.alice.id}/never.txt`,
    ]);
    expect(removed.data!.map((o) => o.name).sort()).toEqual([
      `${u.alice.id}/copied.txt`,
      `${u.alice.id}/moved.txt`,
    ]);
    expect((await files.exists(`${u.alice.id}/copied.txt`)).data).toBe(false);
  });
});

describe('signed URLs', () => {
  it('sign one and many downloads that work without a key until they expire', async () => {
    const files = u.alice.client.storage.from('private');
    await files.upload(`${u.alice.id}/signed.txt`, 'signed text');
    const { data } = await files.createSignedUrl(`${u.alice.id}/signed.txt`, 60, { download: 'x.txt' });
    const res = await fetch(data!.signedUrl);
    expect(await res.text()).toBe('signed text');
    expect(res.headers.get('content-disposition')).toContain('filename=x.txt');
    const many = await files.createSignedUrls([`${u.alice.id}/signed.txt`, `${u.alice.id}/none.txt`], 60);
    expect(many.data![1]).toMatchObject({
      path: `${u.alice.id}/none.txt`,
      signedUrl: null,
      error: expect.any(String),
    });
    expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('signed text');
  });

  it('refuse an expired token, a token for another object and a forged one', async () => {
    const url = `private/${u.alice.id}/signed.txt`;
    const base = `${s.get().url}/storage/v1/object/sign/${url}`;
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ url })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 120)
      .setExpirationTime(now - 60)
      .sign(HS256_SECRET);
    const expiredRes = await fetch(`${base}?token=${expired}`);
    expect(expiredRes.status).toBe(400);
    expect(await expiredRes.json()).toMatchObject({ statusCode: '400', error: 'ExpiredToken' });
    const other = await new SignJWT({ url: 'private/elsewhere.txt' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 60)
      .sign(HS256_SECRET);
    expect(await (await fetch(`${base}?token=${other}`)).json()).toMatchObject({ error: 'InvalidSignature' });
    const forged = await new SignJWT({ url })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await fetch(`${base}?token=${forged}`)).status).toBe(400);
  });

  it('sign an upload URL for the caller that anyone holding it may use once the policy allowed it', async () => {
    const files = u.alice.client.storage.from('private');
    const path = `${u.alice.id}/via-signed-upload.txt`;
    const { data, error } = await files.createSignedUploadUrl(path);
    expect(error).toBeNull();
    const up = await u.anon.storage.from('private').uploadToSignedUrl(path, data!.token, 'uploaded by token');
    expect(up.error).toBeNull();
    expect(await text((await files.download(path)).data)).toBe('uploaded by token');
    expect((await files.info(path)).data).toMatchObject({ name: path });
    expect(
      (await u.bob.client.storage.from('private').createSignedUploadUrl(`${u.alice.id}/bob.txt`)).error,
    ).toMatchObject({
      statusCode: '403',
    });
  });
});

describe('image transformations', () => {
  it('resize, crop, change quality and format with sharp', async () => {
    const files = u.alice.client.storage.from('public-bucket');
    const path = `${u.alice.id}/photo.png`;
    await files.upload(path, await png(400, 200), { contentType: 'image/png' });
    const size = async (blob: Blob | null) => {
      const m = await sharp(Buffer.from(await blob!.arrayBuffer())).metadata();
      return [m.width, m.height, m.format];
    };
    expect(
      await size((await files.download(path, { transform: { width: 100, format: 'origin' } })).data),
    ).toEqual([100, 50, 'png']);
    expect(await size((await files.download(path, { transform: { width: 100, height: 100 } })).data)).toEqual(
      [100, 100, 'png'],
    );
    expect(
      await size(
        (await files.download(path, { transform: { width: 100, height: 100, resize: 'contain' } })).data,
      ),
    ).toEqual([100, 50, 'png']);
    expect(
      await size(
        (await files.download(path, { transform: { width: 100, height: 100, resize: 'fill' } })).data,
      ),
    ).toEqual([100, 100, 'png']);
    const webp = await fetch(
      files.getPublicUrl(path, { transform: { width: 80, quality: 50 } }).data.publicUrl,
      {
        headers: { accept: 'image/webp,*/*' },
      },
    );
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(80);
    const signed = await files.createSignedUrl(path, 60, { transform: { width: 40, format: 'origin' } });
    const signedRes = await fetch(signed.data!.signedUrl);
    expect((await sharp(Buffer.from(await signedRes.arrayBuffer())).metadata()).width).toBe(40);
  });

  it('refuse a file that is not an image, and invalid options, with 400s', async () => {
    const files = u.alice.client.storage.from('private');
    await files.upload(`${u.alice.id}/not-image.txt`, 'plain');
    expect(
      (await files.download(`${u.alice.id}/not-image.txt`, { transform: { width: 10 } })).error,
    ).toMatchObject({
      statusCode: '400',
    });
    const token = await tokenOf(u.alice.client);
    const res = await fetch(
      `${s.get().url}/storage/v1/render/image/authenticated/private/${u.alice.id}/not-image.txt?quality=5`,
      {
        headers: { authorization: `Bearer ${token}`, apikey: PUBLISHABLE_KEY },
      },
    );
    expect(res.status).toBe(400);
  });
});

describe('limits', () => {
  it('refuse a file over the bucket limit with 413, leaving no object behind', async () => {
    const files = u.alice.client.storage.from('limited');
    const big = new Uint8Array(2048);
    const raw = await files.upload(`${u.alice.id}/big.png`, big, { contentType: 'image/png' });
    expect(raw.error).toMatchObject({ statusCode: '413' });
    const form = await files.upload(`${u.alice.id}/big2.png`, new Blob([big], { type: 'image/png' }));
    expect(form.error).toMatchObject({ statusCode: '413' });
    // A stream of unknown length is cut off at the limit as it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(512));
        controller.close();
      },
    });
    const streamed = await files.upload(`${u.alice.id}/big3.png`, stream, { contentType: 'image/png' });
    expect(streamed.error).toMatchObject({ statusCode: '413' });
    expect((await files.list(u.alice.id)).data).toEqual([]);
    expect(
      (await files.upload(`${u.alice.id}/small.png`, new Uint8Array(1024), { contentType: 'image/png' }))
        .error,
    ).toBeNull();
  });

  it('refuse a type the bucket does not allow with 415; text/* allows any text', async () => {
    const files = u.alice.client.storage.from('limited');
    const refused = await files.upload(`${u.alice.id}/x.pdf`, 'x', { contentType: 'application/pdf' });
    expect(refused.error).toMatchObject({
      statusCode: '415',
      message: 'mime type application/pdf is not supported',
    });
    expect((await files.upload(`${u.alice.id}/x.csv`, 'a,b', { contentType: 'text/csv' })).error).toBeNull();
  });
});

describe('object names', () => {
  const bad = [
    'a/../b.txt',
    '../escape.txt',
    './here.txt',
    'back\\slash.txt',
    'tab\there.txt',
    'nul\u0000.txt',
    'new\nline.txt',
    'del\u007f.txt',
    'percent%2e.txt',
    'ünïcode.txt',
    'x'.repeat(1025),
  ];
  it.each(bad)('refuses %j as a name (InvalidKey, 400)', async (name) => {
    const files = u.alice.client.storage.from('private');
    await files.upload(`${u.alice.id}/source.txt`, 'x', { upsert: true });
    const moved = await files.move(`${u.alice.id}/source.txt`, `${u.alice.id}/${name}`);
    expect(moved.error).toMatchObject({ statusCode: '400', message: expect.stringMatching(/^Invalid key/) });
    const copied = await files.copy(`${u.alice.id}/source.txt`, `${u.alice.id}/${name}`);
    expect(copied.error).toMatchObject({ statusCode: '400', message: expect.stringMatching(/^Invalid key/) });
  });

  /** A request with its target exactly as written (fetch would resolve dot segments and backslashes first). */
  const rawRequest = (target: string, token: string) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const url = new URL(s.get().url);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: target,
          headers: {
            authorization: `Bearer ${token}`,
            apikey: PUBLISHABLE_KEY,
            'content-type': 'text/plain',
            'content-length': '1',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode!, body: JSON.parse(text) as Record<string, unknown> }),
          );
        },
      );
      req.on('error', reject);
      req.end('x');
    });

  it('refuses dot segments, backslashes and their percent-encoded variants in the request path', async () => {
    const token = await tokenOf(u.alice.client);
    const id = u.alice.id;
    for (const name of [
      `${id}/../${id}/x.txt`,
      `${id}/./x.txt`,
      `${id}/a\\b.txt`,
      `${id}%2F..%2F..%2Fx.txt`,
      `${id}/%2e%2e/x.txt`,
      `${id}/%2E%2E%5Cx.txt`,
      `${id}/%252e%252e/x.txt`,
      `${id}/%00.txt`,
      `${id}/%0d%0a.txt`,
      `${id}/%E0%A4%A.txt`,
    ]) {
      const res = await rawRequest(`/storage/v1/object/private/${name}`, token);
      expect(res.status, name).toBe(400);
      // A raw backslash is refused by the HTTP adapter before any API sees the request.
      if (name.includes('\\'))
        expect(res.body, name).toMatchObject({ msg: 'Malformed request: Backslash in request path' });
      else expect(res.body, name).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
  });
});
