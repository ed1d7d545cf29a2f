import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../local-supabase/src/crypto/passwords.ts';
import { startLocalSupabase } from '../../local-supabase/src/server.ts';
import { EXTENSIONS } from '../../local-supabase/src/db/database.ts';
import { MIGRATIONS, migrate } from '../../local-supabase/src/db/migrations.ts';
import { adminClient, anonClient, PASSWORD } from './helpers.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'auth-migrations-'));
  dirs.push(dir);
  return dir;
}

const USER_ID = '5d1f2b8e-4c1a-4f0e-9a55-0c3b7e1d2f44';
const EMAIL = 'kept@example.com';

/** A data folder as the server left it at commit b986a5d: its schema (version 1 in auth.local_schema) and a user. */
async function databaseFromB986a5d(): Promise<string> {
  const dataDir = tempDir();
  const pg = await PGlite.create(path.join(dataDir, 'pgdata'), EXTENSIONS);
  await pg.exec(readFileSync(new URL('./fixtures/schema-b986a5d.sql', import.meta.url), 'utf8'));
  await pg.query(
    `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, $2, $3, now(), '{"provider":"email","providers":["email"]}', '{"name":"Kept"}')`,
    [USER_ID, EMAIL, await hashPassword(PASSWORD)],
  );
  await pg.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider) values ($1, $2, $3, $4, 'email')`,
    [
      crypto.randomUUID(),
      USER_ID,
      USER_ID,
      JSON.stringify({ sub: USER_ID, email: EMAIL, email_verified: true }),
    ],
  );
  await pg.close();
  return dataDir;
}

/** Initdb and two database opens on a busy machine take a while. */
const SLOW = 120_000;

describe('versioned migrations', () => {
  it(
    'migrates a database made by an older version once, keeping its users',
    async () => {
      const dataDir = await databaseFromB986a5d();
      const server = await startLocalSupabase({
        dataDir,
        port: 0,
        mailPort: 0,
        smtpPort: 0,
        configPath: null,
        log: (line) => expect.fail(line),
      });
      const signIn = await anonClient(server).auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user).toMatchObject({ id: USER_ID, email: EMAIL, user_metadata: { name: 'Kept' } });
      expect((await adminClient(server).auth.admin.getUserById(USER_ID)).data.user?.identities).toHaveLength(
        1,
      );
      await server.stop();

      const pg = await PGlite.create(path.join(dataDir, 'pgdata'), EXTENSIONS);
      const steps = (
        await pg.query<{ version: number; name: string }>(
          'select version, name from auth.schema_migrations order by version',
        )
      ).rows;
      expect(steps.map((s) => [s.version, s.name])).toEqual(MIGRATIONS.map((m) => [m.version, m.name]));
      expect((await pg.query("select to_regclass('auth.local_schema') is not null as found")).rows).toEqual([
        { found: false },
      ]);
      // The next start finds nothing left to apply.
      expect(await migrate(pg)).toEqual([]);
      await pg.close();
    },
    SLOW,
  );

  it(
    'applies a new step once, rolls a failing one back whole, and refuses a database from a newer version',
    async () => {
      const pg = await PGlite.create(EXTENSIONS);
      expect(await migrate(pg)).toEqual(MIGRATIONS.map((m) => m.version));

      const broken = {
        version: MIGRATIONS.length + 1,
        name: 'broken',
        sql: 'create table auth.half_done (id int); select no_such_function();',
      };
      await expect(migrate(pg, [...MIGRATIONS, broken])).rejects.toThrow(/no_such_function/);
      expect((await pg.query("select to_regclass('auth.half_done') is not null as found")).rows).toEqual([
        { found: false },
      ]);
      expect((await pg.query('select max(version) as v from auth.schema_migrations')).rows).toEqual([
        { v: MIGRATIONS.length },
      ]);

      const next = {
        version: MIGRATIONS.length + 1,
        name: 'test_step',
        sql: 'create table auth.test_step (id int);',
      };
      expect(await migrate(pg, [...MIGRATIONS, next])).toEqual([next.version]);
      expect(await migrate(pg, [...MIGRATIONS, next])).toEqual([]);
      expect((await pg.query("select to_regclass('auth.test_step') is not null as found")).rows).toEqual([
        { found: true },
      ]);
      await expect(migrate(pg)).rejects.toThrow(
        `migrated by a newer auth server (step ${next.version}, this one knows ${MIGRATIONS.length})`,
      );
      await pg.close();
    },
    SLOW,
  );
});
