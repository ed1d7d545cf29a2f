import { existsSync, renameSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import type { App } from './app.ts';
import { RateLimiter } from './auth/rules/rate-limits.ts';
import { compileRedirectPattern, isAppOrigin } from './auth/rules/redirects.ts';
import { loadApiConfig } from './config/api.ts';
import {
  type AuthConfig,
  type DeepPartial,
  legacyNameNotes,
  loadConfig,
  loadDbMajorVersion,
  loadSeedConfig,
  mergeConfig,
} from './config/config.ts';
import { loadSigningKey } from './crypto/keys.ts';
import type { ErrorLog } from './errors.ts';
import { answerOnlyOwnHosts, ownHostNames } from './http/hosts.ts';
import { RequestStats, type StatsSnapshot } from './http/request-stats.ts';
import { Mailer } from './mail/mailer.ts';
import { IdpCodes } from './auth/api/local-idp.ts';
import { openDatabase, type OpenedDatabase } from './db/database.ts';
import { lockDataDir } from './db/lock.ts';
import { type AppliedFiles, loadProject } from './db/project-migrations.ts';
import { SchemaCacheStore } from './rest/schema-cache/store.ts';
import { loadStorageConfig } from './config/storage.ts';
import { DiskBlobStore, MemoryBlobStore } from './storage/files.ts';
import { seedBuckets, sweepOrphans } from './storage/seed.ts';

export interface LocalSupabaseOptions {
  /** Interface to bind; loopback only unless allowRemote. Default 127.0.0.1. */
  host?: string;
  /** API port (0 = any free port). Default 54321. */
  port?: number;
  /** Mailbox port (0 = any free port). Default 54324. */
  mailPort?: number;
  /** The mailbox's SMTP port (0 = any free port). Default 54325. */
  smtpPort?: number;
  /** Folder for the database and signing key; ignored with memory. Default local-supabase/.data. */
  dataDir?: string;
  /** Keep everything in memory (tests). */
  memory?: boolean;
  /** CLI-format config.toml; null = built-in CLI defaults. Default supabase/config.toml. */
  configPath?: string | null;
  /** The supabase folder whose migrations/ and seed files build the database. Default the repo's supabase/. */
  projectDir?: string;
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
  /** The mailbox's SMTP server, e.g. smtp://127.0.0.1:54325 (what the app's SMTP_URL points at locally). */
  smtpUrl: string;
  config: AuthConfig;
  /** Whether the database was new, and the project's migration and seed files this start applied. */
  database: { fresh: boolean; applied: AppliedFiles };
  /** What start-up noticed that works here but may not on hosted Supabase (old config names, Postgres major). */
  notes: string[];
  requestCounts(): StatsSnapshot;
  resetRequestCounts(): void;
  stop(): Promise<void>;
}

export class StartupRefusal extends Error {}

/** The project root (this file lives in <root>/local-supabase/src), so defaults work from any working directory. */
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEFAULT_CONFIG = path.join(PROJECT_ROOT, 'supabase', 'config.toml');
const DEFAULT_DATA_DIR = path.join(PROJECT_ROOT, 'local-supabase', '.data');
const DEFAULT_PROJECT_DIR = path.join(PROJECT_ROOT, 'supabase');

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

/** A result already known to be fulfilled. */
function valueOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * PGlite is one Postgres major; hosted projects run `[db] major_version`. SQL that only the newer major accepts passes
 * here and fails at `supabase db push` (the CI job runs the migrations on the configured major).
 */
async function majorVersionNote(db: OpenedDatabase, configured: number): Promise<string[]> {
  const { rows } = await db.sql.query<{ major: number }>(
    "select current_setting('server_version_num')::int / 10000 as major",
  );
  const major = rows[0]!.major;
  return major === configured
    ? []
    : [
        `the local database is Postgres ${major} (PGlite), hosted projects here run Postgres ${configured} ([db] major_version): SQL that only ${major} accepts fails at supabase db push (npm run test:postgres runs the migrations on ${configured})`,
      ];
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
  const project = loadProject(
    options.projectDir ?? DEFAULT_PROJECT_DIR,
    loadSeedConfig(configPath ?? undefined, env),
  );
  const apiConfig = loadApiConfig(configPath ?? undefined);
  const storageConfig = loadStorageConfig(configPath ?? undefined);
  const dataDir = options.memory ? undefined : (options.dataDir ?? DEFAULT_DATA_DIR);
  const mailer = new Mailer(config);
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  // The HTTP layer's modules load while PGlite starts, in the gaps its I/O and WebAssembly compilation leave.
  const settled = await Promise.allSettled([
    openDatabase(dataDir, project),
    loadSigningKey(dataDir, config.signingKeysPath || undefined),
    import('./http/api.ts'),
    import('./mail/mailbox.ts'),
    import('./mail/smtp.ts'),
  ]);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) {
    if (settled[0].status === 'fulfilled') await settled[0].value.close();
    unlock();
    throw failed.reason;
  }
  const [db, key, { createApiServer }, { createMailboxServer }, { createSmtpServer, listenSmtp, closeSmtp }] =
    [valueOf(settled[0]), valueOf(settled[1]), valueOf(settled[2]), valueOf(settled[3]), valueOf(settled[4])];

  const notes = [
    ...legacyNameNotes(configPath ?? undefined),
    ...(await majorVersionNote(db, loadDbMajorVersion(configPath ?? undefined))),
  ];

  // Object bytes beside the database; a file left by a killed server before its row was committed goes first.
  const blobs = dataDir ? new DiskBlobStore(path.join(dataDir, 'storage')) : new MemoryBlobStore();
  try {
    await sweepOrphans(db, blobs);
    await seedBuckets(db, blobs, storageConfig.buckets);
  } catch (err) {
    await db.close();
    unlock();
    throw err;
  }

  const stats = new RequestStats();
  let resolveApp!: (app: App) => void;
  const appReady = new Promise<App>((resolve) => (resolveApp = resolve));
  const api = createApiServer(appReady, log);
  const redirectPatterns = config.additionalRedirectUrls.map(compileRedirectPattern);
  const mailbox = createMailboxServer(
    db,
    log,
    (origin) => isAppOrigin(config, redirectPatterns, origin),
    apiConfig.schemas,
  );
  const hosts = ownHostNames(host, env.AUTH_ALLOWED_HOSTS);
  answerOnlyOwnHosts(api, hosts);
  answerOnlyOwnHosts(mailbox, hosts);
  const smtp = createSmtpServer(db, log);
  let port: number;
  let mailPort: number;
  let smtpPort: number;
  try {
    port = await listen(api, options.port ?? 54321, host);
    mailPort = await listen(mailbox, options.mailPort ?? 54324, host);
    smtpPort = await listenSmtp(smtp, options.smtpPort ?? 54325, host);
  } catch (err) {
    await Promise.all([close(api), close(mailbox), closeSmtp(smtp)]);
    await db.close();
    unlock();
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
    rest: { db, key, api: apiConfig, cache: new SchemaCacheStore(db, apiConfig.schemas) },
    storage: { db, key, blobs, fileSizeLimit: storageConfig.fileSizeLimit },
    log,
  });

  let stopped: Promise<void> | undefined;
  return {
    url,
    authUrl: `${url}/auth/v1`,
    mailboxUrl: `http://${publicHost}:${mailPort}`,
    smtpUrl: `smtp://${publicHost}:${smtpPort}`,
    config,
    database: { fresh: db.fresh, applied: db.applied },
    notes,
    requestCounts: () => stats.snapshot(),
    resetRequestCounts: () => stats.reset(),
    stop: () =>
      (stopped ??= (async () => {
        await Promise.all([close(api), close(mailbox), closeSmtp(smtp)]);
        await db.close();
        unlock();
      })()),
  };
}

