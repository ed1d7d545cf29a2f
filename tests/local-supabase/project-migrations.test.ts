import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTENSIONS } from '../../local-supabase/src/db/database.ts';
import {
  type LocalSupabaseOptions,
  resetLocalDatabase,
  startLocalSupabase,
} from '../../local-supabase/src/server.ts';
import { adminClient, anonClient, PASSWORD, uniqueEmail } from './helpers.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'project-migrations-'));
  dirs.push(dir);
  return dir;
}

const NOTES = '20250101000000_notes.sql';
const NOTES_SQL = `-- Notes: the seed's table.
create table public.notes (
  id bigint generated always as identity primary key,
  body text not null
);
`;

const PROFILES = '20250102000000_profiles.sql';
/** A profile per user made by a trigger on auth.users, as Supabase's guides do: the Auth API must fire it. */
const PROFILES_SQL = `create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text
);

create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, display_name) values (new.id, new.raw_user_meta_data ->> 'name');
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();
`;

const SEED_SQL = "insert into public.notes (body) values ('seeded; with a semicolon');\n";

/** A supabase folder holding these files (paths inside it). */
function project(files: Record<string, string>): string {
  const dir = path.join(tempDir(), 'supabase');
  mkdirSync(path.join(dir, 'migrations'), { recursive: true });
  for (const [name, text] of Object.entries(files)) write(dir, name, text);
  return dir;
}

function write(projectDir: string, name: string, text: string): void {
  mkdirSync(path.dirname(path.join(projectDir, name)), { recursive: true });
  writeFileSync(path.join(projectDir, name), text);
}

const start = (projectDir: string, options: LocalSupabaseOptions = {}) =>
  startLocalSupabase({
    port: 0,
    mailPort: 0,
    smtpPort: 0,
    configPath: null,
    projectDir,
    log: (line) => expect.fail(line),
    ...options,
  });

/** A persisted database built from the project's files, server stopped. */
async function persisted(projectDir: string, options: LocalSupabaseOptions = {}): Promise<string> {
  const dataDir = tempDir();
  const server = await start(projectDir, { dataDir, ...options });
  await server.stop();
  return dataDir;
}

async function inspect<T>(dataDir: string, fn: (pg: PGlite) => Promise<T>): Promise<T> {
  const pg = await PGlite.create(path.join(dataDir, 'pgdata'), EXTENSIONS);
  try {
    return await fn(pg);
  } finally {
    await pg.close();
  }
}

const rows = async <T>(pg: PGlite, sql: string) => (await pg.query<T>(sql)).rows;
const history = (pg: PGlite) =>
  rows<{ version: string; name: string }>(
    pg,
    'select version, name from supabase_migrations.schema_migrations order by version',
  );
const exists = async (pg: PGlite, relation: string) =>
  (await rows<{ found: boolean }>(pg, `select to_regclass('${relation}') is not null as found`))[0]!.found;

const MAIN = path.resolve('local-supabase/src/main.ts');

