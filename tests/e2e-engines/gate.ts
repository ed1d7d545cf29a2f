import { createServer, request as forward, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { appPort } from '../e2e/support/test-env';

/**
 * The app behind a switch, for offline flows: WebDriver classic has no network emulation and Firefox's BiDi
 * none that Puppeteer exposes, so "offline" is the app's address refusing connections. The gate listens on
 * 127.0.0.1 (its own origin, with its own service worker) and passes every request to the app while open.
 */
export async function openGate() {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((incoming, outgoing) => {
        const upstream = forward(
          {
            host: '127.0.0.1',
            port: appPort,
            path: incoming.url,
            method: incoming.method,
            headers: incoming.headers,
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        upstream.on('error', () => outgoing.destroy());
        incoming.pipe(upstream);
      });
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        if (typeof address === 'object' && address) port = address.port;
        resolve();
      });
    });
  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    /** Offline: the port refuses connections, and kept-alive ones are cut. */
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    /** Online again, on the same port (the same origin). */
    reopen: listen,
  };
}
