import { randomUUID } from 'node:crypto';
import { type Ctx, json, subOf } from './context.ts';
import { ERRORS } from './errors.ts';
import {
  MAX_OBJECTS_PER_REQUEST,
  bucketLimits,
  findObject,
  renderOptions,
  store,
  writeRow,
} from './objects.ts';
import {
  imageResponse,
  objectResponse,
  parseTransform,
  transformFromString,
  transformString,
} from './render.ts';
import { dryRun } from './scope.ts';
import { signUrlToken, verifyUrlToken } from './signing.ts';
import { readUpload } from './upload.ts';

/** Signed URLs: tokens issued to a caller who may read (or write) the object, honoured without a key. */

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

export async function signObject(ctx: Ctx): Promise<Response> {
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

export async function signObjects(ctx: Ctx): Promise<Response> {
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

export async function getSignedObject(ctx: Ctx): Promise<Response> {
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

export async function signUpload(ctx: Ctx): Promise<Response> {
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

export async function uploadSigned(ctx: Ctx): Promise<Response> {
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
