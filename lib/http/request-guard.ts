// Requests Next itself would answer with a 500, answered with the right 4xx before they reach it. Two layers:
// - requestLineRefusal: what Next's HTTP server fails on before any of our code runs (a method undici refuses, a
//   request target that is not a path); the production server (scripts/start.ts) asks it first.
// - actionRequestRefusal: server-action POSTs (edge middleware), which Next answers with a 500 when cross-origin,
//   too large, empty or malformed.
// Plain module without path aliases or Node APIs: the start script and the edge middleware both import it.

/**
 * The largest server-action body, declared here for the middleware's guard and read by next.config.mjs as Next's
 * own `serverActions.bodySizeLimit` (default 1 MB). A profile picture may be 5 MiB (lib/avatars/avatar-rules.ts);
 * the rest covers the multipart envelope and leaves room for a file a little over the limit to reach the action,
 * which refuses it in the visitor's language instead of a bare 413.
 */
export const actionBodyLimit = 8 * 1024 * 1024;

/** Methods the fetch standard forbids: Next cannot build a Request for them and throws. */
const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);
const allowedMethods = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

export interface Refusal {
  status: 400 | 403 | 405 | 413 | 204;
  code: string;
  message: string;
  headers?: Record<string, string>;
}

/**
 * For the request line as Node parsed it. Only origin-form targets (`/path?query`) reach the app: an absolute-form
 * target (`GET http://other.host/en`) names another host (Next would redirect there), `OPTIONS *` asks about the
 * server as a whole.
 */
export function requestLineRefusal(method: string | undefined, target: string | undefined): Refusal | null {
  if (method === 'OPTIONS' && target === '*') {
    return { status: 204, code: 'options', message: '', headers: { Allow: allowedMethods } };
  }
  if (!target?.startsWith('/') || target.startsWith('//')) {
    return { status: 400, code: 'bad_request_target', message: 'The request target must be a path.' };
  }
  if (method && forbiddenMethods.has(method)) {
    return {
      status: 405,
      code: 'method_not_allowed',
      message: `${method} is not allowed.`,
      headers: { Allow: allowedMethods },
    };
  }
  return null;
}

/**
 * What a path serves, for the methods it takes: 'page' (every page carries a server action, the header's, so
 * GET, HEAD and POST), 'resource' (files, the service worker and route handlers outside /api: GET and HEAD), or
 * 'api' (its route handlers answer other methods themselves, in JSON).
 */
export type PathKind = 'page' | 'resource' | 'api';

const pageMethods = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);
const resourceMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Next renders a page for any method (PUT and DELETE get a 200) and serves prerendered resources for any method
 * (a POST to an icon is a 500): other methods are a 405 with Allow. OPTIONS is left to Next.
 */
export function methodRefusal(method: string | undefined, kind: PathKind): Refusal | null {
  if (!method || kind === 'api') return null;
  const allowed = kind === 'page' ? pageMethods : resourceMethods;
  if (allowed.has(method)) return null;
  return {
    status: 405,
    code: 'method_not_allowed',
    message: `${method} is not allowed.`,
    headers: { Allow: kind === 'page' ? 'GET, HEAD, POST' : 'GET, HEAD' },
  };
}

