import { ERRORS, StorageError } from './errors.ts';
import { type Ctx, type StorageState, bool, int, json, str, subOf, uuidOrNull } from './context.ts';
import { mustBeValidBucketName, parseFileSize } from './names.ts';

/** Bucket routes: rows of storage.buckets read and written as the caller, so its policies decide. */

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

export async function listBuckets(ctx: Ctx): Promise<Response> {
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

export async function getBucket(ctx: Ctx): Promise<Response> {
  const id = ctx.bucket();
  const row = await ctx.asCaller(
    async (sql) =>
      (await sql.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]))
        .rows[0],
  );
  if (!row) throw ERRORS.noSuchBucket();
  return json(row);
}

export async function createBucket(ctx: Ctx): Promise<Response> {
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

export async function updateBucket(ctx: Ctx): Promise<Response> {
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

export async function emptyBucket(ctx: Ctx): Promise<Response> {
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

export async function deleteBucket(ctx: Ctx): Promise<Response> {
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
