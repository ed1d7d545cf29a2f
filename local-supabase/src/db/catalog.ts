import type { Sql } from './database.ts';

/** A table or view of an exposed schema as a newcomer wants to see it: columns, row-level security, policies. */
export interface RelationDescription {
  schema: string;
  name: string;
  kind: 'table' | 'partitioned table' | 'view' | 'materialized view' | 'foreign table';
  rlsEnabled: boolean;
  rlsForced: boolean;
  columns: { name: string; type: string; nullable: boolean; default: string | null }[];
  policies: PolicyDescription[];
}

export interface PolicyDescription {
  name: string;
  command: 'ALL' | 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';
  permissive: boolean;
  /** Role names; `public` means every role. */
  roles: string[];
  using: string | null;
  withCheck: string | null;
}

/** The tables and views of `schemas`, by schema and name. */
export async function describeRelations(
  sql: Sql,
  schemas: readonly string[],
): Promise<RelationDescription[]> {
  const { rows } = await sql.query<RelationDescription>(
    `select n.nspname as schema, c.relname as name,
       case c.relkind when 'r' then 'table' when 'p' then 'partitioned table' when 'v' then 'view'
         when 'm' then 'materialized view' else 'foreign table' end as kind,
       c.relrowsecurity as "rlsEnabled", c.relforcerowsecurity as "rlsForced",
       coalesce((select json_agg(json_build_object(
           'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'nullable', not a.attnotnull,
           'default', pg_get_expr(d.adbin, d.adrelid)) order by a.attnum)
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
       coalesce((select json_agg(json_build_object(
           'name', p.polname,
           'command', case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE'
             when 'd' then 'DELETE' else 'ALL' end,
           'permissive', p.polpermissive,
           'roles', case when p.polroles = '{0}' then array['public']
             else array(select rolname from pg_roles where oid = any(p.polroles) order by rolname) end,
           'using', pg_get_expr(p.polqual, p.polrelid),
           'withCheck', pg_get_expr(p.polwithcheck, p.polrelid)) order by p.polname)
         from pg_policy p where p.polrelid = c.oid), '[]') as policies
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
     order by n.nspname, c.relname`,
    [[...schemas]],
  );
  return rows;
}
