import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StorageError } from '../../local-supabase/src/storage/errors.ts';
import { DiskBlobStore, MemoryBlobStore } from '../../local-supabase/src/storage/files.ts';

// The stores of object bytes on their own: what an upload streams in is counted, hashed and kept whole, or refused
// at the first byte over the limit with nothing left behind.

const MB = 1024 * 1024;
const root = mkdtempSync(path.join(os.tmpdir(), 'storage-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `bytes` as a request body arrives: chunks of an odd size. */
async function* streamOf(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += 65_521) yield bytes.subarray(at, at + 65_521);
}

const read = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer());

describe.each([
  ['on disk', () => new DiskBlobStore(path.join(root, randomUUID()))],
  ['in memory', () => new MemoryBlobStore()],
])('the blob store %s', (_name, create) => {
  it('streams an upload in: its size, its MD5 as the quoted ETag, its bytes as sent, and a copy of them', async () => {
    const store = create();
    const bytes = randomBytes(3 * MB + 999);
    const version = randomUUID();
    expect(await store.write(version, streamOf(bytes), bytes.length)).toEqual({
      size: bytes.length,
      eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    });
    expect((await read(store.read(version))).equals(bytes)).toBe(true);
    expect((await read(store.read(version, 10, 19))).equals(bytes.subarray(10, 20))).toBe(true);
    const copy = randomUUID();
    await store.copy(version, copy);
    expect((await store.readAll(copy)).equals(bytes)).toBe(true);
  });

  it('refuses the first byte over the limit with 413 and keeps nothing of the upload', async () => {
    const store = create();
    const version = randomUUID();
    const refused = store.write(version, streamOf(randomBytes(2 * MB)), MB);
    await expect(refused).rejects.toSatisfy((e) => e instanceof StorageError && e.status === 413);
    await expect(Promise.resolve().then(() => read(store.read(version)))).rejects.toBeDefined();
    expect(await store.sweep(new Set())).toBe(0);
  });
});

it('writes a version on disk through .tmp/, renamed into place, leaving nothing in .tmp/', async () => {
  const dir = path.join(root, randomUUID());
  const store = new DiskBlobStore(dir);
  const version = randomUUID();
  const bytes = randomBytes(MB + 5);
  await store.write(version, streamOf(bytes), bytes.length);
  expect(readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  const file = path.join(dir, version.slice(0, 2), version);
  expect(existsSync(file) && readFileSync(file).equals(bytes)).toBe(true);
});
