import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/database.ts';
import { type Ctx, bool, int, json, str, subOf, uuidOrNull } from './context.ts';
import { ERRORS, StorageError } from './errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from './names.ts';
import {
  type ObjectMetadata,
  type StoredObject,
  imageResponse,
  objectResponse,
  parseTransform,
} from './render.ts';
import { dryRun } from './scope.ts';
import { type IncomingFile, readUpload } from './upload.ts';

/** Object routes: rows of storage.objects as the caller (its policies decide), bytes in the blob store. */

const OBJECT_COLUMNS = 'id, bucket_id, name, version, metadata, user_metadata, created_at, updated_at';

export interface UploadTarget {
  bucket: string;
  key: string;
  upsert: boolean;
  owner: string | undefined;
}

interface BucketLimits {
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

async function readBucketLimits(sql: Sql, bucket: string): Promise<BucketLimits> {
  const row = (
    await sql.query<BucketLimits>(
      'select file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [bucket],
    )
  ).rows[0];
  if (!row) throw ERRORS.noSuchBucket();
  return row;
}

/** A bucket's limits, read as the server (the caller may not see the bucket's row). */
export function bucketLimits(ctx: Ctx, bucket: string): Promise<BucketLimits> {
  return ctx.asServer((sql) => readBucketLimits(sql, bucket));
}

/**
 * allowed_mime_types as the service applies them (validateMimeType): the type and subtype as sent, compared exactly
 * or with a `type/*` wildcard, so `text/plain;charset=UTF-8` matches `text/*` but not `text/plain`. A folder's
 * placeholder file is exempt.
 */
export function checkMimeType(allowed: string[] | null, contentType: string, key: string): void {
  if (!allowed || allowed.length === 0 || key.endsWith('.emptyFolderPlaceholder')) return;
  const [type, sub, ...rest] = contentType.split('/');
  const ok =
    sub !== undefined &&
    rest.length === 0 &&
    allowed.some((a) => {
      const [t, s] = a.split('/');
      return t === type && (s === '*' || s === sub);
    });
  if (!ok) throw ERRORS.invalidMimeType(contentType);
}

/** The insert (or upsert) of an object row; as a dry run it shows whether the caller may write before any bytes. */
export async function writeRow(
  sql: Sql,
  t: UploadTarget,
  version: string,
  metadata: ObjectMetadata | Record<string, never>,
  userMetadata: Record<string, unknown> | undefined,
): Promise<{ id: string }> {
  const values = [
    t.bucket,
    t.key,
    uuidOrNull(t.owner),
    t.owner ?? null,
    JSON.stringify(metadata),
    userMetadata === undefined ? null : JSON.stringify(userMetadata),
    version,
  ];
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`;
  const res = await sql.query<{ id: string }>(
    t.upsert
      ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
           metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
           last_accessed_at = now() returning id`
      : `${insert} returning id`,
    values,
  );
  return res.rows[0]!;
}

/**
 * Stores an upload as the storage service does: the caller's right to write checked first (a dry run of the row),
 * the bytes streamed into a new version under the size limit, then the row committed as the caller; the version it
 * replaced is deleted after the commit, and a row that fails leaves no bytes behind.
 */
export async function store(
  ctx: Ctx,
  t: UploadTarget,
  file: IncomingFile,
  asServer = false,
): Promise<{ id: string }> {
  const { state } = ctx;
  // One transaction before any bytes: the bucket's limits read as the server, then the row tried as the caller.
  let limit = state.fileSizeLimit;
  const checkBucket = async (sql: Sql) => {
    const limits = await readBucketLimits(sql, t.bucket);
    checkMimeType(limits.allowed_mime_types, file.contentType, t.key);
    limit = Math.min(limits.file_size_limit ?? state.fileSizeLimit, state.fileSizeLimit);
    if (file.declaredSize !== undefined && file.declaredSize > limit) throw ERRORS.entityTooLarge();
  };
  const run = <T>(fn: (sql: Sql) => Promise<T>, before?: (sql: Sql) => Promise<void>) =>
    asServer ? ctx.asServer(async (sql) => (await before?.(sql), fn(sql))) : ctx.asCaller(fn, before);
  if (!asServer) {
    await dryRun(
      state.db,
      await ctx.scope(),
      async (sql) => {
        await writeRow(sql, t, randomUUID(), {}, file.userMetadata);
      },
      checkBucket,
    );
  } else {
    await ctx.asServer(async (sql) => {
      await checkBucket(sql);
      if (t.upsert) return;
      const found = await sql.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        t.bucket,
        t.key,
      ]);
      if (found.rows.length > 0) throw ERRORS.keyAlreadyExists();
    });
  }
  const version = randomUUID();
  const written = await state.blobs.write(version, file.body, limit);
  const now = new Date().toISOString();
  const metadata: ObjectMetadata = {
    eTag: written.eTag,
    size: written.size,
    mimetype: file.contentType,
    cacheControl: file.cacheControl,
    lastModified: now,
    contentLength: written.size,
    httpStatusCode: 200,
  };
  let replaced: string | undefined;
  let row: { id: string };
  try {
    row = await run(
      (sql) => writeRow(sql, t, version, metadata, file.userMetadata),
      async (sql) => {
        replaced = (
          await sql.query<{ version: string }>(
            'select version from storage.objects where bucket_id = $1 and name = $2 for update',
            [t.bucket, t.key],
          )
        ).rows[0]?.version;
      },
    );
  } catch (err) {
    await state.blobs.remove([version]);
    if (err instanceof StorageError && err.code === 'ResourceAlreadyExists') throw ERRORS.keyAlreadyExists();
    throw err;
  }
  if (replaced) await state.blobs.remove([replaced]);
  return row;
}

