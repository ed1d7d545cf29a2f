import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import type { App } from './app.ts';
import { RateLimiter } from './auth/rules/rate-limits.ts';
import { compileRedirectPattern, isAppOrigin } from './auth/rules/redirects.ts';
import { type AuthConfig, type DeepPartial, loadConfig, mergeConfig } from './config/config.ts';
import { loadSigningKey } from './crypto/keys.ts';
import type { ErrorLog } from './errors.ts';
import { RequestStats, type StatsSnapshot } from './http/request-stats.ts';
import { Mailer } from './mail/mailer.ts';
import { IdpCodes } from './auth/api/local-idp.ts';
import { openDatabase } from './db/database.ts';

export interface LocalSupabaseOptions {
  /** Interface to bind; loopback only unless allowRemote. Default 127.0.0.1. */
  host?: string;
  /** API port (0 = any free port). Default 54321. */
  port?: number;
  /** Mailbox port (0 = any free port). Default 54324. */
  mailPort?: number;
  /** Folder for the database and signing key; ignored with memory. Default local-supabase/.data. */
  dataDir?: string;
  /** Keep everything in memory (tests). */
  memory?: boolean;
  /** CLI-format config.toml; null = built-in CLI defaults. Default supabase/config.toml. */
  configPath?: string | null;
  /** Test-only overrides applied on top of config.toml. */
  configOverrides?: DeepPartial<AuthConfig>;
  /** Header carrying the client IP for per-IP rate limits (GoTrue's RATE_LIMIT_HEADER); unset = the socket address. */
  rateLimitHeader?: string;
  /**
   * Key per-IP limits by `Sb-Forwarded-For` when sent with the secret key (GoTrue's
   * SECURITY_SB_FORWARDED_FOR_ENABLED behind Supabase's gateway). Default off.
   */
  trustSbForwardedFor?: boolean;
  allowRemote?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Unexpected failures (answered 500), one line each. Default: stderr. */
  log?: (line: string) => void;
  /** Errors answered to clients (4xx): method, path, status and code, one line each. Default: not logged. */
  logClientErrors?: (line: string) => void;
}

export interface RunningLocalSupabase {
  /** Base URL for createClient, e.g. http://127.0.0.1:54321. */
  url: string;
  /** `${url}/auth/v1`. */
  authUrl: string;
  mailboxUrl: string;
  config: AuthConfig;
  requestCounts(): StatsSnapshot;
  resetRequestCounts(): void;
  stop(): Promise<void>;
}

export class StartupRefusal extends Error {}

/** The project root (this file lives in <root>/local-supabase/src), so defaults work from any working directory. */
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEFAULT_CONFIG = path.join(PROJECT_ROOT, 'supabase', 'config.toml');
const DEFAULT_DATA_DIR = path.join(PROJECT_ROOT, 'local-supabase', '.data');

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;

/** Refuses production and non-loopback binds: this server holds well-known keys and is for development only. */
export function assertSafeToStart(host: string, allowRemote: boolean, env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV === 'production') {
    throw new StartupRefusal(
      'refusing to start: the local auth server is for development and tests only (NODE_ENV=production). Use hosted Supabase in production.',
    );
  }
  if (!LOOPBACK.test(host) && !allowRemote) {
    throw new StartupRefusal(
      `refusing to bind ${host}: not a loopback address. Pass --allow-remote (or AUTH_ALLOW_REMOTE=1) if you really mean it; the keys are public.`,
    );
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<RunningLocalSupabase> {
  const env = options.env ?? process.env;
  const host = options.host ?? '127.0.0.1';
  const log: ErrorLog = {
    failure: (line) => (options.log ?? console.error)(`auth server: ${line}`),
    clientError: (line) => options.logClientErrors?.(`auth server: ${line}`),
  };
  assertSafeToStart(host, options.allowRemote ?? false, env);

  const configPath = options.configPath === undefined ? DEFAULT_CONFIG : options.configPath;
  const config = mergeConfig(loadConfig(configPath ?? undefined, env), options.configOverrides);
  const dataDir = options.memory ? undefined : (options.dataDir ?? DEFAULT_DATA_DIR);
  const mailer = new Mailer(config);
  // The HTTP layer's modules load while PGlite starts, in the gaps its I/O and WebAssembly compilation leave.
  const [db, key, { createApiServer }, { createMailboxServer }] = await Promise.all([
    openDatabase(dataDir),
    loadSigningKey(dataDir, config.signingKeysPath || undefined),
    import('./http/api.ts'),
    import('./mail/mailbox.ts'),
  ]);

  const stats = new RequestStats();
  let resolveApp!: (app: App) => void;
  const appReady = new Promise<App>((resolve) => (resolveApp = resolve));
  const api = createApiServer(appReady, log);
  const redirectPatterns = config.additionalRedirectUrls.map(compileRedirectPattern);
  const mailbox = createMailboxServer(db, log, (origin) => isAppOrigin(config, redirectPatterns, origin));
  let port: number;
  let mailPort: number;
  try {
    port = await listen(api, options.port ?? 54321, host);
    mailPort = await listen(mailbox, options.mailPort ?? 54324, host);
  } catch (err) {
    await Promise.all([close(api), close(mailbox)]);
    await db.close();
    throw err;
  }
  const publicHost =
    host === '0.0.0.0' || host === '::'
      ? '127.0.0.1'
      : host.includes(':') && !host.startsWith('[')
        ? `[${host}]`
        : host;
  const url = `http://${publicHost}:${port}`;
  resolveApp({
    config,
    db,
    key,
    mailer,
    limits: new RateLimiter(config),
    stats,
    idpCodes: new IdpCodes(),
    externalUrl: `${url}/auth/v1`,
    rateLimitHeader: options.rateLimitHeader?.toLowerCase(),
    trustSbForwardedFor: options.trustSbForwardedFor ?? false,
    redirectPatterns,
  });

  let stopped: Promise<void> | undefined;
  return {
    url,
    authUrl: `${url}/auth/v1`,
    mailboxUrl: `http://${publicHost}:${mailPort}`,
    config,
    requestCounts: () => stats.snapshot(),
    resetRequestCounts: () => stats.reset(),
    stop: () =>
      (stopped ??= (async () => {
        await Promise.all([close(api), close(mailbox)]);
        await db.close();
      })()),
  };
}