/** Runs the command line to its end. */
function cli(args: string[], cwd?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--liftoff-only', MAIN, ...args], {
    cwd,
    env: { ...process.env, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Server starts and PGlite opens on a busy machine take a while. */
const SLOW = 120_000;

describe("the project's migrations (supabase/migrations)", () => {
  it(
    'builds a fresh database from every file in order, then the seed, recorded as the Supabase CLI records them',
    async () => {
      const projectDir = project({
        [`migrations/${NOTES}`]: NOTES_SQL,
        [`migrations/${PROFILES}`]: PROFILES_SQL,
        'seed.sql': SEED_SQL,
        'migrations/.gitkeep': '',
      });
      const dataDir = tempDir();
      const server = await start(projectDir, { dataDir });
      expect(server.database).toEqual({
        fresh: true,
        applied: {
          migrations: [NOTES, PROFILES].map((f) => path.join(projectDir, 'migrations', f)),
          seeds: [path.join(projectDir, 'seed.sql')],
        },
      });
      const email = uniqueEmail('profile');
      const signUp = await anonClient(server).auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { name: 'Ada' } },
      });
      expect(signUp.error).toBeNull();
      await server.stop();

      await inspect(dataDir, async (pg) => {
        expect(
          await rows(
            pg,
            `select column_name, data_type, is_nullable from information_schema.columns
             where table_schema = 'supabase_migrations' and table_name = 'schema_migrations' order by ordinal_position`,
          ),
        ).toEqual([
          { column_name: 'version', data_type: 'text', is_nullable: 'NO' },
          { column_name: 'statements', data_type: 'ARRAY', is_nullable: 'YES' },
          { column_name: 'name', data_type: 'text', is_nullable: 'YES' },
        ]);
        expect(
          await rows(
            pg,
            "select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'supabase_migrations.schema_migrations'::regclass and contype = 'p'",
          ),
        ).toEqual([{ def: 'PRIMARY KEY (version)' }]);
        // The CLI's parser: comments stay with their statement; `;` inside dollar quotes does not split.
        expect(
          await rows(
            pg,
            'select version, name, statements from supabase_migrations.schema_migrations order by 1',
          ),
        ).toEqual([
          {
            version: '20250101000000',
            name: 'notes',
            statements: [
              "-- Notes: the seed's table.\ncreate table public.notes (\n  id bigint generated always as identity primary key,\n  body text not null\n)",
            ],
          },
          {
            version: '20250102000000',
            name: 'profiles',
            statements: [
              'create table public.profiles (\n  id uuid primary key references auth.users (id) on delete cascade,\n  display_name text\n)',
              "create function public.handle_new_user() returns trigger\nlanguage plpgsql security definer set search_path = '' as $$\nbegin\n  insert into public.profiles (id, display_name) values (new.id, new.raw_user_meta_data ->> 'name');\n  return new;\nend;\n$$",
              'create trigger on_auth_user_created after insert on auth.users\n  for each row execute function public.handle_new_user()',
            ],
          },
        ]);
        expect(await rows(pg, 'select path, hash from supabase_migrations.seed_files')).toEqual([
          { path: 'supabase/seed.sql', hash: createHash('sha256').update(SEED_SQL).digest('hex') },
        ]);
        expect(await rows(pg, 'select body from public.notes')).toEqual([
          { body: 'seeded; with a semicolon' },
        ]);
        expect(
          await rows(pg, 'select p.display_name from public.profiles p join auth.users u using (id)'),
        ).toEqual([{ display_name: 'Ada' }]);
      });
    },
    SLOW,
  );

  it(
    'gives a persisted database only the new file, and not the seed again',
    async () => {
      const projectDir = project({ [`migrations/${NOTES}`]: NOTES_SQL, 'seed.sql': SEED_SQL });
      const dataDir = await persisted(projectDir);
      write(projectDir, `migrations/${PROFILES}`, PROFILES_SQL);

      const server = await start(projectDir, { dataDir });
      expect(server.database).toEqual({
        fresh: false,
        applied: { migrations: [path.join(projectDir, 'migrations', PROFILES)], seeds: [] },
      });
      const signUp = await anonClient(server).auth.signUp({
        email: uniqueEmail('later'),
        password: PASSWORD,
        options: { data: { name: 'Grace' } },
      });
      expect(signUp.error).toBeNull();
      await server.stop();

      const again = await start(projectDir, { dataDir });
      expect(again.database.applied).toEqual({ migrations: [], seeds: [] });
      await again.stop();

      await inspect(dataDir, async (pg) => {
        expect((await history(pg)).map((r) => r.name)).toEqual(['notes', 'profiles']);
        expect(await rows(pg, 'select body from public.notes')).toEqual([
          { body: 'seeded; with a semicolon' },
        ]);
        expect(await rows(pg, 'select display_name from public.profiles')).toEqual([
          { display_name: 'Grace' },
        ]);
      });
    },
    SLOW,
  );

  it(
    'makes no history table while there is nothing to record, as the CLI',
    async () => {
      const projectDir = project({});
      const dataDir = await persisted(projectDir);
      const server = await start(projectDir, { dataDir });
      await server.stop();
      await inspect(dataDir, async (pg) =>
        expect(await exists(pg, 'supabase_migrations.schema_migrations')).toBe(false),
      );
    },
    SLOW,
  );

  it(
    'stops start-up at a file changed after it was applied, naming it and the remedy',
    async () => {
      const projectDir = project({ [`migrations/${NOTES}`]: NOTES_SQL });
      const dataDir = await persisted(projectDir);
      write(projectDir, `migrations/${NOTES}`, NOTES_SQL.replace('body text not null', 'body text'));

      await expect(start(projectDir, { dataDir })).rejects.toThrow(
        `${path.join(projectDir, 'migrations', NOTES)} changed after the local database applied it`,
      );
      await expect(start(projectDir, { dataDir })).rejects.toThrow('`npm run db:reset` rebuilds');

      // Undone, the same database starts again: the refusal released the folder.
      write(projectDir, `migrations/${NOTES}`, NOTES_SQL);
      const server = await start(projectDir, { dataDir });
      expect(server.database.applied.migrations).toEqual([]);
      await server.stop();

      // A reworded comment above a statement is no edit: the CLI never compares what it ran, and nor does Postgres.
      write(
        projectDir,
        `migrations/${NOTES}`,
        NOTES_SQL.replace('-- Notes: the seed', '-- The notes: the seed'),
      );
      const reworded = await start(projectDir, { dataDir });
      expect(reworded.database.applied.migrations).toEqual([]);
      await reworded.stop();
    },
    SLOW,
  );

  it(
    "stops start-up at a failing file with its line and Postgres' message, leaving nothing of it behind",
    async () => {
      const projectDir = project({ [`migrations/${NOTES}`]: NOTES_SQL });
      const dataDir = await persisted(projectDir);
      const broken = path.join(projectDir, 'migrations', '20250103000000_broken.sql');
      write(
        projectDir,
        'migrations/20250103000000_broken.sql',
        `-- A table, then one that cannot be made.
create table public.half_done (id int);

create table public.broken (
  id int,
  body no_such_type
);
`,
      );
      await expect(start(projectDir, { dataDir })).rejects.toThrow(
        `migration ${broken} failed at line 6: type "no_such_type" does not exist [42704]. Nothing of the file was applied`,
      );
      await inspect(dataDir, async (pg) => {
        expect(await exists(pg, 'public.half_done')).toBe(false);
        expect((await history(pg)).map((r) => r.name)).toEqual(['notes']);
      });

      // An error inside a DO block: the statement's line, Postgres' hint and where in the block.
      const inBlock = project({
        'migrations/20250101000000_block.sql':
          'select 1;\n\ndo $$\nbegin\n  perform no_such_function();\nend\n$$;\n',
      });
      await expect(start(inBlock, { memory: true })).rejects.toThrow(
        `failed at line 3: function no_such_function() does not exist (hint: No function matches the given name and argument types. You might need to add explicit type casts.; in PL/pgSQL function inline_code_block line 3 at PERFORM) [42883]`,
      );

      // A new database with the same files is not made at all.
      const fresh = tempDir();
      await expect(start(projectDir, { dataDir: fresh })).rejects.toThrow(`${broken} failed at line 6`);
      expect(existsSync(path.join(fresh, 'pgdata'))).toBe(false);
    },
    SLOW,
  );

  it(
    'stops start-up at a new file older than the newest applied one, and at an applied one whose file is gone',
    async () => {
      const projectDir = project({
        [`migrations/${NOTES}`]: NOTES_SQL,
        [`migrations/${PROFILES}`]: PROFILES_SQL,
      });
      const dataDir = await persisted(projectDir);
      write(projectDir, 'migrations/20241231000000_early.sql', 'create table public.early (id int);');
      await expect(start(projectDir, { dataDir })).rejects.toThrow(
        `${path.join(projectDir, 'migrations', '20241231000000_early.sql')} is older than 20250102000000, the newest migration the local database has applied, so it would run out of order`,
      );

      unlinkSync(path.join(projectDir, 'migrations', '20241231000000_early.sql'));
      unlinkSync(path.join(projectDir, 'migrations', PROFILES));
      await expect(start(projectDir, { dataDir })).rejects.toThrow(
        'the local database has migration 20250102000000_profiles applied, but no file in migrations/ has version 20250102000000',
      );
      await inspect(dataDir, async (pg) => expect(await exists(pg, 'public.early')).toBe(false));
    },
    SLOW,
  );

  it(
    'refuses a .sql file the CLI would skip, and two files with one version',
    async () => {
      const misnamed = project({ 'migrations/notes.sql': NOTES_SQL });
      await expect(start(misnamed, { memory: true })).rejects.toThrow(
        "a migration's name must be <timestamp>_<name>.sql",
      );
      const twins = project({
        [`migrations/${NOTES}`]: NOTES_SQL,
        'migrations/20250101000000_again.sql': 'select 1;',
      });
      await expect(start(twins, { memory: true })).rejects.toThrow('have the same version 20250101000000');
    },
    SLOW,
  );

  it(
    'follows [db.seed]: enabled = false runs no seed; sql_paths globs run in order, relative to the supabase folder',
    async () => {
      const files = {
        [`migrations/${NOTES}`]: NOTES_SQL,
        'seed.sql': "insert into public.notes (body) values ('seed.sql');",
        'seeds/b.sql': "insert into public.notes (body) values ('b');",
        'seeds/a.sql': "insert into public.notes (body) values ('a');",
      };
      const off = project({ ...files, 'config.toml': '[db.seed]\nenabled = false\n' });
      const offData = await persisted(off, { configPath: path.join(off, 'config.toml') });
      await inspect(offData, async (pg) => {
        expect(await rows(pg, 'select body from public.notes')).toEqual([]);
        expect(await exists(pg, 'supabase_migrations.seed_files')).toBe(false);
      });

      const globs = project({
        ...files,
        'config.toml':
          '[db.seed]\nenabled = true\nsql_paths = ["./seeds/*.sql", "./seed.sql", "./seeds/a.sql"]\n',
      });
      const globData = await persisted(globs, { configPath: path.join(globs, 'config.toml') });
      await inspect(globData, async (pg) => {
        expect(
          (await rows<{ body: string }>(pg, 'select body from public.notes order by id')).map((r) => r.body),
        ).toEqual(['a', 'b', 'seed.sql']);
        expect(
          (
            await rows<{ path: string }>(pg, 'select path from supabase_migrations.seed_files order by path')
          ).map((r) => r.path),
        ).toEqual(['supabase/seed.sql', 'supabase/seeds/a.sql', 'supabase/seeds/b.sql']);
      });

      const typo = project({ ...files, 'config.toml': '[db.seed]\nsql_paths = ["./seed/*.sql"]\n' });
      await expect(start(typo, { memory: true, configPath: path.join(typo, 'config.toml') })).rejects.toThrow(
        '[db.seed] sql_paths "./seed/*.sql" matches no file',
      );
      const notAList = project({ ...files, 'config.toml': '[db.seed]\nsql_paths = "./seed.sql"\n' });
      await expect(
        start(notAList, { memory: true, configPath: path.join(notAList, 'config.toml') }),
      ).rejects.toThrow('config: [db.seed] sql_paths must be a list of paths');
    },
    SLOW,
  );

  it(
    'builds in-memory databases from the files as they are now (the cached snapshot follows edits)',
    async () => {
      const greeting = (
        word: string,
      ) => `create function public.greet() returns trigger language plpgsql as $$
begin
  new.raw_user_meta_data := coalesce(new.raw_user_meta_data, '{}') || jsonb_build_object('greeting', '${word}');
  return new;
end;
$$;
create trigger greet before insert on auth.users for each row execute function public.greet();
`;
      const projectDir = project({ 'migrations/20250101000000_greet.sql': greeting('hello') });
      for (const word of ['hello', 'hello', 'bonjour']) {
        write(projectDir, 'migrations/20250101000000_greet.sql', greeting(word));
        const server = await start(projectDir, { memory: true });
        const { data, error } = await adminClient(server).auth.admin.createUser({
          email: uniqueEmail('greet'),
          password: PASSWORD,
        });
        expect(error).toBeNull();
        const user = await adminClient(server).auth.admin.getUserById(data.user!.id);
        expect(user.data.user?.user_metadata).toMatchObject({ greeting: word });
        await server.stop();
      }
    },
    SLOW,
  );
});

