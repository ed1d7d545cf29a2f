import type { Readable } from 'node:stream';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts';
import { Ctx, type StorageState } from './context.ts';
import { ERRORS, StorageError } from './errors.ts';
import {
  copyObject,
  deleteObject,
  deleteObjects,
  getObject,
  listObjects,
  moveObject,
  objectInfo,
  renderImage,
  uploadObject,
} from './objects.ts';
import { getSignedObject, signObject, signObjects, signUpload, uploadSigned } from './signed.ts';

export type { StorageState } from './context.ts';

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
