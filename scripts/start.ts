// `npm start`: the production server, as `next start`, with the request line checked first. Next's own server
// answers a few malformed requests before any of the app's code runs: TRACE and `OPTIONS *` with a 500, an
// absolute-form target (`GET http://other.host/en`) with a redirect to that host. lib/http/request-guard.ts
// says what to answer instead; everything else goes to Next unchanged.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { refusalResponse, requestLineRefusal } from '../lib/http/request-guard.ts';

const { values } = parseArgs({ options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } } });
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;

Object.assign(process.env, { NODE_ENV: 'production' });
const { default: next } = await import('next');
const app = next({ dev: false, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

createServer((request, response) => {
  const refusal = requestLineRefusal(request.method, request.url);
  if (!refusal) return void handle(request, response);
  const answer = refusalResponse(refusal, request.url?.split('?', 1)[0] ?? '/');
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  void answer.text().then((body) => response.end(body));
}).listen(port, hostname, () => console.log(`▲ Next.js production server on http://${hostname ?? 'localhost'}:${port}`));