export interface ResetOptions {
  /** Default local-supabase/.data. */
  dataDir?: string;
  projectDir?: string;
  configPath?: string | null;
  env?: NodeJS.ProcessEnv;
}

/**
 * `npm run db:reset`: replaces the persisted database with one built from the project's migrations and seed files,
 * as `supabase db reset` does. The signing key stays (the CLI's keys live in config too), so a running app keeps
 * its cached JWKS. Refuses while a server holds the folder; a file that fails leaves the old database in place.
 */
export async function resetLocalDatabase(options: ResetOptions = {}): Promise<AppliedFiles> {
  const env = options.env ?? process.env;
  const configPath = options.configPath === undefined ? DEFAULT_CONFIG : options.configPath;
  const project = loadProject(
    options.projectDir ?? DEFAULT_PROJECT_DIR,
    loadSeedConfig(configPath ?? undefined, env),
  );
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const unlock = lockDataDir(dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  const previous = `${pgdata}.before-reset`;
  try {
    rmSync(previous, { recursive: true, force: true });
    if (existsSync(pgdata)) renameSync(pgdata, previous);
    let db: OpenedDatabase;
    try {
      db = await openDatabase(dataDir, project);
    } catch (err) {
      rmSync(pgdata, { recursive: true, force: true });
      if (existsSync(previous)) renameSync(previous, pgdata);
      throw err;
    }
    await db.close();
    rmSync(previous, { recursive: true, force: true });
    return db.applied;
  } finally {
    unlock();
  }
}