/** The refusal as a response: JSON for the API, plain text elsewhere. */
export function refusalResponse(refusal: Refusal, path: string): Response {
  if (refusal.status === 204) return new Response(null, { status: 204, headers: refusal.headers });
  const json = path === '/api' || path.startsWith('/api/');
  const body = json
    ? JSON.stringify({ error: refusal.code, message: refusal.message })
    : `${refusal.message}\n`;
  return new Response(body, {
    status: refusal.status,
    headers: {
      ...refusal.headers,
      'Content-Type': json ? 'application/json' : 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });
}

/** Reads the body up to the limit: null once it goes over (without reading the rest). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = request.clone().body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a cloned body settles only once Next's branch is done too.
      void reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** JSON text, or undefined when it is not JSON (React cannot decode it either). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // Not JSON: refused by the callers.
  }
}

// React Flight reply strings (what decodeReply reads; react-server-dom-webpack's parseModelString). Values that
// stand alone: escaped text, special numbers, undefined, dates, bigints (300 digits at most, as React allows),
// temporary references, FormData and stream headers.
const standaloneToken =
  /^\$(?:\$|undefined$|NaN$|Infinity$|-Infinity$|-0$|T$|D|n-?\d{1,299}$|[KRrXx][0-9a-f]+$)/;
// A reference to another part (by hex id) with an optional property path: a model, a promise, a server reference,
// a Map, a Set or an iterator.
const partReference = /^\$([@hQWi]?)([0-9a-f]{1,8})((?::[^:]*)*)$/;
// Typed arrays and blobs, whose part is a file.
const binaryReference = /^\$[AOoUSsLlGgMmVB]([0-9a-f]{1,8})$/;

type Part = string | File | null;

/**
 * Whether an action's arguments hold only Flight references decodeReply can resolve: each names a part the body
 * has (a fetch action's text body has only part 0, the arguments), and each path walks own properties of the JSON
 * there, as React's getOutlinedModel requires; Maps, Sets and iterators come from arrays (a Map's of entries). Anything else makes Next
 * answer a 500 (`["$Q1"]`, `[{"then":"$1:__proto__:then"}]`). This checks references, not the values React builds.
 */
function resolvableReferences(root: unknown, part: (id: number) => Part): boolean {
  const models = new Map<number, unknown>([[0, root]]);
  const model = (id: number): unknown => {
    if (!models.has(id)) {
      const text = part(id);
      models.set(id, typeof text === 'string' ? parseJson(text) : undefined);
      const parsed = models.get(id);
      if (parsed !== undefined) pending.push(parsed);
    }
    return models.get(id);
  };
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...(value as unknown[]));
    else if (typeof value === 'object' && value !== null) pending.push(...Object.values(value));
    else if (typeof value === 'string' && value.startsWith('$') && !standaloneToken.test(value)) {
      const binary = binaryReference.exec(value);
      if (binary) {
        if (!(part(parseInt(binary[1]!, 16)) instanceof File)) return false;
        continue;
      }
      const ref = partReference.exec(value);
      if (!ref) return false;
      const target = walk(model(parseInt(ref[2]!, 16)), ref[3]!.split(':').slice(1));
      if (target === undefined) return false;
      const tag = ref[1]!;
      if ((tag === 'Q' || tag === 'W' || tag === 'i') && !Array.isArray(target)) return false;
      // A Map is built from [key, value] entries.
      if (tag === 'Q' && !(target as unknown[]).every((entry) => Array.isArray(entry))) return false;
      if (tag === 'h' && typeof (target as { id?: unknown } | null)?.id !== 'string') return false;
    }
  }
  return true;
}

/** Follows a reference path through own properties; a reference met on the way is left to React. */
function walk(value: unknown, path: string[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at === 'string' && at.startsWith('$')) return at;
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A fetch action's arguments: a JSON list whose references resolve among the body's parts. */
function isArgumentList(text: string | null, part: (id: number) => Part): boolean {
  if (text === null) return false;
  const args = parseJson(text);
  return Array.isArray(args) && resolvableReferences(args, part);
}

/** Whether the body is one Next can decode: a JSON argument list, or form data (with one, for a fetch action). */
async function wellFormedActionBody(
  request: Request,
  body: Uint8Array<ArrayBuffer>,
  fetchAction: boolean,
): Promise<boolean> {
  if (body.byteLength === 0) return false;
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    try {
      const form = await new Response(body, { headers: { 'Content-Type': type } }).formData();
      if (!fetchAction) return true;
      const args = form.get('0');
      return typeof args === 'string' && isArgumentList(args, (id) => form.get(String(id)));
    } catch {
      return false; // Not parseable as the form data its Content-Type announces.
    }
  }
  return fetchAction && isArgumentList(new TextDecoder().decode(body), () => null);
}

/**
 * For a POST the middleware sees because it carries `Next-Action` or a form body: a cross-origin action is a 403
 * (Next refuses it too, but as a 500), a body over Next's limit a 413, an empty or undecodable one a 400.
 */
export async function actionRequestRefusal(request: Request): Promise<Refusal | null> {
  if (request.method !== 'POST') return null;
  const fetchAction = request.headers.has('next-action');
  const origin = request.headers.get('origin');
  // Next's own comparison: the first X-Forwarded-Host behind a proxy, else Host.
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host');
  if (origin !== null && (origin === 'null' || URL.parse(origin)?.host !== host)) {
    return {
      status: 403,
      code: 'cross_origin_action',
      message: 'Cross-origin form submissions are not accepted.',
    };
  }
  const tooLarge: Refusal = {
    status: 413,
    code: 'body_too_large',
    message: `The request body is larger than ${actionBodyLimit / 1024 / 1024} MB.`,
  };
  if (Number(request.headers.get('content-length') ?? 0) > actionBodyLimit) return tooLarge;
  const body = await readCapped(request, actionBodyLimit);
  if (!body) return tooLarge;
  if (!(await wellFormedActionBody(request, body, fetchAction))) {
    return { status: 400, code: 'malformed_action', message: 'The form submission could not be read.' };
  }
  return null;
}
