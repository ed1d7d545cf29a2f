// `npm start`: the production server, as `next start`, with the request line checked first. Next's own server
// answers a few malformed requests before any of the app's code runs: TRACE and `OPTIONS *` with a 500, an
// absolute-form target (`GET http://other.host/en`) with a redirect to that host. lib/http/request-guard.ts
// says what to answer instead; everything else goes to Next unchanged, but for one header: a missing file (a build
// file under `/_next/static/`, an icon) gets the prerendered 404 page, which Next serves with `s-maxage=31536000`,
// so a CDN would keep answering 404 for it for a year after a deployment adds it.
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import {
  methodRefusal,
  type PathKind,
  refusalResponse,
  requestLineRefusal,
} from '../lib/http/request-guard.ts';
import { securityHeaders } from '../lib/http/security-headers.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;

Object.assign(process.env, { NODE_ENV: 'production' });
const { default: next } = await import('next');
const app = next({ dev: false, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

// Route handlers outside /api, from the build's own list: /[locale]/auth/callback, the manifests, the worker.
const distDir = process.env.NEXT_DIST_DIR || '.next';
const routeHandlers = Object.keys(
  JSON.parse(readFileSync(`${distDir}/server/app-paths-manifest.json`, 'utf8')) as Record<string, string>,
)
  .filter((entry) => entry.endsWith('/route') && !entry.startsWith('/api/'))
  .map((entry) => {
    const segments = entry
      .slice(0, -'/route'.length)
      .split('/')
      .map((segment) =>
        segment.startsWith('[...')
          ? '.+'
          : segment.startsWith('[')
            ? '[^/]+'
            : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      );
    return new RegExp(`^${segments.join('/')}$`);
  });

function pathKind(path: string): PathKind {
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  const file = /^\/_next\//.test(path) || path.slice(path.lastIndexOf('/')).includes('.');
  return file || routeHandlers.some((handler) => handler.test(path)) ? 'resource' : 'page';
}

const defaultHeaders = securityHeaders(true);

/**
 * Every answer carries the security headers, including those Next writes before next.config's headers() apply
 * (its 308s for `/en/` and `/en//account`); a 404 is not stored anywhere. Node calls writeHead for implicit
 * headers too; headers Next set itself win.
 */
function completeHeaders(response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    for (const { key, value } of defaultHeaders) if (!response.hasHeader(key)) response.setHeader(key, value);
    if ((typeof args[0] === 'number' ? args[0] : response.statusCode) === 404)
      response.setHeader('Cache-Control', 'no-store');
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}

createServer((request, response) => {
  const path = request.url?.split('?', 1)[0] ?? '/';
  const refusal =
    requestLineRefusal(request.method, request.url) ?? methodRefusal(request.method, pathKind(path));
  completeHeaders(response);
  if (!refusal) return void handle(request, response);
  const answer = refusalResponse(refusal, path);
  void answer.text().then((body) => {
    response.writeHead(answer.status, {
      ...Object.fromEntries(answer.headers),
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  });
}).listen(port, hostname, () =>
  console.log(`▲ Next.js production server on http://${hostname ?? 'localhost'}:${port}`),
);
