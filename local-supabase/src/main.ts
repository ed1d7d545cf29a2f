import { enableCompileCache } from 'node:module';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// How the server runs, whoever starts it (docs/decisions/0009-local-server-memory.md), set as the process starts:
// - `--liftoff-only`: V8 keeps PGlite's WebAssembly in its baseline compiler instead of recompiling it hot, which
//   cost hundreds of MB;
// - `--max-semi-space-size=2` (MB): a young generation of 2 MB instead of V8's 16-32, about 25 MB less at idle;
// - `--heap-growing-percent=100`: after a full collection the old generation may grow to twice what survived. With
//   V8's own factor it kept about 10 MB of room, and the server could settle into one full collection per 10 MB
//   upload or download, about twice its CPU per transfer (docs/decisions/0016-heap-room-for-transfers.md);
// - a fixed glibc mmap threshold: glibc raises it each time a large block is freed (up to 32 MB), after which
//   PGlite's start-up buffers are carved from the heap and their space stays there once freed.
// When one is missing the server starts itself again with them, in place (same process id, same output).
const RUNTIME_FLAGS = ['--liftoff-only', '--max-semi-space-size=2', '--heap-growing-percent=100'];
const missingFlags = RUNTIME_FLAGS.filter(
  (flag) => !process.execArgv.some((given) => given.split('=')[0] === flag.split('=')[0]),
);
const mallocUnset = process.platform === 'linux' && process.env.MALLOC_MMAP_THRESHOLD_ === undefined;
if ((missingFlags.length > 0 || mallocUnset) && process.execve)
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...missingFlags, ...process.argv.slice(1)],
    mallocUnset ? { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072' } : process.env,
  );

// Reuses V8's compiled code for our modules and dependencies across starts (start-up time matters to dev and e2e).
enableCompileCache();
const { StartupRefusal, resetLocalDatabase, startLocalSupabase } = await import('./server.ts');

const USAGE = `Usage: node local-supabase/src/main.ts [options]

  --host <addr>        interface to bind (default 127.0.0.1; env AUTH_HOST)
  --port <n>           API port (default 54321; env AUTH_PORT; 0 = any free port)
  --mail-port <n>      mailbox port (default 54324; env AUTH_MAIL_PORT)
  --smtp-port <n>      mailbox SMTP port (default 54325; env AUTH_SMTP_PORT)
  --data <dir>         data folder (default local-supabase/.data; env AUTH_DATA_DIR)
  --memory             keep everything in memory (env AUTH_MEMORY=1)
  --config <path>      CLI-format config.toml (default supabase/config.toml; env AUTH_CONFIG)
  --project <dir>      supabase folder whose migrations/ and [db.seed] files build the database (default
                       supabase/; env AUTH_PROJECT_DIR)
  --reset              delete the data folder's database, rebuild it from the project's files and exit
                       (npm run db:reset; refused while a server uses the folder)
  --rate-limit-header <name>  header with the client IP for per-IP rate limits (default: the socket address;
                       env AUTH_RATE_LIMIT_HEADER)
  --sb-forwarded-for   key per-IP rate limits by Sb-Forwarded-For when sent with the secret key (env
                       GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED=true, GoTrue's own setting)
  --allow-remote       allow binding a non-loopback address (env AUTH_ALLOW_REMOTE=1)
  --help`;

const startedAt = performance.now();
const env = process.env;
let values;
try {
  ({ values } = parseArgs({
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'mail-port': { type: 'string' },
      'smtp-port': { type: 'string' },
      data: { type: 'string' },
      memory: { type: 'boolean' },
      config: { type: 'string' },
      project: { type: 'string' },
      reset: { type: 'boolean' },
      'rate-limit-header': { type: 'string' },
      'sb-forwarded-for': { type: 'boolean' },
      'allow-remote': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n\n${USAGE}`);
  process.exit(1);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const flag = (v: string | undefined) => v === '1' || v === 'true';
const port = (v: string | undefined, fallback: number) => {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`invalid port "${v}"`);
    process.exit(1);
  }
  return n;
};

const dataDir = values.data ?? env.AUTH_DATA_DIR;
const memory = values.memory ?? flag(env.AUTH_MEMORY);
const configPath = values.config ?? env.AUTH_CONFIG;
const projectDir = values.project ?? env.AUTH_PROJECT_DIR;

if (values.reset) {
  if (memory) {
    console.error('db:reset: an in-memory database is new on every start; there is nothing to reset');
    process.exit(1);
  }
  try {
    const applied = await resetLocalDatabase({ dataDir, configPath, projectDir });
    for (const file of applied.migrations) console.log(`db:reset: applied ${file}`);
    for (const file of applied.seeds) console.log(`db:reset: seeded ${file}`);
    const ms = Math.round(performance.now() - startedAt);
    console.log(
      `db:reset: rebuilt the local database (${applied.migrations.length} migrations, ${applied.seeds.length} seed files) in ${ms} ms`,
    );
    process.exit(0);
  } catch (err) {
    console.error(`db:reset: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

try {
  const server = await startLocalSupabase({
    host: values.host ?? env.AUTH_HOST ?? '127.0.0.1',
    port: port(values.port ?? env.AUTH_PORT, 54321),
    mailPort: port(values['mail-port'] ?? env.AUTH_MAIL_PORT, 54324),
    smtpPort: port(values['smtp-port'] ?? env.AUTH_SMTP_PORT, 54325),
    dataDir,
    memory,
    configPath,
    projectDir,
    rateLimitHeader: values['rate-limit-header'] ?? env.AUTH_RATE_LIMIT_HEADER,
    trustSbForwardedFor: values['sb-forwarded-for'] ?? flag(env.GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED),
    allowRemote: values['allow-remote'] ?? flag(env.AUTH_ALLOW_REMOTE),
    // Failures go to stderr; answered errors to stdout, so `npm run dev` shows why a sign-in failed.
    logClientErrors: (line) => console.log(line),
  });
  for (const note of server.notes) console.log(`auth server: note: ${note}`);
  // A persisted database reports the migrations it gained; a new one has them all.
  if (!server.database.fresh)
    for (const file of server.database.applied.migrations) console.log(`auth server: applied ${file}`);
  const ms = Math.round(performance.now() - startedAt);
  console.log(
    `local supabase ready in ${ms} ms: Auth ${server.authUrl}, REST ${server.url}/rest/v1, Storage ${server.url}/storage/v1, mailbox ${server.mailboxUrl} (SMTP ${server.smtpUrl})`,
  );
  // Starting leaves about 60 MB of buffers (the snapshot, PGlite's copies of the data folder's files) to the garbage
  // collector, which an idle server may not run for a long time: one full collection now gives them back
  // (docs/decisions/0009-local-server-memory.md). Node exposes it only behind this flag.
  setImmediate(() => {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  });
  const shutdown = (signal: string) => {
    console.log(`auth server: ${signal}, shutting down`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`auth server: shutdown failed: ${String(err)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
} catch (err) {
  if (err instanceof StartupRefusal) console.error(`auth server: ${err.message}`);
  else console.error(`auth server: failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
