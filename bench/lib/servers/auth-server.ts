import { authServerMain, repoRoot } from '../paths.ts';
import { type RunningProcess, startProcess } from './child-process.ts';
import { assertPortFree } from './port-free.ts';
import { waitForUrl } from './wait-for-url.ts';

export interface AuthServer {
  process: RunningProcess;
  url: string;
  /** From spawn to the first 200 of /auth/v1/health, in ms. */
  readyMs: number;
}

/**
 * The local auth server on its own ports, in memory unless given a data folder (object bytes then go to disk, as
 * under `npm run dev`); resolves when /auth/v1/health answers 200.
 */
export async function startAuthServer(options: {
  port: number;
  mailPort: number;
  siteUrl: string;
  dataDir?: string;
}): Promise<AuthServer> {
  await Promise.all([assertPortFree(options.port), assertPortFree(options.mailPort)]);
  const url = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const server = startProcess(
    `auth server :${options.port}`,
    process.execPath,
    [
      authServerMain,
      ...(options.dataDir ? ['--data', options.dataDir] : ['--memory']),
      '--port',
      String(options.port),
      '--mail-port',
      String(options.mailPort),
      '--smtp-port',
      '0',
    ],
    // The bench measures throughput from one IP: GoTrue's per-IP limits (its own variables) are lifted.
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        AUTH_SITE_URL: options.siteUrl,
        GOTRUE_RATE_LIMIT_OTP: '100000000',
        GOTRUE_RATE_LIMIT_VERIFY: '100000000',
        GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '100000000',
      },
    },
  );
  await waitForUrl(`${url}/auth/v1/health`, server, { timeoutMs: 30_000, intervalMs: 10 });
  return { process: server, url, readyMs: performance.now() - started };
}
