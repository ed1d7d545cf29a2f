import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, type Sql } from '../../local-supabase/src/db/database.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase(undefined);
});
afterAll(() => db.close());

/** Runs fn as `role` with the claims PostgREST would set, rolled back afterwards. */
async function as<T>(role: string, claims: object, fn: (sql: Sql) => Promise<T>): Promise<T> {
  return db
    .tx(async (sql) => {
      await sql.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await sql.query(`set local role ${role}`);
      const result = await fn(sql);
      throw Object.assign(new Error('rollback'), { result });
    })
    .catch((err: { result?: T }) => {
      if ('result' in err) return err.result as T;
      throw err;
    });
}

describe('the database as Supabase sets it up', () => {
  it('has the API roles, with only service_role bypassing row-level security', async () => {
    const { rows } = await db.sql.query<{ rolname: string; rolbypassrls: boolean; rolcanlogin: boolean }>(
      `select rolname, rolbypassrls, rolcanlogin from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticated', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticator', rolbypassrls: false, rolcanlogin: true },
      { rolname: 'service_role', rolbypassrls: true, rolcanlogin: false },
    ]);
  });

  it('grants new public tables to the API roles by default, and policies decide which rows they see', async () => {
    await db.sql.query(`create table public.platform_probe (id int primary key, owner uuid)`);
    await db.sql.query(`alter table public.platform_probe enable row level security`);
    await db.sql.query(
      `create policy own on public.platform_probe for select to authenticated using (owner = auth.uid())`,
    );
    const mine = '11111111-1111-4111-8111-111111111111';
    await db.sql.query(`insert into public.platform_probe values (1, $1), (2, gen_random_uuid())`, [mine]);
    const count = (sql: Sql) =>
      sql
        .query<{ n: number }>('select count(*)::int as n from public.platform_probe')
        .then((r) => r.rows[0]!.n);
    expect(await as('authenticated', { sub: mine, role: 'authenticated' }, count)).toBe(1);
    expect(await as('anon', { role: 'anon' }, count)).toBe(0);
    expect(await as('service_role', { role: 'service_role' }, count)).toBe(2);
  });

  it('answers auth.uid(), auth.role(), auth.email() and auth.jwt() from request.jwt.claims', async () => {
    const claims = {
      sub: '22222222-2222-4222-8222-222222222222',
      role: 'authenticated',
      email: 'a@example.com',
    };
    const row = await as('authenticated', claims, (sql) =>
      sql
        .query<{ uid: string; role: string; email: string; jwt: object }>(
          'select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt',
        )
        .then((r) => r.rows[0]!),
    );
    expect(row).toEqual({ uid: claims.sub, role: claims.role, email: claims.email, jwt: claims });
  });

  it('keeps the auth schema unreadable to the API roles and offers the extensions schema', async () => {
    await expect(
      as('anon', { role: 'anon' }, (sql) => sql.query('select * from auth.users')),
    ).rejects.toThrow(/permission denied/);
    const { rows } = await as('anon', { role: 'anon' }, (sql) =>
      sql.query<{ v4: string; digest: string }>(
        `select extensions.uuid_generate_v4()::text as v4, encode(extensions.digest('x', 'sha256'), 'hex') as digest`,
      ),
    );
    expect(rows[0]!.v4).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.digest).toBe('2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881');
  });
});
