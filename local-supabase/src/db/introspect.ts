import type { Sql } from './database.ts';
import { NOT_NULL_COMMENT, nonNullViewColumns } from './view-nullability.ts';

/**
 * What type generation reads from the catalog, in the shapes postgres-meta's generator metadata has
 * (supabase/postgres-meta src/lib/sql/*.sql.ts): the CLI's `gen types` runs that service, so these queries select
 * the same rows and fields.
 */
export interface Relation {
  id: number;
  schema: string;
  name: string;
  /** r/p: table, f: foreign table, v: view, m: materialized view. */
  kind: 'table' | 'foreign' | 'view' | 'matview';
  /** Views only: INSERT and UPDATE both work (information_schema.views' rule). */
  isUpdatable: boolean;
  /** Views only: INSERT / UPDATE work, INSTEAD OF triggers and INSTEAD rules included (what PostgREST can write). */
  isInsertEnabled: boolean;
  isUpdateEnabled: boolean;
}

export interface Column {
  tableId: number;
  name: string;
  /** The type's name (a domain's base type), `_` + element for arrays. */
  format: string;
  isNullable: boolean;
  defaultValue: string | null;
  isIdentity: boolean;
  identityGeneration: 'ALWAYS' | 'BY DEFAULT' | null;
  /** GENERATED ALWAYS AS (...) STORED: never written. */
  isGenerated: boolean;
  /** The schema of `format` (the domain's base type for a domain). */
  typeSchema: string;
  isUpdatable: boolean;
  attnum: number;
  comment: string | null;
}

export interface Relationship {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface FunctionArg {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  typeId: number;
  hasDefault: boolean;
}

export interface PgFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  /** pg_get_function_arguments: the signature as written. */
  argumentTypes: string;
  /** pg_get_function_result. */
  returnType: string;
  returnTypeId: number;
  returnTypeRelationId: number | null;
  isSetReturning: boolean;
  /** The ROWS estimate of a set-returning function. */
  rows: number | null;
}

export interface PgType {
  id: number;
  name: string;
  schema: string;
  /** format_type(): schema-qualified when the schema is not on the search path. */
  format: string;
  enums: string[];
  /** A composite type's attributes (not a table's row type). */
  attributes: { name: string; typeId: number }[];
  typeRelationId: number | null;
}

export interface SchemaMetadata {
  schemas: string[];
  relations: Relation[];
  columns: Column[];
  relationships: Relationship[];
  functions: PgFunction[];
  types: PgType[];
}

const SYSTEM_SCHEMAS = ['information_schema', 'pg_catalog', 'pg_toast'];

async function rows<T>(sql: Sql, text: string, params: unknown[] = []): Promise<T[]> {
  return (await sql.query<T>(text, params)).rows;
}

