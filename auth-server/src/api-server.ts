import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { App } from './app.ts';
import { ApiError, writeError } from './errors.ts';
import { RequestContext } from './http/context.ts';
import { applyCors } from './http/cors.ts';
import { refuseNulInQuery } from './http/nul-characters.ts';
import { MAX_BODY_BYTES } from './http/request-body.ts';
import { Router } from './http/router.ts';
import type { RequestStats } from './request-stats.ts';
import { registerAdminLinkRoutes } from './routes/admin-links.ts';
import { registerAdminUserRoutes } from './routes/admin-users.ts';
import { registerOAuthRoutes } from './routes/oauth.ts';
import { registerOtpRoutes } from './routes/otp.ts';
import { registerPublicRoutes } from './routes/public.ts';
import { registerRecoverRoutes } from './routes/recover.ts';
import { registerSignupRoutes } from './routes/signup.ts';
import { registerTokenRoutes } from './routes/token.ts';
import { registerUserRoutes } from './routes/user.ts';
import { registerVerifyRoutes } from './routes/verify.ts';

export const AUTH_PREFIX = '/auth/v1';

export function buildRouter(app: App): Router {
  const router = new Router();
  for (const register of [
    registerPublicRoutes,
    registerSignupRoutes,
    registerTokenRoutes,
    registerOtpRoutes,
    registerVerifyRoutes,
    registerRecoverRoutes,
    registerUserRoutes,
    registerOAuthRoutes,
    registerAdminUserRoutes,
    registerAdminLinkRoutes,
  ]) {
    register(router, app);
  }
  return router;
}

/**
 * The API listener: every route under /auth/v1 (as behind the CLI gateway) and at the root (as raw GoTrue), CORS,
 * the error envelope, request counting and /__local/stats. No handler error escapes as a crash.
 */
export function createApiServer(appReady: Promise<App>, stats: RequestStats, log: (line: string) => void): Server {
  let router: Router | undefined;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const app = await appReady;
    router ??= buildRouter(app);
    const url = new URL(req.url ?? '/', 'http://local');
    let path = url.pathname;
    if (path === AUTH_PREFIX || path.startsWith(`${AUTH_PREFIX}/`)) path = path.slice(AUTH_PREFIX.length) || '/';
    if (applyCors(req, res)) return;
    const version = header(req, 'x-supabase-api-version');

    if (path === '/__local/stats' || path === '/__local/stats/reset') {
      if (req.method === 'GET' && path === '/__local/stats') return sendJson(res, 200, stats.snapshot());
      if (req.method === 'POST' && path === '/__local/stats/reset') {
        stats.reset();
        return sendJson(res, 200, stats.snapshot());
      }
    }

    const match = router.match(req.method ?? 'GET', path);
    stats.record(`${req.method} ${match && match !== 'method' ? match.pattern : '(unmatched)'}`);
    try {
      if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
        req.resume();
        throw new ApiError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY_BYTES} bytes)`);
      }
      if (match === undefined) throw new ApiError(404, 'not_found', 'Not Found');
      if (match === 'method') throw new ApiError(405, 'method_not_allowed', 'Method Not Allowed');
      refuseNulInQuery(url.searchParams);
      const ctx = new RequestContext(req, res, url, path);
      ctx.params = match.params;
      await match.handler(ctx);
    } catch (err) {
      if (res.headersSent) return;
      if (err instanceof ApiError) return writeError(res, err, version);
      log(`unexpected error on ${req.method} ${path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      writeError(res, new ApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'), version);
    }
  };
  return createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`request failed: ${String(err)}`);
      if (!res.headersSent) sendJson(res, 500, { code: 'unexpected_failure', message: 'Unexpected failure' });
    });
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
