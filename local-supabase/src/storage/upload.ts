import { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import { ERRORS } from './errors.ts';

/** An upload as the storage service reads it from a request: the file's bytes as they arrive, and its metadata. */
export interface IncomingFile {
  body: AsyncIterable<Uint8Array>;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** Content-Length of a raw body, when sent: a body declared too large is refused before it is read. */
  declaredSize: number | undefined;
  /** Stops reading the request (after a refusal the rest of the body is not wanted). */
  discard(): void;
}

/** Values that end up in response headers: printable ASCII only, so no stored value can split or break a header. */
const HEADER_SAFE = /^[\x20-\x7e]*$/;

function headerValue(name: string, value: string): string {
  if (!HEADER_SAFE.test(value) || value.length > 1024) throw ERRORS.invalidRequest(`Invalid ${name}`);
  return value;
}

function userMetadata(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw ERRORS.invalidParameter('metadata', 'Invalid metadata: not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw ERRORS.invalidParameter('metadata', 'Invalid metadata: not an object');
  // Postgres jsonb cannot hold U+0000.
  if (json.includes('\\u0000')) throw ERRORS.invalidParameter('metadata', 'Invalid metadata');
  return value as Record<string, unknown>;
}

const contentTypeOf = (value: string) => headerValue('content type', value);

/**
 * Reads an upload without buffering it: a multipart form (the file is the first file part; `cacheControl` and
 * `metadata` fields before it count, as storage-js sends them) or the raw body with `content-type`,
 * `cache-control` and base64 JSON `x-metadata` headers. `nodeBody` is the request's own Node stream when the HTTP
 * adapter has one: read directly, it skips two stream conversions per chunk.
 */
export function readUpload(request: Request, nodeBody?: Readable): Promise<IncomingFile> {
  const type = request.headers.get('content-type') ?? '';
  const source = nodeBody ?? (request.body ? Readable.fromWeb(request.body as never) : Readable.from([]));
  // The adapter's own stream is left to the adapter, which drains what is left once the answer is sent (a bounded
  // amount, then it closes the connection); destroying it would reset the socket before the client reads the answer.
  const discard = nodeBody ? () => void source.unpipe() : () => void source.destroy();
  if (!/^multipart\/form-data/i.test(type)) {
    const meta = request.headers.get('x-metadata');
    return Promise.resolve().then(() => ({
      body: source,
      contentType: contentTypeOf(type || 'application/octet-stream'),
      cacheControl: headerValue('cache-control', request.headers.get('cache-control') ?? 'no-cache'),
      userMetadata: meta === null ? undefined : userMetadata(Buffer.from(meta, 'base64').toString('utf8')),
      declaredSize: /^\d+$/.test(request.headers.get('content-length') ?? '')
        ? Number(request.headers.get('content-length'))
        : undefined,
      discard,
    }));
  }
  return new Promise<IncomingFile>((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': type },
        limits: { files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 },
      });
    } catch (err) {
      discard();
      reject(ERRORS.invalidRequest(`Invalid multipart form: ${(err as Error).message}`));
      return;
    }
    const fields = new Map<string, string>();
    let settled = false;
    parser.on('field', (name: string, value: string) => fields.set(name, value));
    parser.on(
      'file',
      (_name: string, file: Readable, _filename: string, _encoding: string, mimetype: string) => {
        if (settled) return file.resume();
        settled = true;
        parser.on('error', (err: Error) =>
          file.destroy(ERRORS.invalidRequest(`Invalid multipart form: ${err.message}`)),
        );
        // A client that goes away mid-file ends the upload instead of leaving it waiting for bytes.
        source.on('error', (err) => file.destroy(err));
        try {
          const cacheTime = fields.get('cacheControl');
          const meta = fields.get('metadata') ?? fields.get('userMetadata');
          resolve({
            body: file,
            contentType: contentTypeOf(fields.get('contentType') || mimetype || 'application/octet-stream'),
            cacheControl: headerValue('cacheControl', cacheTime ? `max-age=${cacheTime}` : 'no-cache'),
            userMetadata: meta === undefined ? undefined : userMetadata(meta),
            declaredSize: undefined,
            discard,
          });
        } catch (err) {
          discard();
          reject(err);
        }
      },
    );
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      discard();
      reject(ERRORS.invalidRequest(`Invalid multipart form: ${err.message}`));
    };
    parser.on('error', fail);
    source.on('error', fail);
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      reject(ERRORS.invalidRequest('No file provided'));
    });
    source.pipe(parser);
  });
}