export async function uploadObject(ctx: Ctx, upsertAlways: boolean): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  const caller = await ctx.caller();
  const file = await readUpload(ctx.request, ctx.nodeBody);
  try {
    const upsert = upsertAlways || ctx.request.headers.get('x-upsert') === 'true';
    const row = await store(ctx, { bucket, key, upsert, owner: subOf(caller) }, file);
    return json({ Id: row.id, Key: `${bucket}/${key}` });
  } finally {
    file.discard();
  }
}

export async function findObject(
  ctx: Ctx,
  bucket: string,
  key: string,
  asServer: boolean,
): Promise<StoredObject> {
  const query = async (sql: Sql) =>
    (
      await sql.query<StoredObject>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
        [bucket, key],
      )
    ).rows[0];
  const row = asServer ? await ctx.asServer(query) : await ctx.asCaller(query);
  if (!row) throw ERRORS.noSuchKey();
  return row;
}

export async function publicBucket(ctx: Ctx, bucket: string): Promise<void> {
  const found = await ctx.asServer(
    async (sql) =>
      (await sql.query('select 1 from storage.buckets where id = $1 and public', [bucket])).rows.length,
  );
  if (found === 0) throw ERRORS.noSuchBucket();
}

export const renderOptions = (ctx: Ctx) => ({
  request: ctx.request,
  head: ctx.method === 'HEAD',
  download: ctx.url.searchParams.get('download'),
});

export async function getObject(ctx: Ctx, access: 'authenticated' | 'public'): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  if (access === 'public') await publicBucket(ctx, bucket);
  const obj = await findObject(ctx, bucket, key, access === 'public');
  return objectResponse(ctx.state.blobs, obj, renderOptions(ctx));
}

export async function objectInfo(ctx: Ctx, access: 'authenticated' | 'public'): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  if (access === 'public') await publicBucket(ctx, bucket);
  const obj = await findObject(ctx, bucket, key, access === 'public');
  const m = obj.metadata;
  return new Response(
    JSON.stringify({
      id: obj.id,
      name: obj.name,
      version: obj.version,
      bucket_id: obj.bucket_id,
      size: m.size ?? null,
      content_type: m.mimetype ?? null,
      cache_control: m.cacheControl ?? null,
      etag: m.eTag ?? null,
      metadata: obj.user_metadata,
      last_modified: obj.updated_at,
      created_at: obj.created_at,
    }),
    {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        ETag: m.eTag,
        'Cache-Control': m.cacheControl,
        'Last-Modified': new Date(m.lastModified).toUTCString(),
      },
    },
  );
}

export async function deleteObject(ctx: Ctx): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  const rows = await ctx.asCaller(
    async (sql) =>
      (
        await sql.query<{ version: string }>(
          'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
          [bucket, key],
        )
      ).rows,
  );
  if (rows.length === 0) throw ERRORS.noSuchKey();
  await ctx.state.blobs.remove(rows.map((r) => r.version));
  return json({ message: 'Successfully deleted' });
}

export const MAX_OBJECTS_PER_REQUEST = 1000;

