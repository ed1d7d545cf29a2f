import { readBytesUpTo } from '../../body-text.ts';
import type { ApiConfig } from '../../config/api.ts';
import type { SigningKey } from '../../crypto/keys.ts';
import { RestError, unacceptableSchema } from '../errors.ts';
import type { DbConfig } from '../schema-cache/db-config.ts';
import { type RequestAuth, authenticate } from './auth.ts';
import { readPayload } from './body.ts';
import { type ContentMedia, type MediaOffer, contentMedia, parseAccept } from './media.ts';
import { type Preferences, intersectRanges, parsePreferences, parseRangeHeader } from './preferences.ts';
import { type QueryParams, type Range, parseQuery } from './query-params.ts';

/**
 * The first stage, PostgREST's ApiRequest: everything the request says, read and checked once (method, target,
 * key and token, profile, `Prefer`, `Accept`, `Range`, the query string and the body), before any planning.
 */

/** Bodies above this are refused with 413 before they are parsed. */
export const REST_MAX_BODY_BYTES = 10 * 1024 * 1024;

export class BodyTooLarge extends Error {}

export type Target = { kind: 'table'; name: string } | { kind: 'rpc'; name: string };

export interface ApiRequest {
  request: Request;
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** GET or HEAD. */
  read: boolean;
  /** The path after /rest/v1, decoded (what request.path holds). */
  path: string;
  target: Target;
  schema: string;
  auth: RequestAuth;
  prefs: Preferences;
  /** The Accept header's media types, best first; the plan picks the one answered. */
  accept: MediaOffer[];
  /** The body's Content-Type. */
  content: ContentMedia;
  query: QueryParams;
  /** The top level's range: the Range header (reads) ∩ limit/offset ∩ max_rows. */
  top: Range;
  /**
   * The request body, read once (so a retry after a schema reload plans from the same text): JSON (a form or CSV
   * turned into it), or a function's raw text, XML or bytea literal.
   */
  body: string;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'] as const;

/** OPTIONS is answered before any other reading, as PostgREST's CORS preflight. */
export const isOptions = (request: Request) => request.method.toUpperCase() === 'OPTIONS';

export async function readApiRequest(
  api: ApiConfig,
  config: DbConfig,
  key: SigningKey,
  roles: ReadonlySet<string>,
  request: Request,
  rawPath: string,
): Promise<ApiRequest> {
  const upper = request.method.toUpperCase();
  const method = METHODS.find((m) => m === upper);
  if (!method) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${upper}`);
  // The gateway takes the key from the header or an `apikey` query parameter, and hides the parameter upstream.
  const url = new URL(request.url);
  const keyParam = url.searchParams.get('apikey');
  url.searchParams.delete('apikey');
  const auth = await authenticate(
    key,
    roles,
    request.headers.get('apikey') ?? keyParam,
    request.headers.get('authorization'),
  );
  let segments: string[];
  try {
    segments = rawPath.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
  const read = method === 'GET' || method === 'HEAD';
  const schema = pickSchema(api, request, read);
  const prefer = request.headers.get('prefer');
  const prefs = parsePreferences(prefer ? [prefer] : []);
  // Prefer: tx= is honoured only when db-tx-end allows an override (Preferences.hs fromHeaders).
  if (!config.txAllowOverride) prefs.tx = undefined;
  const bytes =
    method === 'POST' || method === 'PATCH' || method === 'PUT' ? await readBody(request) : undefined;
  if (segments.length === 0) throw new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled');
  let target: Target;
  if (segments.length === 1) target = { kind: 'table', name: segments[0]! };
  else if (segments.length === 2 && segments[0] === 'rpc') target = { kind: 'rpc', name: segments[1]! };
  else throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  if (target.kind === 'rpc' && !['GET', 'HEAD', 'POST'].includes(method)) {
    throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  }
  const query = parseQuery(url.searchParams, target.kind === 'rpc' && method !== 'POST');
  const content = contentMedia(request.headers.get('content-type'));
  const body = bytes === undefined ? '' : readPayload(content, bytes, target.kind === 'rpc');
  return {
    request,
    method,
    read,
    path: `/${segments.join('/')}`,
    target,
    schema,
    auth,
    prefs,
    accept: parseAccept(request.headers.get('accept')),
    content,
    query,
    top: topRange(api, request, read, query),
    body,
  };
}

/** Accept-Profile (reads) or Content-Profile (writes) picks one of `[api] schemas`; the first by default. */
function pickSchema(api: ApiConfig, request: Request, read: boolean): string {
  const header = request.headers.get(read ? 'accept-profile' : 'content-profile');
  if (header === null) return api.schemas[0] ?? 'public';
  if (!api.schemas.includes(header)) throw unacceptableSchema(header, api.schemas);
  return header;
}

async function readBody(request: Request): Promise<Buffer> {
  const bytes = await readBytesUpTo(request, REST_MAX_BODY_BYTES);
  if (bytes === undefined) throw new BodyTooLarge();
  return bytes;
}

function topRange(api: ApiConfig, request: Request, read: boolean, q: QueryParams): Range {
  const header = read ? parseRangeHeader(request.headers.get('range') ?? undefined) : undefined;
  const range = intersectRanges(header, q.ranges.get(''));
  const max = api.maxRows;
  if (max !== undefined && (range.limit === undefined || range.limit > max)) return { ...range, limit: max };
  return range;
}
