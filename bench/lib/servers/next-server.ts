import { nextBin } from '../paths.ts';
import { type RunningProcess, startProcess } from './child-process.ts';
import { assertPortFree } from './port-free.ts';
import { waitForUrl } from './wait-for-url.ts';

/** `next start` for a built app; resolves once `readyPath` answers 200. */
export async function startNextServer(options: {
  name: string;
  cwd: string;
  port: number;
  readyPath: string;
  env?: Record<string, string>;
}): Promise<RunningProcess> {
  await assertPortFree(options.port);
  const server = startProcess(
    options.name,
    process.execPath,
    [nextBin, 'start', '-p', String(options.port), '-H', '127.0.0.1'],
    {
      cwd: options.cwd,
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...options.env },
    },
  );
  await waitForUrl(`http://127.0.0.1:${options.port}${options.readyPath}`, server);
  return server;
}
