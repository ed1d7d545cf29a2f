import sharp, { type FormatEnum, type Sharp } from 'sharp';
import type { BlobStore } from './files.ts';
import { ERRORS } from './errors.ts';

/** What storage.objects.metadata holds for an object (the storage service's ObjectMetadata). */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface StoredObject {
  id: string;
  bucket_id: string;
  name: string;
  version: string;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

/** Image transformation options as the render routes take them (the service's transformationOptionsSchema). */
export interface Transform {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin' | 'avif' | 'webp';
}

const SIZE_MIN = 1;
const SIZE_MAX = 2000;

const integer = (params: URLSearchParams | Map<string, string>, name: string, min: number, max?: number) => {
  const raw = params.get(name);
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || (max !== undefined && Number(raw) > max))
    throw ERRORS.invalidParameter(
      name,
      `querystring/${name} must be an integer${max ? ` from ${min} to ${max}` : ''}`,
    );
  return Number(raw);
};

function oneOf<T extends string>(
  params: URLSearchParams | Map<string, string>,
  name: string,
  values: readonly T[],
) {
  const raw = params.get(name);
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (!values.includes(raw as T))
    throw ERRORS.invalidParameter(name, `querystring/${name} must be equal to one of the allowed values`);
  return raw as T;
}

/** Reads width, height, resize, quality and format; width and height are clamped to 1–2000 as the service does. */
export function parseTransform(params: URLSearchParams | Map<string, string>): Transform {
  const clamp = (n: number | undefined) =>
    n === undefined || n === 0 ? undefined : Math.min(Math.max(n, SIZE_MIN), SIZE_MAX);
  return {
    width: clamp(integer(params, 'width', 0)),
    height: clamp(integer(params, 'height', 0)),
    resize: oneOf(params, 'resize', ['cover', 'contain', 'fill'] as const) ?? 'cover',
    quality: integer(params, 'quality', 20, 100),
    format: oneOf(params, 'format', ['origin', 'avif', 'webp'] as const),
  };
}

/** The transformation as a signed URL's token records it (the service's `width:…,height:…` string). */
export function transformString(t: Transform): string {
  return [
    t.height && `height:${t.height}`,
    t.width && `width:${t.width}`,
    (t.width || t.height) && `resize:${t.resize}`,
    t.quality && `quality:${t.quality}`,
    t.format && t.format !== 'origin' && `format:${t.format}`,
  ]
    .filter(Boolean)
    .join(',');
}

export function transformFromString(value: string): Transform {
  const params = new Map<string, string>();
  for (const part of value.split(',')) {
    const [k, v] = part.split(':');
    if (k && v) params.set(k, v);
  }
  return parseTransform(params);
}

/**
 * Headers that keep a stored file inert wherever it is opened: the stored type exactly (HTML as text/plain, as the
 * service does), never sniffed, and under a sandbox CSP, so an uploaded SVG or HTML runs no script with this origin.
 */
export function safeHeaders(mimetype: string): Record<string, string> {
  return {
    'Content-Type': mimetype.includes('text/html') ? 'text/plain' : mimetype,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'X-Robots-Tag': 'none',
  };
}

/** `download=` as the service turns it into Content-Disposition: bare → attachment, a name → that name, encoded. */
function disposition(download: string | null): Record<string, string> {
  if (download === null) return {};
  if (download === '') return { 'Content-Disposition': 'attachment;' };
  const name = encodeURIComponent(download);
  return { 'Content-Disposition': `attachment; filename=${name}; filename*=UTF-8''${name}` };
}

/** A single `bytes=` range of a file of `size` bytes; undefined = the whole file. */
function parseRange(header: string | null, size: number): { start: number; end: number } | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) throw ERRORS.invalidRange();
  return { start, end };
}

export interface RenderOptions {
  request: Request;
  head: boolean;
  download: string | null;
}

/** An object's bytes (or only its headers for HEAD), with its stored type, cache-control and ETag. */
export function objectResponse(blobs: BlobStore, obj: StoredObject, opts: RenderOptions): Response {
  const meta = obj.metadata;
  const etag = meta.eTag;
  const headers: Record<string, string> = {
    ...safeHeaders(meta.mimetype),
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Cache-Control': meta.cacheControl,
    'Last-Modified': new Date(meta.lastModified).toUTCString(),
    ...disposition(opts.download),
  };
  const ifNoneMatch = opts.request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag))
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': meta.cacheControl } });
  const range = parseRange(opts.request.headers.get('range'), meta.size);
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${meta.size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
  } else headers['Content-Length'] = String(meta.size);
  const status = range ? 206 : 200;
  if (opts.head || meta.size === 0) return new Response(null, { status, headers });
  return new Response(blobs.read(obj.version, range?.start, range?.end), { status, headers });
}

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff', 'heif']);

/** An image transformed with sharp as the service's imgproxy does: no enlarging, WebP where accepted unless `origin`. */
export async function imageResponse(
  blobs: BlobStore,
  obj: StoredObject,
  transform: Transform,
  opts: RenderOptions,
): Promise<Response> {
  const input = await blobs.readAll(obj.version);
  let image: Sharp;
  let format: string;
  try {
    image = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
    const info = await image.metadata();
    if (!info.format || !IMAGE_FORMATS.has(info.format))
      throw new Error(`unsupported image format ${info.format}`);
    format = info.format;
  } catch (err) {
    throw ERRORS.imageProcessing(`Invalid image request: ${(err as Error).message}`);
  }
  if (transform.width || transform.height) {
    image = image.resize({
      width: transform.width,
      height: transform.height,
      fit: transform.resize === 'contain' ? 'inside' : transform.resize === 'fill' ? 'fill' : 'cover',
      withoutEnlargement: true,
    });
  }
  const accept = opts.request.headers.get('accept') ?? '';
  const out =
    transform.format === 'webp' || transform.format === 'avif'
      ? transform.format
      : transform.format !== 'origin' && accept.includes('image/webp')
        ? 'webp'
        : format === 'heif' || format === 'tiff'
          ? 'jpeg'
          : format;
  const quality = transform.quality ?? 80;
  image = image.toFormat(out as keyof FormatEnum, out === 'png' || out === 'gif' ? {} : { quality });
  let body: Buffer;
  try {
    body = await image.toBuffer();
  } catch (err) {
    throw ERRORS.imageProcessing(`Invalid image request: ${(err as Error).message}`);
  }
  const headers: Record<string, string> = {
    ...safeHeaders(`image/${out}`),
    'Content-Length': String(body.length),
    'Cache-Control': obj.metadata.cacheControl,
    'Last-Modified': new Date(obj.metadata.lastModified).toUTCString(),
    'X-Transformations': transformString(transform),
    Vary: 'Accept',
    ...disposition(opts.download),
  };
  return new Response(opts.head ? null : new Uint8Array(body), { status: 200, headers });
}
