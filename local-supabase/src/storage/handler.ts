import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SigningKey } from '../crypto/keys.ts';
import type { Database, Sql } from '../db/database.ts';
import { ERRORS, StorageError } from './errors.ts';
import type { BlobStore } from './files.ts';
import { mustBeValidBucketName, mustBeValidKey, parseFileSize } from './names.ts';
import {
  type ObjectMetadata,
  type StoredObject,
  imageResponse,
  objectResponse,
  parseTransform,
  transformFromString,
  transformString,
} from './render.ts';
import { type Caller, type Scope, asCaller, asServer, callerOf, dryRun } from './scope.ts';
import { signUrlToken, verifyUrlToken } from './signing.ts';
import { type IncomingFile, readUpload } from './upload.ts';

export interface StorageState {
  db: Database;
  key: SigningKey;
  blobs: BlobStore;
  /** The service's global upload limit in bytes (`[storage] file_size_limit`). */
  fileSizeLimit: number;
}

/** One request on its way through a route: the state, the request, its path parameters and (lazily) its caller. */
class Ctx {
  readonly state: StorageState;
  readonly request: Request;
  readonly url: URL;
  readonly method: string;
  readonly path: string;
  readonly operation: string;
  readonly params: Record<string, string>;
  /** The request body as the Node stream it arrived on, when there is one. */
  readonly nodeBody: Readable | undefined;
  private callerPromise: Promise<Caller> | undefined;
  constructor(
    state: StorageState,
    request: Request,
    path: string,
    operation: string,
    params: Record<string, string>,
    nodeBody: Readable | undefined,
  ) {
    this.nodeBody = nodeBody;
    this.state = state;
    this.request = request;
    this.url = new URL(request.url);
    this.method = request.method.toUpperCase();
    this.path = path;
    this.operation = operation;
    this.params = params;
  }

  caller(): Promise<Caller> {
    return (this.callerPromise ??= callerOf(this.state.key, this.request));
  }

  async scope(): Promise<Scope> {
    return {
      caller: await this.caller(),
      method: this.method,
      path: this.path,
      headers: this.request.headers,
      operation: this.operation,
    };
  }

  async asCaller<T>(fn: (sql: Sql) => Promise<T>, before?: (sql: Sql) => Promise<void>): Promise<T> {
    return asCaller(this.state.db, await this.scope(), fn, before);
  }

  asServer<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return asServer(this.state.db, fn);
  }

  bucket(): string {
    return mustBeValidBucketName(this.params.bucket);
  }

  key(): string {
    return mustBeValidKey(this.params.key);
  }

  async json(): Promise<Record<string, unknown>> {
    const text = await readJsonText(this.request);
    if (text.trim() === '') return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw ERRORS.invalidRequest('Body is not valid JSON');
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw ERRORS.invalidRequest('body must be object');
    return value as Record<string, unknown>;
  }
}

const MAX_JSON_BYTES = 1024 * 1024;

async function readJsonText(request: Request): Promise<string> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BYTES) throw ERRORS.entityTooLarge();
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_JSON_BYTES) throw ERRORS.entityTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

// Body fields, typed as the service's JSON schemas type them (a wrong type is a 400).
function str(body: Record<string, unknown>, name: string, required: true): string;
function str(body: Record<string, unknown>, name: string, required?: false): string | undefined;
function str(body: Record<string, unknown>, name: string, required = false): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) {
    if (required) throw ERRORS.invalidRequest(`body must have required property '${name}'`);
    return undefined;
  }
  if (typeof v !== 'string') throw ERRORS.invalidRequest(`body/${name} must be string`);
  return v;
}

function int(body: Record<string, unknown>, name: string, min: number): number | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min)
    throw ERRORS.invalidRequest(`body/${name} must be an integer >= ${min}`);
  return n;
}

function bool(body: Record<string, unknown>, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw ERRORS.invalidRequest(`body/${name} must be boolean`);
  return v;
}

// ---------------------------------------------------------------- buckets

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  type: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const BUCKET_COLUMNS =
  'id, name, owner, owner_id, public, type, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at';