export async function deleteObjects(ctx: Ctx): Promise<Response> {
  const bucket = ctx.bucket();
  const body = await ctx.json();
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => typeof p === 'string'))
    throw ERRORS.invalidRequest('body/prefixes must be a non-empty array of strings');
  if (prefixes.length > MAX_OBJECTS_PER_REQUEST)
    throw ERRORS.invalidRequest(`At most ${MAX_OBJECTS_PER_REQUEST} objects can be deleted per request.`);
  const rows = await ctx.asCaller(
    async (sql) =>
      (
        await sql.query<
          StoredObject & { owner: string | null; owner_id: string | null; last_accessed_at: Date }
        >(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`,
          [bucket, prefixes],
        )
      ).rows,
  );
  await ctx.state.blobs.remove(rows.map((r) => r.version));
  return json(rows);
}

export async function listObjects(ctx: Ctx): Promise<Response> {
  const bucket = ctx.bucket();
  const body = await ctx.json();
  const prefix = str(body, 'prefix') ?? '';
  const limit = int(body, 'limit', 1) ?? 100;
  const offset = int(body, 'offset', 0) ?? 0;
  const search = str(body, 'search') ?? '';
  const sortBy = body.sortBy;
  let column = 'name';
  let order = 'asc';
  if (sortBy !== undefined && sortBy !== null) {
    if (typeof sortBy !== 'object' || Array.isArray(sortBy))
      throw ERRORS.invalidRequest('body/sortBy must be object');
    const s = sortBy as Record<string, unknown>;
    column = str(s, 'column') ?? 'name';
    order = (str(s, 'order') ?? 'asc').toLowerCase();
    if (!['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(column))
      throw ERRORS.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
    if (!['asc', 'desc'].includes(order))
      throw ERRORS.invalidRequest('body/sortBy/order must be asc or desc');
  }
  const folder = prefix.length > 0 && !prefix.endsWith('/') ? `${prefix}/` : prefix;
  const rows = await ctx.asCaller(
    async (sql) =>
      (
        await sql.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
          folder,
          bucket,
          Math.min(limit, 1500),
          (folder + search).split('/').length,
          offset,
          search,
          column,
          order,
        ])
      ).rows,
  );
  return json(rows);
}

interface MoveBody {
  bucket: string;
  source: string;
  destBucket: string;
  dest: string;
}

async function moveBody(ctx: Ctx): Promise<MoveBody> {
  const body = await ctx.json();
  const bucket = mustBeValidBucketName(str(body, 'bucketId', true));
  return {
    bucket,
    source: mustBeValidKey(str(body, 'sourceKey', true)),
    destBucket: mustBeValidBucketName(str(body, 'destinationBucket') ?? bucket),
    dest: mustBeValidKey(str(body, 'destinationKey', true)),
  };
}

export async function moveObject(ctx: Ctx): Promise<Response> {
  const m = await moveBody(ctx);
  const caller = await ctx.caller();
  await bucketLimits(ctx, m.destBucket);
  const moved = await ctx.asCaller(async (sql) => {
    const res = await sql.query(
      `update storage.objects set bucket_id = $3, name = $4, owner = $5, owner_id = $6, last_accessed_at = now()
       where bucket_id = $1 and name = $2 returning id`,
      [m.bucket, m.source, m.destBucket, m.dest, uuidOrNull(subOf(caller)), subOf(caller) ?? null],
    );
    return res.rows.length;
  });
  if (moved === 0) throw ERRORS.noSuchKey();
  return json({ message: 'Successfully moved' });
}

export async function copyObject(ctx: Ctx): Promise<Response> {
  const body = await ctx.json();
  const bucket = mustBeValidBucketName(str(body, 'bucketId', true));
  const source = mustBeValidKey(str(body, 'sourceKey', true));
  const destBucket = mustBeValidBucketName(str(body, 'destinationBucket') ?? bucket);
  const dest = mustBeValidKey(str(body, 'destinationKey', true));
  const copyMetadata = bool(body, 'copyMetadata') ?? true;
  const metadata = body.metadata;
  if (
    metadata !== undefined &&
    (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
  )
    throw ERRORS.invalidRequest('body/metadata must be object');
  const upsert = ctx.request.headers.get('x-upsert') === 'true';
  const caller = await ctx.caller();
  const obj = await findObject(ctx, bucket, source, false);
  const limits = await bucketLimits(ctx, destBucket);
  checkMimeType(limits.allowed_mime_types, obj.metadata.mimetype, dest);
  const target: UploadTarget = { bucket: destBucket, key: dest, upsert, owner: subOf(caller) };
  const userMetadata = copyMetadata
    ? (obj.user_metadata ?? undefined)
    : (metadata as Record<string, unknown> | undefined);
  await dryRun(ctx.state.db, await ctx.scope(), async (sql) => {
    await writeRow(sql, target, randomUUID(), {}, userMetadata);
  });
  const version = randomUUID();
  await ctx.state.blobs.copy(obj.version, version);
  let replaced: string | undefined;
  let row: { id: string };
  try {
    row = await ctx.asCaller(
      (sql) =>
        writeRow(
          sql,
          target,
          version,
          { ...obj.metadata, lastModified: new Date().toISOString() },
          userMetadata,
        ),
      async (sql) => {
        replaced = (
          await sql.query<{ version: string }>(
            'select version from storage.objects where bucket_id = $1 and name = $2 for update',
            [destBucket, dest],
          )
        ).rows[0]?.version;
      },
    );
  } catch (err) {
    await ctx.state.blobs.remove([version]);
    if (err instanceof StorageError && err.code === 'ResourceAlreadyExists') throw ERRORS.keyAlreadyExists();
    throw err;
  }
  if (replaced) await ctx.state.blobs.remove([replaced]);
  return json({ Id: row.id, Key: `${destBucket}/${dest}` });
}

export async function renderImage(ctx: Ctx, access: 'authenticated' | 'public'): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  const transform = parseTransform(ctx.url.searchParams);
  if (access === 'public') await publicBucket(ctx, bucket);
  const obj = await findObject(ctx, bucket, key, access === 'public');
  return imageResponse(ctx.state.blobs, obj, transform, renderOptions(ctx));
}
