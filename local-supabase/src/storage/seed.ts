import { randomUUID } from 'node:crypto';
import { createReadStream, readdirSync } from 'node:fs';
import path from 'node:path';
import type { BucketConfig } from '../config/storage.ts';
import type { Database } from '../db/database.ts';
import type { ObjectMetadata } from './render.ts';
import type { BlobStore } from './files.ts';
import { isValidKey, mustBeValidBucketName } from './names.ts';
import { asServer } from './scope.ts';

/** Types for seeded files by extension (the CLI sniffs the same few kinds); anything else is octet-stream. */
const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
};

function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(root, full) : e.isFile() ? [path.relative(root, full)] : [];
  });
}

/**
 * `[storage.buckets.<name>]` as `supabase start` seeds them: each bucket created, or updated to the config's
 * public flag, size limit and types; the files under its objects_path uploaded (replacing), named by their path.
 */
export async function seedBuckets(
  db: Database,
  blobs: BlobStore,
  buckets: readonly BucketConfig[],
): Promise<void> {
  for (const b of buckets) {
    mustBeValidBucketName(b.name);
    await asServer(db, (sql) =>
      sql.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
         on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
           allowed_mime_types = excluded.allowed_mime_types`,
        [b.name, b.public, b.fileSizeLimit ?? null, b.allowedMimeTypes ?? null],
      ),
    );
    if (!b.objectsPath) continue;
    for (const file of filesUnder(b.objectsPath)) {
      const key = file.split(path.sep).join('/');
      if (!isValidKey(key))
        throw new Error(
          `config.toml: storage.buckets.${b.name}: cannot upload ${key}: not a valid object name`,
        );
      const version = randomUUID();
      const written = await blobs.write(
        version,
        createReadStream(path.join(b.objectsPath, file)),
        Number.POSITIVE_INFINITY,
      );
      const metadata: ObjectMetadata = {
        eTag: written.eTag,
        size: written.size,
        mimetype: TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: 'max-age=3600',
        lastModified: new Date().toISOString(),
        contentLength: written.size,
        httpStatusCode: 200,
      };
      const replaced = await asServer(db, async (sql) => {
        const old = await sql.query<{ version: string }>(
          'select version from storage.objects where bucket_id = $1 and name = $2 for update',
          [b.name, key],
        );
        await sql.query(
          `insert into storage.objects (bucket_id, name, metadata, version) values ($1, $2, $3::jsonb, $4)
           on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version`,
          [b.name, key, JSON.stringify(metadata), version],
        );
        return old.rows[0]?.version;
      });
      if (replaced) await blobs.remove([replaced]);
    }
  }
}

/** Deletes the files no object row names: what a server killed between writing bytes and committing left. */
export async function sweepOrphans(db: Database, blobs: BlobStore): Promise<number> {
  const rows = await asServer(db, (sql) =>
    sql.query<{ version: string }>('select version from storage.objects where version is not null'),
  );
  return blobs.sweep(new Set(rows.rows.map((r) => r.version)));
}