/** file_size_limit as the service takes it: bytes as a number, or a string such as `5MB`; null or 0 = none. */
function fileSizeLimitOf(body: Record<string, unknown>): number | null | undefined {
  const v = body.file_size_limit;
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v === 0 ? null : v;
  if (typeof v === 'string') return parseFileSize(v);
  throw ERRORS.invalidRequest('body/file_size_limit must be integer or string');
}

function mimeTypesOf(body: Record<string, unknown>): string[] | null | undefined {
  const v = body.allowed_mime_types;
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (!Array.isArray(v) || !v.every((t) => typeof t === 'string' && /^[\x21-\x7e]{1,255}$/.test(t)))
    throw ERRORS.invalidRequest('body/allowed_mime_types must be array of strings');
  return v.length === 0 ? null : (v as string[]);
}

function checkBucketLimit(state: StorageState, limit: number | null | undefined): void {
  if (limit && limit > state.fileSizeLimit)
    throw ERRORS.invalidRequest('file_size_limit exceeds the global file size limit');
}

async function listBuckets(ctx: Ctx): Promise<Response> {
  const q = ctx.url.searchParams;
  const sortColumn = q.get('sortColumn') ?? 'name';
  if (!['id', 'name', 'created_at', 'updated_at'].includes(sortColumn))
    throw ERRORS.invalidRequest('querystring/sortColumn must be equal to one of the allowed values');
  const sortOrder = (q.get('sortOrder') ?? 'asc').toLowerCase();
  if (!['asc', 'desc'].includes(sortOrder))
    throw ERRORS.invalidRequest('querystring/sortOrder must be equal to one of the allowed values');
  const limit = int({ v: q.get('limit') ?? undefined }, 'v', 0);
  const offset = int({ v: q.get('offset') ?? undefined }, 'v', 0) ?? 0;
  const search = q.get('search') ?? '';
  const rows = await ctx.asCaller((sql) =>
    sql.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets
       where ($1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
       order by ${sortColumn} ${sortOrder} limit $2 offset $3`,
      [search, limit ?? null, offset],
    ),
  );
  return json(rows.rows);
}

async function getBucket(ctx: Ctx): Promise<Response> {
  const id = ctx.bucket();
  const row = await ctx.asCaller(
    async (sql) =>
      (await sql.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]))
        .rows[0],
  );
  if (!row) throw ERRORS.noSuchBucket();
  return json(row);
}

async function createBucket(ctx: Ctx): Promise<Response> {
  const body = await ctx.json();
  const name = mustBeValidBucketName(str(body, 'name', true));
  const id = mustBeValidBucketName(str(body, 'id') ?? name);
  const type = str(body, 'type') ?? 'STANDARD';
  if (type !== 'STANDARD')
    throw ERRORS.invalidRequest(`Bucket type ${type} is not supported by the local server`);
  const limit = fileSizeLimitOf(body);
  checkBucketLimit(ctx.state, limit);
  const caller = await ctx.caller();
  const sub = subOf(caller);
  try {
    await ctx.asCaller((sql) =>
      sql.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          name,
          uuidOrNull(sub),
          sub ?? null,
          bool(body, 'public') ?? false,
          limit ?? null,
          mimeTypesOf(body) ?? null,
        ],
      ),
    );
  } catch (err) {
    if (err instanceof StorageError && err.code === 'ResourceAlreadyExists')
      throw ERRORS.bucketAlreadyExists();
    throw err;
  }
  return json({ name: id });
}

async function updateBucket(ctx: Ctx): Promise<Response> {
  const id = ctx.bucket();
  const body = await ctx.json();
  const limit = fileSizeLimitOf(body);
  checkBucketLimit(ctx.state, limit);
  const types = mimeTypesOf(body);
  const isPublic = bool(body, 'public');
  const updated = await ctx.asCaller(
    async (sql) =>
      (
        await sql.query(
          `update storage.buckets set
           public = case when $2::boolean is null then public else $2 end,
           file_size_limit = case when $3 then $4::bigint else file_size_limit end,
           allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end
         where id = $1 returning id`,
          [id, isPublic ?? null, limit !== undefined, limit ?? null, types !== undefined, types ?? null],
        )
      ).rows.length,
  );
  if (updated === 0) throw ERRORS.noSuchBucket();
  return json({ message: 'Successfully updated' });
}

async function emptyBucket(ctx: Ctx): Promise<Response> {
  const id = ctx.bucket();
  await findBucketAsCaller(ctx, id);
  const versions = await ctx.asCaller(
    async (sql) =>
      (
        await sql.query<{ version: string }>(
          'delete from storage.objects where bucket_id = $1 returning version',
          [id],
        )
      ).rows,
  );
  await ctx.state.blobs.remove(versions.map((v) => v.version));
  return json({ message: 'Successfully emptied' });
}

async function deleteBucket(ctx: Ctx): Promise<Response> {
  const id = ctx.bucket();
  await findBucketAsCaller(ctx, id);
  const objects = await ctx.asServer(
    async (sql) =>
      (await sql.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])).rows.length,
  );
  if (objects > 0) throw ERRORS.bucketNotEmpty();
  const deleted = await ctx.asCaller(
    async (sql) =>
      (await sql.query('delete from storage.buckets where id = $1 returning id', [id])).rows.length,
  );
  if (deleted === 0) throw ERRORS.noSuchBucket();
  return json({ message: 'Successfully deleted' });
}

async function findBucketAsCaller(ctx: Ctx, id: string): Promise<void> {
  const found = await ctx.asCaller(
    async (sql) => (await sql.query('select id from storage.buckets where id = $1', [id])).rows.length,
  );
  if (found === 0) throw ERRORS.noSuchBucket();
}

// ---------------------------------------------------------------- objects

const subOf = (caller: Caller) =>
  typeof caller.auth.claims.sub === 'string' ? caller.auth.claims.sub : undefined;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (v: string | undefined) => (v && UUID.test(v) ? v : null);

const OBJECT_COLUMNS = 'id, bucket_id, name, version, metadata, user_metadata, created_at, updated_at';

interface UploadTarget {
  bucket: string;
  key: string;
  upsert: boolean;
  owner: string | undefined;
}

interface BucketLimits {
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

async function bucketLimits(ctx: Ctx, bucket: string): Promise<BucketLimits> {
  const row = await ctx.asServer(
    async (sql) =>
      (
        await sql.query<BucketLimits>(
          'select file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
          [bucket],
        )
      ).rows[0],
  );
  if (!row) throw ERRORS.noSuchBucket();
  return row;
}

/**
 * allowed_mime_types as the service applies them (validateMimeType): the type and subtype as sent, compared exactly
 * or with a `type/*` wildcard, so `text/plain;charset=UTF-8` matches `text/*` but not `text/plain`. A folder's
 * placeholder file is exempt.
 */
function checkMimeType(allowed: string[] | null, contentType: string, key: string): void {
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
async function writeRow(
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
async function store(
  ctx: Ctx,
  t: UploadTarget,
  file: IncomingFile,
  asServer = false,
): Promise<{ id: string }> {
  const { state } = ctx;
  const limits = await bucketLimits(ctx, t.bucket);
  checkMimeType(limits.allowed_mime_types, file.contentType, t.key);
  const limit = Math.min(limits.file_size_limit ?? state.fileSizeLimit, state.fileSizeLimit);
  if (file.declaredSize !== undefined && file.declaredSize > limit) throw ERRORS.entityTooLarge();
  const run = <T>(fn: (sql: Sql) => Promise<T>, before?: (sql: Sql) => Promise<void>) =>
    asServer ? ctx.asServer(async (sql) => (await before?.(sql), fn(sql))) : ctx.asCaller(fn, before);
  if (!asServer) {
    await dryRun(state.db, await ctx.scope(), async (sql) => {
      await writeRow(sql, t, randomUUID(), {}, file.userMetadata);
    });
  } else if (!t.upsert) {
    const exists = await ctx.asServer(
      async (sql) =>
        (
          await sql.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
            t.bucket,
            t.key,
          ])
        ).rows.length,
    );
    if (exists) throw ERRORS.keyAlreadyExists();
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

async function uploadObject(ctx: Ctx, upsertAlways: boolean): Promise<Response> {
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

async function findObject(ctx: Ctx, bucket: string, key: string, asServer: boolean): Promise<StoredObject> {
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

async function publicBucket(ctx: Ctx, bucket: string): Promise<void> {
  const found = await ctx.asServer(
    async (sql) =>
      (await sql.query('select 1 from storage.buckets where id = $1 and public', [bucket])).rows.length,
  );
  if (found === 0) throw ERRORS.noSuchBucket();
}

const renderOptions = (ctx: Ctx) => ({
  request: ctx.request,
  head: ctx.method === 'HEAD',
  download: ctx.url.searchParams.get('download'),
});

async function getObject(ctx: Ctx, access: 'authenticated' | 'public'): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  if (access === 'public') await publicBucket(ctx, bucket);
  const obj = await findObject(ctx, bucket, key, access === 'public');
  return objectResponse(ctx.state.blobs, obj, renderOptions(ctx));
}

async function objectInfo(ctx: Ctx, access: 'authenticated' | 'public'): Promise<Response> {
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

async function deleteObject(ctx: Ctx): Promise<Response> {
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

const MAX_OBJECTS_PER_REQUEST = 1000;

async function deleteObjects(ctx: Ctx): Promise<Response> {
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

async function listObjects(ctx: Ctx): Promise<Response> {
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

async function moveObject(ctx: Ctx): Promise<Response> {
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

async function copyObject(ctx: Ctx): Promise<Response> {
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

// ---------------------------------------------------------------- signed URLs

const MAX_EXPIRES_IN = 2 ** 31 - 1;

function expiresInOf(body: Record<string, unknown>): number {
  const v = body.expiresIn;
  if (v === undefined || v === null)
    throw ERRORS.invalidRequest("body must have required property 'expiresIn'");
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_EXPIRES_IN)
    throw ERRORS.invalidRequest('body/expiresIn must be an integer from 1 to 2147483647');
  return n;
}

const encodeKey = (bucket: string, key: string) =>
  `${bucket}/${key}`.split('/').map(encodeURIComponent).join('/');

async function signObject(ctx: Ctx): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  const body = await ctx.json();
  const expiresIn = expiresInOf(body);
  const transform =
    body.transform && typeof body.transform === 'object' && !Array.isArray(body.transform)
      ? parseTransform(
          new Map(Object.entries(body.transform as Record<string, unknown>).map(([k, v]) => [k, String(v)])),
        )
      : undefined;
  await findObject(ctx, bucket, key, false);
  const transformations = transform ? transformString(transform) : '';
  const url = `${bucket}/${key}`;
  const token = await signUrlToken(transformations ? { url, transformations } : { url }, expiresIn);
  const route = transformations ? 'render/image/sign' : 'object/sign';
  return json({ signedURL: `/${route}/${encodeKey(bucket, key)}?token=${token}` });
}

async function signObjects(ctx: Ctx): Promise<Response> {
  const bucket = ctx.bucket();
  const body = await ctx.json();
  const expiresIn = expiresInOf(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string'))
    throw ERRORS.invalidRequest('body/paths must be a non-empty array of strings');
  if (paths.length > MAX_OBJECTS_PER_REQUEST)
    throw ERRORS.invalidRequest(`At most ${MAX_OBJECTS_PER_REQUEST} paths can be signed per request.`);
  const visible = new Set(
    await ctx.asCaller(async (sql) =>
      (
        await sql.query<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucket, paths],
        )
      ).rows.map((r) => r.name),
    ),
  );
  const out = [];
  for (const path of paths as string[]) {
    if (!visible.has(path)) {
      out.push({
        error: 'Either the object does not exist or you do not have access to it',
        path,
        signedURL: null,
      });
      continue;
    }
    const token = await signUrlToken({ url: `${bucket}/${path}` }, expiresIn);
    out.push({ error: null, path, signedURL: `/object/sign/${encodeKey(bucket, path)}?token=${token}` });
  }
  return json(out);
}

async function getSignedObject(ctx: Ctx): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  const claims = await verifyUrlToken(ctx.url.searchParams.get('token') ?? undefined, `${bucket}/${key}`);
  const obj = await findObject(ctx, bucket, key, true);
  if (claims.transformations)
    return imageResponse(
      ctx.state.blobs,
      obj,
      transformFromString(claims.transformations),
      renderOptions(ctx),
    );
  return objectResponse(ctx.state.blobs, obj, renderOptions(ctx));
}

/** Signed upload URLs are valid for two hours, as the service issues them. */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;

async function signUpload(ctx: Ctx): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  const caller = await ctx.caller();
  const upsert = ctx.request.headers.get('x-upsert') === 'true';
  const owner = subOf(caller);
  await bucketLimits(ctx, bucket);
  await dryRun(ctx.state.db, await ctx.scope(), async (sql) => {
    await writeRow(sql, { bucket, key, upsert, owner }, randomUUID(), {}, undefined);
  });
  const token = await signUrlToken(
    { url: `${bucket}/${key}`, upsert, ...(owner ? { owner } : {}) },
    UPLOAD_URL_SECONDS,
  );
  return json({ url: `/object/upload/sign/${encodeKey(bucket, key)}?token=${token}`, token });
}

async function uploadSigned(ctx: Ctx): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  const claims = await verifyUrlToken(ctx.url.searchParams.get('token') ?? undefined, `${bucket}/${key}`);
  const file = await readUpload(ctx.request, ctx.nodeBody);
  try {
    const row = await store(
      ctx,
      { bucket, key, upsert: claims.upsert === true, owner: claims.owner },
      file,
      true,
    );
    return json({ Id: row.id, Key: `${bucket}/${key}` });
  } finally {
    file.discard();
  }
}

// ---------------------------------------------------------------- image transformations

async function renderImage(ctx: Ctx, access: 'authenticated' | 'public'): Promise<Response> {
  const bucket = ctx.bucket();
  const key = ctx.key();
  const transform = parseTransform(ctx.url.searchParams);
  if (access === 'public') await publicBucket(ctx, bucket);
  const obj = await findObject(ctx, bucket, key, access === 'public');
  return imageResponse(ctx.state.blobs, obj, transform, renderOptions(ctx));
}

// ---------------------------------------------------------------- routes

type Run = (ctx: Ctx) => Promise<Response>;
interface Route {
  method: string;
  /** Segments: a literal, `:bucket`, or `*key` (the rest of the path, the object name). */
  path: string;
  operation: string;
  run: Run;
}

/** The storage service's routes that storage-js calls, in the order they are matched (literals before names). */
export const STORAGE_ROUTES: readonly Route[] = [
  { method: 'GET', path: '/bucket', operation: 'storage.bucket.list', run: listBuckets },
  { method: 'POST', path: '/bucket', operation: 'storage.bucket.create', run: createBucket },
  { method: 'POST', path: '/bucket/:bucket/empty', operation: 'storage.bucket.empty', run: emptyBucket },
  { method: 'GET', path: '/bucket/:bucket', operation: 'storage.bucket.get', run: getBucket },
  { method: 'PUT', path: '/bucket/:bucket', operation: 'storage.bucket.update', run: updateBucket },
  { method: 'DELETE', path: '/bucket/:bucket', operation: 'storage.bucket.delete', run: deleteBucket },
  { method: 'POST', path: '/object/list/:bucket', operation: 'storage.object.list', run: listObjects },
  { method: 'POST', path: '/object/move', operation: 'storage.object.move', run: moveObject },
  { method: 'POST', path: '/object/copy', operation: 'storage.object.copy', run: copyObject },
  { method: 'POST', path: '/object/sign/:bucket/*key', operation: 'storage.object.sign', run: signObject },
  { method: 'POST', path: '/object/sign/:bucket', operation: 'storage.object.sign_many', run: signObjects },
  {
    method: 'GET',
    path: '/object/sign/:bucket/*key',
    operation: 'storage.object.get_signed',
    run: getSignedObject,
  },
  {
    method: 'HEAD',
    path: '/object/sign/:bucket/*key',
    operation: 'storage.object.get_signed',
    run: getSignedObject,
  },
  {
    method: 'POST',
    path: '/object/upload/sign/:bucket/*key',
    operation: 'storage.object.sign_upload_url',
    run: signUpload,
  },
  {
    method: 'PUT',
    path: '/object/upload/sign/:bucket/*key',
    operation: 'storage.object.upload_signed',
    run: uploadSigned,
  },
  {
    method: 'GET',
    path: '/object/public/:bucket/*key',
    operation: 'storage.object.get_public',
    run: (c) => getObject(c, 'public'),
  },
  {
    method: 'HEAD',
    path: '/object/public/:bucket/*key',
    operation: 'storage.object.info_public',
    run: (c) => getObject(c, 'public'),
  },
  {
    method: 'GET',
    path: '/object/authenticated/:bucket/*key',
    operation: 'storage.object.get_authenticated',
    run: (c) => getObject(c, 'authenticated'),
  },
  {
    method: 'HEAD',
    path: '/object/authenticated/:bucket/*key',
    operation: 'object.head_authenticated_info',
    run: (c) => getObject(c, 'authenticated'),
  },
  {
    method: 'GET',
    path: '/object/info/public/:bucket/*key',
    operation: 'storage.object.info_public',
    run: (c) => objectInfo(c, 'public'),
  },
  {
    method: 'GET',
    path: '/object/info/authenticated/:bucket/*key',
    operation: 'object.get_authenticated_info',
    run: (c) => objectInfo(c, 'authenticated'),
  },
  {
    method: 'GET',
    path: '/object/info/:bucket/*key',
    operation: 'object.get_authenticated_info',
    run: (c) => objectInfo(c, 'authenticated'),
  },
  {
    method: 'GET',
    path: '/render/image/authenticated/:bucket/*key',
    operation: 'storage.render.image_authenticated',
    run: (c) => renderImage(c, 'authenticated'),
  },
  {
    method: 'GET',
    path: '/render/image/public/:bucket/*key',
    operation: 'storage.render.image_public',
    run: (c) => renderImage(c, 'public'),
  },
  {
    method: 'GET',
    path: '/render/image/sign/:bucket/*key',
    operation: 'storage.render.image_sign',
    run: getSignedObject,
  },
  {
    method: 'POST',
    path: '/object/:bucket/*key',
    operation: 'storage.object.upload',
    run: (c) => uploadObject(c, false),
  },
  {
    method: 'PUT',
    path: '/object/:bucket/*key',
    operation: 'storage.object.upload_update',
    run: (c) => uploadObject(c, true),
  },
  {
    method: 'GET',
    path: '/object/:bucket/*key',
    operation: 'storage.object.get_authenticated',
    run: (c) => getObject(c, 'authenticated'),
  },
  {
    method: 'HEAD',
    path: '/object/:bucket/*key',
    operation: 'object.head_authenticated_info',
    run: (c) => getObject(c, 'authenticated'),
  },
  { method: 'DELETE', path: '/object/:bucket/*key', operation: 'storage.object.delete', run: deleteObject },
  { method: 'DELETE', path: '/object/:bucket', operation: 'storage.object.delete_many', run: deleteObjects },
];

const UPLOADS = new Set([
  'storage.object.upload',
  'storage.object.upload_update',
  'storage.object.upload_signed',
]);

/** The route's parameters if `segments` (raw, still percent-encoded) match its path. */
function match(route: Route, segments: string[]): Record<string, string> | undefined {
  const parts = route.path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.startsWith('*')) {
      const rest = segments.slice(i);
      if (rest.length === 0 || rest.join('') === '') return undefined;
      params[part.slice(1)] = decode(rest.join('/'));
      return params;
    }
    const segment = segments[i];
    if (segment === undefined) return undefined;
    if (part.startsWith(':')) params[part.slice(1)] = decode(segment);
    else if (segment !== part) return undefined;
  }
  return segments.length === parts.length ? params : undefined;
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ERRORS.invalidKey(raw);
  }
}

/** Answers one Storage API request; `path` is what follows /storage/v1, still percent-encoded. */
export async function handleStorage(
  state: StorageState,
  request: Request,
  path: string,
  nodeBody?: Readable,
): Promise<Response> {
  const method = request.method.toUpperCase();
  try {
    const segments = path.split('/').slice(1);
    for (const route of STORAGE_ROUTES) {
      if (route.method !== method) continue;
      const params = match(route, segments);
      if (!params) continue;
      try {
        return await route.run(new Ctx(state, request, path, route.operation, params, nodeBody));
      } catch (err) {
        if (!(err instanceof StorageError) || !UPLOADS.has(route.operation)) throw err;
        // A refused upload may leave most of its body unread: the connection cannot carry another request.
        const res = err.response();
        res.headers.set('Connection', 'close');
        return res;
      }
    }
    throw ERRORS.notFound(method, `/storage/v1${path}`);
  } catch (err) {
    if (err instanceof StorageError) return err.response();
    throw err;
  }
}
