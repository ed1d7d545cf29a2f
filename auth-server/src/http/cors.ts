import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** GoTrue's exposed headers: without them a browser cannot read X-Supabase-Api-Version and error codes vanish. */
const EXPOSED_HEADERS = 'X-Total-Count, Link, X-Supabase-Api-Version';

/** Sets CORS headers as GoTrue (rs/cors, credentials on) plus the gateway do; returns true when it answered a preflight. */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Vary', 'Origin');
  const preflightMethod = req.headers['access-control-request-method'];
  if (req.method === 'OPTIONS' && preflightMethod) {
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    const requested = req.headers['access-control-request-headers'];
    if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
    res.setHeader('Access-Control-Max-Age', '300');
    res.statusCode = 204;
    res.end();
    return true;
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  return false;
}