/** Reads the listed schemas (those that exist) as `supabase gen types` sees them. */
export async function introspect(sql: Sql, schemas: readonly string[]): Promise<SchemaMetadata> {
  const wanted = [...schemas];
  const existing = await rows<{ name: string }>(
    sql,
    `select nspname as name from pg_namespace
     where nspname = any($1) and not starts_with(nspname, 'pg_') order by nspname`,
    [wanted],
  );
  const relations = await rows<Relation>(
    sql,
    `select c.oid::int as id, n.nspname as schema, c.relname as name,
       case c.relkind when 'f' then 'foreign' when 'v' then 'view' when 'm' then 'matview' else 'table' end as kind,
       c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as "isUpdatable",
       c.relkind = 'v' and (pg_relation_is_updatable(c.oid, true) & 8) = 8 as "isInsertEnabled",
       c.relkind = 'v' and (pg_relation_is_updatable(c.oid, true) & 4) = 4 as "isUpdateEnabled"
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm')`,
    [wanted],
  );
  const columns = await rows<Column>(
    sql,
    `select c.oid::int as "tableId", a.attname as name,
       coalesce(bt.typname, t.typname) as format,
       not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as "isNullable",
       case when a.atthasdef then pg_get_expr(ad.adbin, ad.adrelid) end as "defaultValue",
       a.attidentity in ('a', 'd') as "isIdentity",
       case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as "identityGeneration",
       a.attgenerated <> '' as "isGenerated",
       coalesce(btn.nspname, tn.nspname) as "typeSchema",
       -- A view with an INSTEAD OF insert/update trigger or an unconditional INSTEAD rule takes every column.
       c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and (
         pg_column_is_updatable(c.oid, a.attnum, false)
         or exists (select 1 from pg_trigger tg where tg.tgrelid = c.oid and tg.tgtype & 64 <> 0
                      and tg.tgtype & 20 <> 0 and not tg.tgisinternal)
         or exists (select 1 from pg_rewrite rw where rw.ev_class = c.oid and rw.is_instead
                      and rw.ev_type in ('2', '3') and rw.ev_qual::text = '<>')
       )) as "isUpdatable",
       a.attnum::int as attnum,
       col_description(c.oid, a.attnum) as comment
     from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
       join pg_namespace tn on tn.oid = t.typnamespace
       left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
       left join pg_namespace btn on btn.oid = bt.typnamespace
       left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
     where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped
     order by c.oid, a.attnum`,
    [wanted],
  );
  const functions = (
    await rows<
      Omit<PgFunction, 'args'> & {
        modes: string[];
        names: string[];
        typeIds: number[];
        nargs: number;
        ndefaults: number;
      }
    >(
      sql,
      `select n.nspname as schema, p.proname as name,
         coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as modes,
         coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as names,
         coalesce(p.proallargtypes::int[], p.proargtypes::int[]) as "typeIds",
         p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
         pg_get_function_arguments(p.oid) as "argumentTypes",
         pg_get_function_result(p.oid) as "returnType",
         p.prorettype::int as "returnTypeId",
         nullif(rt.typrelid::int, 0) as "returnTypeRelationId",
         p.proretset as "isSetReturning",
         case when p.proretset then nullif(p.prorows, 0)::float8 end as rows
       from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         left join pg_type rt on rt.oid = p.prorettype
       where n.nspname = any($1) and p.prokind = 'f'`,
      [wanted],
    )
  )
    .filter((f) => f.returnType !== 'trigger' && f.returnType !== 'event_trigger')
    .map(({ modes, names, typeIds, nargs, ndefaults, ...f }) => ({
      ...f,
      args: typeIds.map((typeId, i) => ({
        mode: ARG_MODES[modes[i]!] ?? 'table',
        name: names[i] ?? '',
        typeId,
        // As postgres-meta pairs them: pg_proc counts defaults over the input arguments, listed first.
        hasDefault: i < nargs && i >= nargs - ndefaults,
      })),
    }));
  const types = await rows<PgType>(
    sql,
    `select t.oid::int as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
       coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),
         '{}') as enums,
       coalesce((select json_agg(json_build_object('name', a.attname, 'typeId', a.atttypid::int) order by a.attnum)
         from pg_class c join pg_attribute a on a.attrelid = c.oid
         where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped), '[]') as attributes,
       nullif(t.typrelid::int, 0) as "typeRelationId"
     from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where t.typrelid = 0 or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)
     order by t.oid`,
  );
  const nonNull = await nonNullViewColumns(sql, wanted);
  return {
    schemas: existing.map((s) => s.name),
    relations,
    // As the CLI: a view column is not null when the column it shows is (a comment `@notNull` says so too).
    columns: columns.map((c) =>
      c.isNullable &&
      nonNull.views.has(c.tableId) &&
      (nonNull.columns.has(`${c.tableId}.${c.attnum}`) || NOT_NULL_COMMENT.test(c.comment ?? ''))
        ? { ...c, isNullable: false }
        : c,
    ),
    relationships: await relationships(sql),
    functions,
    types,
  };
}

const ARG_MODES: Record<string, FunctionArg['mode']> = { i: 'in', o: 'out', b: 'inout', v: 'variadic' };

