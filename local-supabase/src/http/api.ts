import { createServer, type IncomingMessage, type Server } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { getPath } from 'hono/utils/url';
import type { App } from '../app.ts';
import type { Route } from '../auth/api/guards.ts';
import { ROUTES } from '../auth/api/table.ts';
import { refuseLargeBody, refuseNulInQuery } from './body.ts';
import { RequestContext } from './context.ts';
import { ApiError, type ErrorLog } from '../errors.ts';
import { handleRest } from '../rest/handler.ts';
import { handleStorage } from '../storage/handler.ts';
import { answerError } from './errors.ts';

const AUTH_PREFIX = '/auth/v1';

/** The path as raw GoTrue sees it: without the gateway's /auth/v1 prefix or a trailing slash. */
function gotruePath(request: Request): string {
  let path = getPath(request);
  if (path === AUTH_PREFIX || path.startsWith(`${AUTH_PREFIX}/`)) path = path.slice(AUTH_PREFIX.length);
  return path.replace(/\/+$/, '') || '/';
}

/** GoTrue's `{name}` parameters in Hono's `:name` syntax. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** GoTrue's rs/cors with credentials (the CLI gateway echoes the requested headers): only requests with an Origin. */
const corsForOrigins = (): MiddlewareHandler => {
  const handler = cors({
    origin: (origin) => origin,
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Without these a browser cannot read X-Supabase-Api-Version, and error codes vanish.
    exposeHeaders: ['X-Total-Count', 'Link', 'X-Supabase-Api-Version'],
    maxAge: 300,
  });
  return (c, next) => (c.req.header('origin') ? handler(c, next) : next());
};

const REST_PREFIX = '/rest/v1';

/**
 * PostgREST's CORS (Cors.hs) behind the gateway: any origin, the requested headers, its response headers exposed.
 * Only for requests with an Origin: a plain OPTIONS is PostgREST's own (200 with Allow).
 */
const restCorsHandler = cors({
  origin: (origin) => origin,
  credentials: true,
  allowMethods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'],
  exposeHeaders: [
    'Content-Encoding',
    'Content-Location',
    'Content-Range',
    'Content-Type',
    'Date',
    'Location',
    'Server',
    'Transfer-Encoding',
    'Range-Unit',
    'Content-Profile',
    'Preference-Applied',
  ],
  maxAge: 300,
});
const restCors: MiddlewareHandler = (c, next) => (c.req.header('origin') ? restCorsHandler(c, next) : next());

const STORAGE_PREFIX = '/storage/v1';

/** The storage service's CORS (any origin) with the headers a browser needs to read downloads and errors. */
const storageCorsHandler = cors({
  origin: (origin) => origin,
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  exposeHeaders: [
    'Content-Length',
    'Content-Type',
    'Content-Range',
    'Content-Disposition',
    'ETag',
    'X-Transformations',
  ],
  maxAge: 300,
});
const storageCors: MiddlewareHandler = (c, next) =>
  c.req.header('origin') ? storageCorsHandler(c, next) : next();

/** The API as a Hono app: the route table with its guards, CORS, request counting and the error envelope. */
export function createApi(app: App, log: ErrorLog): Hono {
  const api = new Hono({ getPath: gotruePath });
  const answer = (err: unknown, c: Context) =>
    answerError(err, `${c.req.method} ${gotruePath(c.req.raw)}`, c.req.header('x-supabase-api-version'), log);
  const unmatched = (c: Context, status: 404 | 405) => {
    app.stats.record(`${c.req.method} (unmatched)`);
    return status === 404
      ? new ApiError(404, 'not_found', 'Not Found')
      : new ApiError(405, 'method_not_allowed', 'Method Not Allowed');
  };

  // The Data API first, so the Auth API's CORS and envelope stay its own.
  const rest = (c: Context) => {
    app.stats.record(`${c.req.method} ${REST_PREFIX}`);
    return handleRest(app.rest, c.req.raw, c.req.path.slice(REST_PREFIX.length));
  };
  api.use(REST_PREFIX, restCors);
  api.use(`${REST_PREFIX}/*`, restCors);
  api.all(REST_PREFIX, rest);
  api.all(`${REST_PREFIX}/*`, rest);
  // Storage reads object names from the request target as the client sent it: still percent-encoded, and before
  // URL parsing resolves `..` segments and turns `\` into `/`, so such names are refused rather than rewritten.
  const storage = (c: Context) => {
    app.stats.record(`${c.req.method} ${STORAGE_PREFIX}`);
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const sent = incoming?.url?.split('?')[0];
    const raw = sent?.startsWith(`${STORAGE_PREFIX}/`) ? sent : new URL(c.req.raw.url).pathname;
    return handleStorage(app.storage, c.req.raw, raw.slice(STORAGE_PREFIX.length), incoming);
  };
  api.use(`${STORAGE_PREFIX}/*`, storageCors);
  api.all(`${STORAGE_PREFIX}/*`, storage);
  api.use(corsForOrigins());
  for (const r of ROUTES) {
    api.on(r.method, honoPath(r.path), count(app, r), (c) => {
      refuseLargeBody(c.req.raw);
      const ctx = new RequestContext(app, c, gotruePath(c.req.raw));
      refuseNulInQuery(ctx.query);
      return r.run(ctx);
    });
  }
  for (const path of new Set(ROUTES.map((r) => r.path))) {
    api.all(honoPath(path), (c) => {
      throw unmatched(c, 405);
    });
  }
  api.notFound((c) => answer(unmatched(c, 404), c));
  api.onError(answer);
  return api;
}

/** Counts the request under its route pattern as raw GoTrue sees it (e.g. `GET /admin/users/{user_id}`). */
function count(app: App, r: Route): MiddlewareHandler {
  const key = `${r.method} ${r.path}`;
  return async (_c, next) => {
    if (!r.uncounted) app.stats.record(key);
    await next();
  };
}

/** The API's HTTP server; requests wait for the app, which needs the listening port for its URLs. */
export function createApiServer(appReady: Promise<App>, log: ErrorLog): Server {
  let api: Hono | undefined;
  const listener = getRequestListener(
    async (request, env) => {
      api ??= createApi(await appReady, log);
      return api.fetch(request, env);
    },
    {
      overrideGlobalObjects: false,
      // A request the adapter cannot read (a malformed Host or target) is the client's error; anything else a failure.
      errorHandler: (err) => {
        const answered =
          err instanceof RequestError
            ? new ApiError(400, 'validation_failed', `Malformed request: ${err.message}`)
            : err;
        return answerError(answered, 'malformed request', undefined, log);
      },
    },
  );
  return createServer(listener);
}
