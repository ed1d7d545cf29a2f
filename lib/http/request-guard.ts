// Requests Next itself would answer with a 500, answered with the right 4xx before they reach it. Two layers:
// - requestLineRefusal: what Next's HTTP server fails on before any of our code runs (a method undici refuses, a
//   request target that is not a path); the production server (scripts/start.ts) asks it first.
// - actionRequestRefusal: server-action POSTs (edge middleware), which Next answers with a 500 when cross-origin,
//   too large, empty or malformed.
// Plain module without path aliases or Node APIs: the start script and the edge middleware both import it.

/**
 * The largest server-action body, declared here for the middleware's guard and read by next.config.mjs as Next's
 * own `serverActions.bodySizeLimit` (default 1 MB). A profile picture may be 5 MiB (lib/avatars/avatar-rules.ts) and
 * a note's file 10 MiB (lib/notes/note-files.ts: posted here only without JavaScript; with it the browser sends files
 * straight to Storage); the rest covers the multipart envelope and leaves room for a file a little over the limit to
 * reach the action, which refuses it in the visitor's language instead of a bare 413.
 */
export const actionBodyLimit = 12 * 1024 * 1024;

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

/**
 * The cookie a too-large form post leaves for the page it goes back to, scoped to that page's path. The page reads
 * it once: the middleware lets the next request for the path bring it and answers that request by removing it
 * (forgottenRefusal), and it expires as soon as the forms' own answers anyway.
 */
export const refusedPostCookie = { name: 'polyglot-post-refused', value: 'too-large', maxAge: 15 } as const;

/** Paths a cookie can name as they are (a note's, a team's): anything else is scoped to the whole site. */
const cookiePath = /^\/[\w\-./~%]*$/;