interface ForeignKey {
  name: string;
  schema: string;
  tableId: number;
  table: string;
  referencedTableId: number;
  referencedSchema: string;
  referencedTable: string;
  /** Column numbers and names in key order. */
  keys: number[];
  referencedKeys: number[];
  columns: string[];
  referencedColumns: string[];
  isOneToOne: boolean;
}

/**
 * Foreign keys between tables, plus those PostgREST sees through views whose columns pass the key's columns on
 * (postgres-meta's relationships: table_relationships.sql and views_key_dependencies.sql, after PostgREST's
 * SchemaCache). One-to-one: the referencing columns are also a primary key or unique constraint.
 */
async function relationships(sql: Sql): Promise<Relationship[]> {
  const keys = await rows<ForeignKey>(
    sql,
    `select k.conname as name, ns.nspname as schema, k.conrelid::int as "tableId", tab.relname as "table",
       k.confrelid::int as "referencedTableId", rns.nspname as "referencedSchema", ref.relname as "referencedTable",
       k.conkey::int[] as keys, k.confkey::int[] as "referencedKeys",
       (select array_agg(a.attname::text order by u.ord) from unnest(k.conkey) with ordinality u(n, ord)
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n) as columns,
       (select array_agg(a.attname::text order by u.ord) from unnest(k.confkey) with ordinality u(n, ord)
          join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n) as "referencedColumns",
       exists (
         select from pg_constraint uq
         where uq.conrelid = k.conrelid and uq.contype in ('p', 'u')
           and (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
                where a.attrelid = uq.conrelid and a.attnum = any(uq.conkey))
             = (select array_agg(a.attname::text order by u.ord) from unnest(k.conkey) with ordinality u(n, ord)
                join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n)
       ) as "isOneToOne"
     from pg_constraint k
       join pg_namespace ns on ns.oid = k.connamespace
       join pg_class tab on tab.oid = k.conrelid
       join pg_class ref on ref.oid = k.confrelid
       join pg_namespace rns on rns.oid = ref.relnamespace
     where k.contype = 'f' and k.conparentid = 0 and ns.nspname <> all($1)
     order by k.oid`,
    [SYSTEM_SCHEMAS],
  );
  const tableRelationships = keys.map((k): Relationship => ({
    foreignKeyName: k.name,
    schema: k.schema,
    relation: k.table,
    columns: k.columns,
    isOneToOne: k.isOneToOne,
    referencedSchema: k.referencedSchema,
    referencedRelation: k.referencedTable,
    referencedColumns: k.referencedColumns,
  }));
  const views = await viewColumnOrigins(sql);
  if (views.length === 0) return tableRelationships;

  /** For each view: per key column, the view's columns that carry it; undefined when one is missing. */
  const viewKeyColumns = (view: ViewOrigins, tableId: number, attnums: number[]) => {
    const perKey = attnums.map((attnum) =>
      view.columns
        .filter((c) => c.origins.some((o) => o.tableId === tableId && o.attnum === attnum))
        .map((c) => c.name),
    );
    return perKey.every((names) => names.length > 0) ? combinations(perKey) : undefined;
  };
  const throughViews = keys.flatMap((k) => {
    const from = views.flatMap((v) =>
      (viewKeyColumns(v, k.tableId, k.keys) ?? []).map((cols) => ({ v, cols })),
    );
    const to = views.flatMap((v) =>
      (viewKeyColumns(v, k.referencedTableId, k.referencedKeys) ?? []).map((cols) => ({ v, cols })),
    );
    const base = { foreignKeyName: k.name, isOneToOne: k.isOneToOne };
    return [
      ...from.map(({ v, cols }) => ({
        ...base,
        schema: v.schema,
        relation: v.name,
        columns: cols,
        referencedSchema: k.referencedSchema,
        referencedRelation: k.referencedTable,
        referencedColumns: k.referencedColumns,
      })),
      ...to.map(({ v, cols }) => ({
        ...base,
        schema: k.schema,
        relation: k.table,
        columns: k.columns,
        referencedSchema: v.schema,
        referencedRelation: v.name,
        referencedColumns: cols,
      })),
      ...from.flatMap((f) =>
        to.map((t) => ({
          ...base,
          schema: f.v.schema,
          relation: f.v.name,
          columns: f.cols,
          referencedSchema: t.v.schema,
          referencedRelation: t.v.name,
          referencedColumns: t.cols,
        })),
      ),
    ];
  });
  return [...tableRelationships, ...throughViews];
}