describe('snapshots of project databases', () => {
  it(
    'writes one per set of files and keeps only the seven others used last, within the hour',
    async () => {
      // A temp folder of its own (os.tmpdir() reads TMPDIR), with the internal snapshot linked in.
      const real = os.tmpdir();
      const dir = tempDir();
      for (const name of readdirSync(real).filter((n) => /^polyglot-auth-pglite-[0-9a-f]{16}\.tar$/.test(n)))
        linkSync(path.join(real, name), path.join(dir, name));
      const fake = (i: number, ageMs: number) => {
        const file = path.join(dir, `polyglot-project-pglite-${String(i).padStart(16, '0')}.tar`);
        writeFileSync(file, '');
        const used = new Date(Date.now() - ageMs);
        utimesSync(file, used, used);
        return file;
      };
      const stale = fake(0, 2 * 60 * 60 * 1000);
      const recent = Array.from({ length: 8 }, (_, i) => fake(i + 1, (i + 1) * 60 * 1000));

      const tmpdir = process.env.TMPDIR;
      process.env.TMPDIR = dir;
      try {
        const server = await start(project({ [`migrations/${NOTES}`]: NOTES_SQL }), { memory: true });
        await server.stop();
      } finally {
        if (tmpdir === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = tmpdir;
      }
      const left = readdirSync(dir).filter((n) => n.startsWith('polyglot-project-pglite-'));
      expect(left).toHaveLength(8);
      expect(left.filter((n) => !n.startsWith('polyglot-project-pglite-0000'))).toHaveLength(1);
      expect(existsSync(stale)).toBe(false);
      expect(recent.map((f) => existsSync(f))).toEqual([true, true, true, true, true, true, true, false]);
    },
    SLOW,
  );
});

describe('npm run db:reset, the data folder lock and the command line', () => {
  it(
    'refuses while a server holds the database, then rebuilds it from the files and keeps the signing key',
    async () => {
      const projectDir = project({ [`migrations/${NOTES}`]: NOTES_SQL, 'seed.sql': SEED_SQL });
      const dataDir = tempDir();
      const server = await start(projectDir, { dataDir });
      const signUp = await anonClient(server).auth.signUp({
        email: uniqueEmail('reset'),
        password: PASSWORD,
      });
      expect(signUp.error).toBeNull();

      await expect(resetLocalDatabase({ dataDir, projectDir, configPath: null })).rejects.toThrow(
        new RegExp(
          `the database in ${dataDir} is in use by another local Supabase server \\(process ${process.pid}\\)`,
        ),
      );
      const refused = await cli(['--reset', '--data', dataDir, '--project', projectDir, '--config', '']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`db:reset: the database in ${dataDir} is in use`);
      await server.stop();

      const key = readFileSync(path.join(dataDir, 'jwt-signing-key.json'), 'utf8');
      const reset = await cli(['--reset', '--data', dataDir, '--project', projectDir, '--config', '']);
      expect(reset.stderr).toBe('');
      expect(reset.code).toBe(0);
      expect(reset.stdout).toContain(`db:reset: applied ${path.join(projectDir, 'migrations', NOTES)}\n`);
      expect(reset.stdout).toContain(`db:reset: seeded ${path.join(projectDir, 'seed.sql')}\n`);
      expect(reset.stdout).toMatch(/rebuilt the local database \(1 migrations, 1 seed files\)/);
      expect(readFileSync(path.join(dataDir, 'jwt-signing-key.json'), 'utf8')).toBe(key);
      await inspect(dataDir, async (pg) => {
        expect(await rows(pg, 'select count(*)::int as n from auth.users')).toEqual([{ n: 0 }]);
        expect(await rows(pg, 'select body from public.notes')).toEqual([
          { body: 'seeded; with a semicolon' },
        ]);
      });

      // A file that fails leaves the database as it was.
      write(projectDir, 'migrations/20250102000000_broken.sql', 'select * from public.nope;');
      await expect(resetLocalDatabase({ dataDir, projectDir, configPath: null })).rejects.toThrow(
        'relation "public.nope" does not exist',
      );
      await inspect(dataDir, async (pg) => expect((await history(pg)).map((r) => r.name)).toEqual(['notes']));
    },
    SLOW,
  );

  it(
    'keeps a second server off a data folder in use, and takes over the pid file of a server that died',
    async () => {
      const projectDir = project({});
      const dataDir = tempDir();
      const server = await start(projectDir, { dataDir });
      await expect(start(projectDir, { dataDir })).rejects.toThrow(
        `the database in ${dataDir} is in use by another local Supabase server (process ${process.pid})`,
      );
      await server.stop();
      expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

      const gone = spawn(process.execPath, ['-e', '']);
      await new Promise((resolve) => gone.on('exit', resolve));
      writeFileSync(path.join(dataDir, 'server.pid'), String(gone.pid));
      const after = await start(projectDir, { dataDir });
      expect(readFileSync(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(process.pid));
      await after.stop();
    },
    SLOW,
  );

  it(
    "records a seed under the supabase folder's name when --project is a relative path",
    async () => {
      const projectDir = project({ [`migrations/${NOTES}`]: NOTES_SQL, 'seed.sql': SEED_SQL });
      const dataDir = tempDir();
      const reset = await cli(['--reset', '--data', dataDir, '--project', '.', '--config', ''], projectDir);
      expect(reset.stdout).toContain('db:reset: seeded seed.sql\n');
      await inspect(dataDir, async (pg) =>
        expect(await rows(pg, 'select path from supabase_migrations.seed_files')).toEqual([
          { path: 'supabase/seed.sql' },
        ]),
      );
    },
    SLOW,
  );

  it(
    'the command line names the migrations a persisted database gained before it reports ready',
    async () => {
      const projectDir = project({ [`migrations/${NOTES}`]: NOTES_SQL });
      const dataDir = await persisted(projectDir);
      write(projectDir, `migrations/${PROFILES}`, PROFILES_SQL);
      const child = spawn(
        process.execPath,
        [
          '--liftoff-only',
          MAIN,
          '--data',
          dataDir,
          '--project',
          projectDir,
          '--port',
          '0',
          '--mail-port',
          '0',
          '--smtp-port',
          '0',
        ],
        { env: { ...process.env, NODE_ENV: 'development' }, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let stdout = '';
      const exited = new Promise((resolve) => child.on('exit', resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          stdout += d.toString();
          if (stdout.includes('local supabase ready')) resolve();
        });
        child.on('exit', () => reject(new Error(`exited before ready: ${stdout}`)));
      });
      child.kill('SIGTERM');
      await exited;
      // First the start-up notes (PGlite's Postgres 18 against the CLI's default major, 17), then what it applied.
      expect(stdout).toMatch(
        new RegExp(
          `^auth server: note: the local database is Postgres 18 \\(PGlite\\), hosted projects here run Postgres 17 .*\nauth server: applied ${path.join(projectDir, 'migrations', PROFILES)}\nlocal supabase ready in `,
        ),
      );
    },
    SLOW,
  );

  it(
    'the command line reports a failing migration on stderr and exits 1',
    async () => {
      const projectDir = project({
        'migrations/20250101000000_broken.sql': 'select 1;\n\nselect * from nope;\n',
      });
      const result = await cli([
        '--memory',
        '--port',
        '0',
        '--mail-port',
        '0',
        '--smtp-port',
        '0',
        '--project',
        projectDir,
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `auth server: failed to start: migration ${path.join(projectDir, 'migrations', '20250101000000_broken.sql')} failed at line 3: relation "nope" does not exist [42P01]`,
      );
    },
    SLOW,
  );
});
