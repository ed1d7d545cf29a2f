import { readTextUpTo } from '../body-text.ts';
import { ApiError, badRequest } from '../errors.ts';

/** GoTrue rejects bodies above 1 MB (its request size limit) with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const bodyTooLarge = () =>
  new ApiError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY_BYTES} bytes)`);

/** Refuses a declared Content-Length over the limit before any work (a chunked body is counted as it is read). */
export function refuseLargeBody(request: Request): void {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw bodyTooLarge();
}

/** The body as UTF-8 text, read up to MAX_BODY_BYTES. */
export async function readBodyText(request: Request): Promise<string> {
  const text = await readTextUpTo(request, MAX_BODY_BYTES);
  if (text === undefined) throw bodyTooLarge();
  return text;
}

// Postgres text cannot hold U+0000: such input is refused up front instead of failing inside the database.
export function refuseNul(value: string): string {
  if (value.includes('\u0000')) throw badRequest('validation_failed', 'Request contains a NUL character');
  return value;
}

export function refuseNulInQuery(query: URLSearchParams): void {
  for (const value of query.values()) refuseNul(value);
}

/** Parses a JSON object body whatever the Content-Type (as GoTrue does); an empty body counts as `{}`. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v: unknown) => {
      refuseNul(key);
      return typeof v === 'string' ? refuseNul(v) : v;
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(
      'bad_json',
      'Could not parse request body as JSON: json: cannot unmarshal non-object into Go value',
    );
  }
  return value as Record<string, unknown>;
}

/** An HTML form post (application/x-www-form-urlencoded). */
export function parseForm(text: string): Record<string, unknown> {
  return Object.fromEntries([...new URLSearchParams(text)].map(([k, v]) => [refuseNul(k), refuseNul(v)]));
}

/** Typed reads of a parsed body; a value of the wrong type fails as Go's json.Unmarshal does (400 bad_json). */
export class Params {
  readonly raw: Record<string, unknown>;
  private readonly struct: string;
  constructor(raw: Record<string, unknown>, struct: string) {
    this.raw = raw;
    this.struct = struct;
  }

  private typeError(key: string, want: string): never {
    const got = this.raw[key];
    const kind = Array.isArray(got) ? 'array' : typeof got === 'object' ? 'object' : typeof got;
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${kind} into Go struct field ${this.struct}.${key} of type ${want}`,
    );
  }

  string(key: string): string {
    const v = this.raw[key];
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') this.typeError(key, 'string');
    return v;
  }

  boolean(key: string): boolean | undefined {
    const v = this.raw[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') this.typeError(key, 'bool');
    return v;
  }

  object(key: string): Record<string, unknown> | undefined {
    const v = this.raw[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) this.typeError(key, 'map[string]interface {}');
    return v as Record<string, unknown>;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }
}