/** Every way to pick one entry from each list, in order. */
function combinations(lists: string[][]): string[][] {
  return lists.reduce<string[][]>(
    (acc, list) => acc.flatMap((prefix) => list.map((item) => [...prefix, item])),
    [[]],
  );
}

interface Origin {
  tableId: number;
  attnum: number;
}

interface ViewOrigins {
  id: number;
  schema: string;
  name: string;
  /** Each column with the table (or view) columns it comes from, through views of views. */
  columns: { name: string; origins: Origin[] }[];
}

/** Where each view column comes from: the top-level target list of the view's rewrite rule (resorigtbl/col). */
async function viewColumnOrigins(sql: Sql): Promise<ViewOrigins[]> {
  const views = await rows<{ id: number; schema: string; name: string; action: string; columns: string[] }>(
    sql,
    `select c.oid::int as id, n.nspname as schema, c.relname as name, r.ev_action::text as action,
       (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_rewrite r on r.ev_class = c.oid
     where c.relkind in ('v', 'm') and n.nspname <> all($1)`,
    [SYSTEM_SCHEMAS],
  );
  const direct = new Map<number, Map<number, Origin>>();
  for (const view of views) direct.set(view.id, targetOrigins(view.action));
  const resolve = (viewId: number, resno: number, seen: Set<number>): Origin[] => {
    const origin = direct.get(viewId)?.get(resno);
    if (!origin || seen.has(origin.tableId)) return origin ? [origin] : [];
    return [origin, ...resolve(origin.tableId, origin.attnum, new Set([...seen, origin.tableId]))];
  };
  return views.map((view) => ({
    id: view.id,
    schema: view.schema,
    name: view.name,
    columns: (view.columns ?? []).map((name, i) => ({
      name,
      origins: resolve(view.id, i + 1, new Set([view.id])),
    })),
  }));
}

/** Reads `{QUERY … :targetList ({TARGETENTRY … :resno n … :resorigtbl oid :resorigcol m …} …) …}` at the top level. */
function targetOrigins(action: string): Map<number, Origin> {
  const origins = new Map<number, Origin>();
  // Tokens: braces and parentheses, or a run of other characters (backslash escapes included).
  const tokens = action.match(/[{}()]|(?:\\.|[^\s{}()\\])+/g) ?? [];
  let depth = 0;
  let i = 0;
  // The first node is a list of queries: `({QUERY …})`; the query's own fields sit at depth 2.
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '{' || t === '(') depth++;
    else if (t === '}' || t === ')') depth--;
    else if (t === ':targetList' && depth === 2) break;
  }
  // A view without columns has `<>` for a list.
  if (tokens[i + 1] !== '(') return origins;
  const listDepth = depth + 1;
  let entry: Record<string, string> | undefined;
  for (i++; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '{' || t === '(') {
      depth++;
      if (t === '{' && depth === listDepth + 1) entry = {};
    } else if (t === '}' || t === ')') {
      if (t === '}' && depth === listDepth + 1 && entry) {
        const [resno, tbl, col] = [Number(entry.resno), Number(entry.resorigtbl), Number(entry.resorigcol)];
        if (tbl > 0 && col > 0) origins.set(resno, { tableId: tbl, attnum: col });
        entry = undefined;
      }
      depth--;
      if (depth < listDepth) break;
    } else if (entry && depth === listDepth + 1 && t.startsWith(':')) {
      const next = tokens[i + 1];
      if (next !== undefined && !/^[{}()]$/.test(next)) entry[t.slice(1)] = next;
    }
  }
  return origins;
}
