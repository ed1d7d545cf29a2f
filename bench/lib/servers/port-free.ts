import { createServer } from 'node:net';

/**
 * Fails if something already listens on the port: a leftover server would answer the readiness check and
 * be measured in place of the one just built.
 */
export function assertPortFree(port: number, host = '127.0.0.1'): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is already in use: stop whatever listens there and run again`
            : error.message,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
