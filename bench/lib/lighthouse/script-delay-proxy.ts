import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptDelayProxy {
  url: string;
  stop(): Promise<void>;
}

const isChunkScript = (url: string) => /^\/_next\/static\/chunks\/[^?]*\.js(\?|$)/.test(url);

/**
 * A pass-through proxy to `target` that answers requests for Next's script chunks `delayMs` later: for the
 * `--hold-scripts` diagnosis. On localhost the scripts arrive before the first frame is presented; over any real
 * connection they arrive well after the stylesheet, and Lighthouse's simulation treats the two cases differently.
 */
export async function startScriptDelayProxy(target: string, delayMs: number): Promise<ScriptDelayProxy> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const forward = () => {
      const outgoing = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers: { ...request.headers, host: upstream.host },
        },
        (incoming) => {
          response.writeHead(incoming.statusCode ?? 502, incoming.headers);
          incoming.pipe(response);
        },
      );
      outgoing.on('error', () => response.destroy());
      request.pipe(outgoing);
    };
    if (isChunkScript(request.url ?? '')) setTimeout(forward, delayMs);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