function refusedPostSetCookie(pathname: string, secure: boolean, spent: boolean): string {
  return [
    `${refusedPostCookie.name}=${spent ? '' : refusedPostCookie.value}`,
    `Path=${cookiePath.test(pathname) ? pathname : '/'}`,
    `Max-Age=${spent ? 0 : refusedPostCookie.maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * A form posted without JavaScript (no Next-Action header: Next's own fetch always sends one) whose body is over
 * the limit: a 303 back to the page it came from, with the marker cookie, so the visitor sees why in their
 * language, on the page they were on, instead of a browser error page for a bare 413. The target is the request's
 * own URL, which Next builds on its own origin whatever the Host header says. Fetch calls, and the other refusals
 * (another origin, a body no form of ours writes), keep their status; null for them.
 */
export function refusedFormReturn(refusal: Refusal, request: Request, secure: boolean): Response | null {
  if (refusal.code !== 'body_too_large' || request.headers.has('next-action')) return null;
  const { href, pathname } = new URL(request.url);
  return new Response(null, {
    status: 303,
    headers: {
      // Whole: Next's middleware adapter reads the Location as a URL of its own, then makes it relative again.
      Location: href,
      'Set-Cookie': refusedPostSetCookie(pathname, secure, false),
      'Cache-Control': 'no-store',
    },
  });
}

/** For a request that brings the marker to its page: the Set-Cookie that removes it once read, else null. */
export function forgottenRefusal(request: Request, secure: boolean): string | null {
  const cookies = request.headers.get('cookie') ?? '';
  if (!cookies.split(';').some((pair) => pair.trim().startsWith(`${refusedPostCookie.name}=`))) return null;
  return refusedPostSetCookie(new URL(request.url).pathname, secure, true);
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
// FormData and stream headers.
//
// Not temporary references (`$T`): React's encoder writes one for a value it cannot send (a function, an element,
// a class instance), and the action gets an opaque proxy that throws on any read, so an action reading its
// argument (enrollTwoFactor its previous state) answered 500, and one in a part other than the arguments' own
// fails in decodeReply itself. Our actions take form data and plain JSON states (FormState), so no client of
// ours sends one. Refused here rather than in a wrapper because every action post passes the middleware (its
// last two matcher entries), whatever the action, however it is wrapped and wherever the `$T` nests.
const standaloneToken =
  /^\$(?:\$|undefined$|NaN$|Infinity$|-Infinity$|-0$|D|n-?\d{1,299}$|[KRrXx][0-9a-f]+$)/;
// A reference to another part (by hex id) with an optional property path: a model, a promise, a Map, a Set or an
// iterator. Not server references (`$h`): none of our actions takes another action as an argument, and the edge
// cannot check an id against the build's manifest (an unknown one is a 500 from decodeReply).
const partReference = /^\$([@QWi]?)([0-9a-f]{1,8})((?::[^:]*)*)$/;
/** How deep arguments may nest: our states are a few levels deep; thousands overflow React's recursive decoding. */
const maxDepth = 64;
// Typed arrays and blobs, whose part is a file.
const binaryReference = /^\$[AOoUSsLlGgMmVB]([0-9a-f]{1,8})$/;

type Part = string | File | null;

/**
 * Whether an action's arguments hold only Flight references decodeReply can resolve: each names a part the body
 * has (a fetch action's text body has only part 0, the arguments), and each path walks own properties of the JSON
 * there, as React's getOutlinedModel requires; Maps, Sets and iterators come from arrays (a Map's of entries).
 * Anything else makes Next answer a 500 (`["$Q1"]`, `[{"then":"$1:__proto__:then"}]`), as does nesting deeper than
 * React's recursion goes. This checks references and depth, not the values React builds.
 */
function resolvableReferences(root: unknown, part: (id: number) => Part): boolean {
  const models = new Map<number, unknown>([[0, root]]);
  const pending: Array<[value: unknown, depth: number]> = [[root, 0]];
  const model = (id: number): unknown => {
    if (!models.has(id)) {
      const text = part(id);
      models.set(id, typeof text === 'string' ? parseJson(text) : undefined);
      const parsed = models.get(id);
      if (parsed !== undefined) pending.push([parsed, 0]);
    }
    return models.get(id);
  };
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value === 'object' && value !== null) {
      if (depth >= maxDepth) return false;
      // One by one: a spread of a list of half a million items would overflow the stack.
      for (const item of Array.isArray(value) ? (value as unknown[]) : Object.values(value))
        pending.push([item, depth + 1]);
    } else if (typeof value === 'string' && value.startsWith('$') && !standaloneToken.test(value)) {
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

/**
 * A form posted without JavaScript names its action by `$ACTION_ID_<id>`, or, for an action with bound arguments
 * (useActionState's previous state), by `$ACTION_REF_<n>` with the metadata in `$ACTION_<n>:0`: `{id, bound}`,
 * bound a promise of the argument list in another `$ACTION_<n>:` part. React decodes that metadata without
 * temporary references, so it is held to the same references as a fetch action's arguments, with a list to bind.
 */
function boundActionsResolve(form: FormData): boolean {
  for (const key of form.keys()) {
    if (!key.startsWith('$ACTION_REF_')) continue;
    const prefix = `$ACTION_${key.slice('$ACTION_REF_'.length)}:`;
    const part = (id: number) => form.get(`${prefix}${id.toString(16)}`);
    const text = part(0);
    const meta = typeof text === 'string' ? parseJson(text) : undefined;
    if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return false;
    const { id, bound } = meta as { id?: unknown; bound?: unknown };
    if (typeof id !== 'string' || !resolvableReferences(meta, part)) return false;
    if (bound === null) continue;
    const ref = typeof bound === 'string' ? /^\$@([0-9a-f]{1,8})$/.exec(bound) : null;
    const args = ref ? part(parseInt(ref[1]!, 16)) : null;
    if (!Array.isArray(typeof args === 'string' ? parseJson(args) : undefined)) return false;
  }
  return true;
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
      if (!fetchAction) return boundActionsResolve(form);
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
 * (Next refuses it too, but as a 500), a body over Next's limit a 413 (a form posted without JavaScript goes back to
 * its page instead: refusedFormReturn), an empty or undecodable one a 400.
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
