import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readdirSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS } from './errors.ts';

/** What a stored version holds: its size and the quoted MD5 ETag S3 and the storage service give it. */
export interface Written {
  size: number;
  eTag: string;
}

/**
 * The bytes of objects, one file per version (the `version` column of storage.objects), named by that random id
 * only, so no object name ever becomes a file path. A version is written whole before its row is committed and
 * deleted only after its row is gone; what a killed server leaves between the two steps is a file without a row,
 * which the next start sweeps (`sweep`). Never a row without its file.
 */
export interface BlobStore {
  /** Streams `body` into the version; refuses with 413 at the first byte past `limit`, leaving nothing behind. */
  write(version: string, body: AsyncIterable<Uint8Array>, limit: number): Promise<Written>;
  /** The version's bytes from `start` to `end` inclusive (the whole file without them). */
  read(version: string, start?: number, end?: number): ReadableStream<Uint8Array>;
  /** The whole version in memory (for image transformations, whose input is bounded by the bucket's limit). */
  readAll(version: string): Promise<Buffer>;
  copy(from: string, to: string): Promise<void>;
  remove(versions: readonly string[]): Promise<void>;
  /** Deletes every version not in `keep` and any half-written upload. */
  sweep(keep: ReadonlySet<string>): Promise<number>;
}

const hashOf = (md5: ReturnType<typeof createHash>) => `"${md5.digest('hex')}"`;

/** Versions as files under `<dataDir>/storage`: written to `.tmp/`, fsynced, renamed into place. */
export class DiskBlobStore implements BlobStore {
  private readonly root: string;
  private readonly tmp: string;
  constructor(root: string) {
    this.root = root;
    this.tmp = path.join(root, '.tmp');
    mkdirSync(this.tmp, { recursive: true });
  }

  private file(version: string): string {
    // Versions are the server's own UUIDs; anything else is a bug, never a path.
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.root, version.slice(0, 2), version);
  }

  async write(version: string, body: AsyncIterable<Uint8Array>, limit: number): Promise<Written> {
    const target = this.file(version);
    const draft = path.join(this.tmp, randomUUID());
    const md5 = createHash('md5');
    let size = 0;
    try {
      // A write stream batches chunks into few large writes; the count stops the upload at the first byte too many.
      await pipeline(
        body,
        async function* (chunks: AsyncIterable<Uint8Array>) {
          for await (const chunk of chunks) {
            size += chunk.byteLength;
            if (size > limit) throw ERRORS.entityTooLarge();
            md5.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(draft, { flags: 'wx', mode: 0o600, highWaterMark: 1024 * 1024 }),
      );
      const handle = await open(draft, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      mkdirSync(path.dirname(target), { recursive: true });
      await rename(draft, target);
      await syncDir(path.dirname(target));
    } catch (err) {
      await rm(draft, { force: true });
      throw err;
    }
    return { size, eTag: hashOf(md5) };
  }

  read(version: string, start?: number, end?: number): ReadableStream<Uint8Array> {
    const stream = createReadStream(this.file(version), { start, end, highWaterMark: 1024 * 1024 });
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }

  async readAll(version: string): Promise<Buffer> {
    const handle = await open(this.file(version), 'r');
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const source = Readable.from(createReadStream(this.file(from), { highWaterMark: 1024 * 1024 }));
    await this.write(to, source, Number.POSITIVE_INFINITY);
  }

  async remove(versions: readonly string[]): Promise<void> {
    await Promise.all(versions.map((v) => rm(this.file(v), { force: true })));
  }

  async sweep(keep: ReadonlySet<string>): Promise<number> {
    let removed = 0;
    for (const entry of readdirSync(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = path.join(this.root, entry.name);
      for (const name of readdirSync(dir)) {
        if (dir === this.tmp || !keep.has(name)) {
          await rm(path.join(dir, name), { force: true });
          removed++;
        }
      }
    }
    return removed;
  }
}

/** A rename is durable once its folder is synced (on Linux; elsewhere opening a folder may fail, and is skipped). */
async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch {
    return; // Windows cannot open a folder; NTFS journals the rename itself.
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Versions in memory, for `--memory` servers and tests. */
export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Buffer>();

  async write(version: string, body: AsyncIterable<Uint8Array>, limit: number): Promise<Written> {
    const chunks: Buffer[] = [];
    const md5 = createHash('md5');
    let size = 0;
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > limit) throw ERRORS.entityTooLarge();
      md5.update(chunk);
      chunks.push(Buffer.from(chunk));
    }
    this.blobs.set(version, Buffer.concat(chunks));
    return { size, eTag: hashOf(md5) };
  }

  private get(version: string): Buffer {
    const blob = this.blobs.get(version);
    if (!blob) throw ERRORS.noSuchKey();
    return blob;
  }

  read(version: string, start = 0, end?: number): ReadableStream<Uint8Array> {
    const blob = this.get(version);
    return Readable.toWeb(
      Readable.from([blob.subarray(start, end === undefined ? undefined : end + 1)]),
    ) as ReadableStream<Uint8Array>;
  }

  async readAll(version: string): Promise<Buffer> {
    return this.get(version);
  }

  async copy(from: string, to: string): Promise<void> {
    this.blobs.set(to, this.get(from));
  }

  async remove(versions: readonly string[]): Promise<void> {
    for (const v of versions) this.blobs.delete(v);
  }

  async sweep(keep: ReadonlySet<string>): Promise<number> {
    let removed = 0;
    for (const v of [...this.blobs.keys()]) {
      if (keep.has(v)) continue;
      this.blobs.delete(v);
      removed++;
    }
    return removed;
  }
}
