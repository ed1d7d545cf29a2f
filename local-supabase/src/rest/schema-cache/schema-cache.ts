import type { Sql } from '../../db/database.ts';

/**
 * What PostgREST's schema cache holds (src/PostgREST/SchemaCache.hs), read from the catalogs of the exposed
 * schemas: tables and views with their columns and keys, foreign keys (and the ones views inherit from the tables
 * they select from, matched by column name), functions, and the type and role names requests may name.
 */

export interface Column {
  name: string;
  /** format_type(): the type as SQL spells it, safe to splice (it comes from the catalog). */
  type: string;
  /** pg_type.typname of the base type, e.g. `tsvector`, `_int4`. */
  typeName: string;
  nullable: boolean;
  /** The default (an identity column's nextval): catalog text, spliced for `Prefer: missing=default` as PostgREST does. */
  default: string | null;
}

export interface Table {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  columnMap: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints' column sets: a foreign key over one of them is one-to-one. */
  uniqueKeys: string[][];
  /**
   * Computed fields: functions of one argument, this table's row type, by name (docs: Computed Fields). They are
   * selected, filtered and ordered like columns, but not part of `*`.
   */
  computed: Map<string, Routine>;
}

export interface ForeignKey {
  name: string;
  /** The referencing table, its columns, the referenced table and columns (pairwise). */
  table: Table;
  columns: string[];
  target: Table;
  targetColumns: string[];
}

/** `self`: the foreign key's table references itself (PostgREST's relIsSelf). */
export type Relationship =
  | {
      kind: 'many-to-one' | 'one-to-one';
      fk: ForeignKey;
      from: Table;
      to: Table;
      direct: true;
      self: boolean;
    }
  | {
      kind: 'one-to-many' | 'one-to-one';
      fk: ForeignKey;
      from: Table;
      to: Table;
      direct: false;
      self: boolean;
    }
  | { kind: 'many-to-many'; from: Table; to: Table; junction: Table; fromFk: ForeignKey; toFk: ForeignKey }
  /** A function taking `from`'s row and returning rows of `to` (docs: Computed Relationships). */
  | { kind: 'computed'; from: Table; to: Table; routine: Routine; toOne: boolean };

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

/**
 * A function returning a domain named like a media type (`create domain "text/plain" as text`): with that type in
 * Accept it answers its one value as it is (SchemaCache.hs mediaHandlers; docs: Media Type Handlers).
 */
export interface RoutineMedia {
  /** The domain's name, lowercased: the media type it answers (`*\/*` answers any). */
  type: string;
  /** Content-Type of the answer: the domain's name (`*\/*` as application/octet-stream), with PostgREST's charset. */
  contentType: string;
  /** Its base type is bytea: the bytes are the body. */
  binary: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  volatility: 'immutable' | 'stable' | 'volatile';
  returnsSet: boolean;
  /** scalar: a base, domain, enum or pseudo type; composite: a table's row type or OUT / TABLE columns. */
  returns: 'void' | 'scalar' | 'composite';
  /** The table whose row type it returns (embedding works from it), or the OUT columns as a table. */
  returnTable?: Table;
  /** A function of one argument of a table's or view's row type: that relation (a computed field or relationship). */
  argTable?: Table;
  /** pg_type name of the result (a computed field's type). */
  returnTypeName: string;
  /** Declared ROWS (1 makes a set-returning computed relationship to-one). */
  rows: number;
  /** The media type domain it returns (not for set-returning functions). */
  media?: RoutineMedia;
}

export interface SchemaCache {
  schemas: readonly string[];
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
  typeNames: Set<string>;
  roles: Set<string>;
  /** `alter role … set …` settings of the request roles, applied per request as PostgREST does. */
  roleSettings: Map<string, [string, string][]>;
  /**
   * The statement_timeout among a role's settings as SHOW prints it once applied ('3s' for `'3000ms'`), so that a
   * request's timeout is known before its statements are sent (transaction/run.ts).
   */
  statementTimeouts: Map<string, string>;
  /** pg_timezone_names, for `Prefer: timezone=`. */
  timezones: Set<string>;
  /** Computed relationships (functions from one relation's row to another's rows). */
  computedRels: Relationship[];
}

export const qualified = (schema: string, name: string) => `${schema}\u0000${name}`;

/** SQL's own spellings that are not pg_type names, accepted in casts (`::int`, `::double precision`). */
const SQL_TYPE_ALIASES = [
  'int',
  'integer',
  'smallint',
  'bigint',
  'real',
  'double precision',
  'boolean',
  'decimal',
  'character',
  'character varying',
  'timestamp with time zone',
  'timestamp without time zone',
  'time with time zone',
  'time without time zone',
  'bit varying',
];

const TABLES_SQL = `
select coalesce(json_agg(t), '[]')::text as rows from (
  select n.nspname as schema, c.relname as name, c.relkind as kind,
    coalesce((select json_agg(json_build_object(
        'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typeName', ty.typname,
        'nullable', not a.attnotnull, 'default', coalesce(pg_get_expr(d.adbin, d.adrelid),
          case when a.attidentity <> '' then format('nextval(%L::regclass)',
            pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)) end)) order by a.attnum)
      from pg_attribute a join pg_type ty on ty.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
    coalesce((select json_agg(json_build_object('type', k.contype, 'columns',
        (select json_agg(a.attname order by o.n) from unnest(k.conkey) with ordinality o(num, n)
          join pg_attribute a on a.attrelid = c.oid and a.attnum = o.num)))
      from pg_constraint k where k.conrelid = c.oid and k.contype in ('p', 'u')), '[]') as keys,
    coalesce((select json_agg(distinct jsonb_build_object('schema', u.table_schema, 'name', u.table_name))
      from information_schema.view_table_usage u
      where u.view_schema = n.nspname and u.view_name = c.relname), '[]') as bases
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
) t`;

const FKS_SQL = `
select coalesce(json_agg(t), '[]')::text as rows from (
  select k.conname as name, n1.nspname as schema, c1.relname as table, n2.nspname as target_schema,
    c2.relname as target,
    (select json_agg(a.attname order by o.n) from unnest(k.conkey) with ordinality o(num, n)
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = o.num) as columns,
    (select json_agg(a.attname order by o.n) from unnest(k.confkey) with ordinality o(num, n)
      join pg_attribute a on a.attrelid = k.confrelid and a.attnum = o.num) as target_columns
  from pg_constraint k
  join pg_class c1 on c1.oid = k.conrelid join pg_namespace n1 on n1.oid = c1.relnamespace
  join pg_class c2 on c2.oid = k.confrelid join pg_namespace n2 on n2.oid = c2.relnamespace
  where k.contype = 'f' and n1.nspname = any($1::text[]) and n2.nspname = any($1::text[])
) t`;

const ROUTINES_SQL = `
select coalesce(json_agg(t), '[]')::text as rows from (
  select n.nspname as schema, p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
    rt.typname as return_type_name, rt.typtype as return_type_kind, rn.nspname as return_table_schema,
    rc.relname as return_table, rc.relkind as return_table_kind, p.pronargdefaults as defaults, p.prorows as rows,
    case when rt.typtype = 'd' and not p.proretset
      and (rt.typname ~* '^[A-Za-z0-9.-]+/[A-Za-z0-9.+-]+$' or rt.typname = '*/*') then rt.typname end as media_type,
    (select b.typname from pg_type b where b.oid = rt.typbasetype) as return_base_type,
    (select json_build_object('schema', an.nspname, 'name', ac.relname) from pg_class ac
      join pg_namespace an on an.oid = ac.relnamespace
      where p.pronargs = 1 and ac.reltype = p.proargtypes[0] and ac.relkind in ('v', 'r', 'm', 'f', 'p')) as arg_table,
    coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[o.n], ''),
        'type', format_type(o.typ, null), 'mode', coalesce(p.proargmodes[o.n], 'i')) order by o.n)
      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality o(typ, n)), '[]') as args
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  left join pg_class rc on rc.oid = rt.typrelid left join pg_namespace rn on rn.oid = rc.relnamespace
  where n.nspname = any($1::text[]) and p.prokind = 'f'
) t`;

interface RawTable {
  schema: string;
  name: string;
  kind: string;
  columns: Column[];
  keys: { type: 'p' | 'u'; columns: string[] }[];
  bases: { schema: string; name: string }[];
}

interface RawFk {
  name: string;
  schema: string;
  table: string;
  target_schema: string;
  target: string;
  columns: string[];
  target_columns: string[];
}

interface RawRoutine {
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  return_type_name: string;
  return_type_kind: string;
  return_table_schema: string | null;
  return_table: string | null;
  return_table_kind: string | null;
  defaults: number;
  rows: number;
  media_type: string | null;
  return_base_type: string | null;
  arg_table: { schema: string; name: string } | null;
  args: { name: string; type: string; mode: 'i' | 'o' | 'b' | 'v' | 't' }[];
}

async function rows<T>(sql: Sql, text: string, schemas: readonly string[]): Promise<T[]> {
  const res = await sql.query<{ rows: string }>(text, [schemas]);
  return JSON.parse(res.rows[0]!.rows) as T[];
}

function makeTable(schema: string, name: string, kind: Table['kind'], columns: Column[]): Table {
  return {
    schema,
    name,
    kind,
    columns,
    columnMap: new Map(columns.map((c) => [c.name, c])),
    primaryKey: [],
    uniqueKeys: [],
    computed: new Map(),
  };
}

/** Reads the cache; runs as the server's own (superuser) connection, outside any request. */
export async function loadSchemaCache(sql: Sql, schemas: readonly string[]): Promise<SchemaCache> {
  const [rawTables, rawFks, rawRoutines, types, roles, settings, zones] = await Promise.all([
    rows<RawTable>(sql, TABLES_SQL, schemas),
    rows<RawFk>(sql, FKS_SQL, schemas),
    rows<RawRoutine>(sql, ROUTINES_SQL, schemas),
    sql.query<{ typname: string }>('select distinct typname from pg_type'),
    sql.query<{ rolname: string }>('select rolname from pg_roles'),
    // set_config answers the value as Postgres reads it; local to this statement's own transaction.
    sql.query<{ rolname: string; setting: string; shown: string | null }>(
      `select r.rolname, c.setting,
          case when c.setting like 'statement\\_timeout=%'
            then set_config('statement_timeout', substr(c.setting, strpos(c.setting, '=') + 1), true) end as shown
        from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        cross join unnest(s.setconfig) as c(setting)
        where s.setdatabase = 0`,
    ),
    sql.query<{ name: string }>('select name from pg_timezone_names'),
  ]);
  const tables = new Map<string, Table>();
  for (const t of rawTables) {
    const table = makeTable(t.schema, t.name, t.kind === 'v' || t.kind === 'm' ? 'view' : 'table', t.columns);
    table.primaryKey = t.keys.find((k) => k.type === 'p')?.columns ?? [];
    table.uniqueKeys = t.keys.map((k) => k.columns);
    tables.set(qualified(t.schema, t.name), table);
  }
  const foreignKeys: ForeignKey[] = [];
  for (const f of rawFks) {
    const table = tables.get(qualified(f.schema, f.table));
    const target = tables.get(qualified(f.target_schema, f.target));
    if (table && target)
      foreignKeys.push({ name: f.name, table, columns: f.columns, target, targetColumns: f.target_columns });
  }
  inheritThroughViews(rawTables, tables, foreignKeys);

  const routines = new Map<string, Routine[]>();
  const computedRels: Relationship[] = [];
  for (const r of rawRoutines) {
    const inArgs = r.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const outArgs = r.args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
    const params = inArgs.map((a, i) => ({
      name: a.name,
      type: a.type,
      hasDefault: i >= inArgs.length - r.defaults,
      variadic: a.mode === 'v',
    }));
    let returns: Routine['returns'] = 'scalar';
    let returnTable: Table | undefined;
    if (r.return_type_name === 'void') returns = 'void';
    else if (r.return_table && r.return_table_schema) {
      returns = 'composite';
      returnTable =
        tables.get(qualified(r.return_table_schema, r.return_table)) ??
        makeTable(r.return_table_schema, r.return_table, 'table', []);
    } else if (r.return_type_name === 'record' && outArgs.length > 1) {
      returns = 'composite';
      returnTable = makeTable(
        r.schema,
        r.name,
        'table',
        outArgs.map((a) => ({ name: a.name, type: a.type, typeName: a.type, nullable: true, default: null })),
      );
    }
    const routine: Routine = {
      schema: r.schema,
      name: r.name,
      params,
      volatility: r.volatility === 'i' ? 'immutable' : r.volatility === 's' ? 'stable' : 'volatile',
      returnsSet: r.returns_set,
      returns,
      returnTable,
      argTable: r.arg_table ? tables.get(qualified(r.arg_table.schema, r.arg_table.name)) : undefined,
      returnTypeName: r.return_type_name,
      rows: r.rows,
      media: r.media_type === null ? undefined : routineMedia(r.media_type, r.return_base_type),
    };
    const key = qualified(r.schema, r.name);
    if (callable(params) && r.return_type_name !== 'trigger') {
      routines.set(key, [...(routines.get(key) ?? []), routine]);
    }
    const from = routine.argTable;
    if (!from || returns === 'void') continue;
    if (r.return_table_kind && 'vrmfp'.includes(r.return_table_kind) && returnTable) {
      // PostgREST's allComputedRels: to-one unless it returns a set of more than one declared row.
      computedRels.push({
        kind: 'computed',
        from,
        to: returnTable,
        routine,
        toOne: !r.returns_set || r.rows === 1,
      });
    } else from.computed.set(r.name, routine);
  }
  for (const list of routines.values()) list.sort(byOverload);
  return {
    schemas,
    tables,
    foreignKeys,
    routines,
    typeNames: new Set([...types.rows.map((t) => t.typname), ...SQL_TYPE_ALIASES]),
    roles: new Set(roles.rows.map((r) => r.rolname)),
    roleSettings: settings.rows.reduce((map, { rolname, setting }) => {
      const at = setting.indexOf('=');
      map.set(rolname, [...(map.get(rolname) ?? []), [setting.slice(0, at), setting.slice(at + 1)]]);
      return map;
    }, new Map<string, [string, string][]>()),
    statementTimeouts: new Map(
      settings.rows.flatMap(({ rolname, shown }) => (shown === null ? [] : [[rolname, shown] as const])),
    ),
    timezones: new Set(zones.rows.map((z) => z.name)),
    computedRels,
  };
}

/** MediaType.hs toContentType: a charset for the types PostgREST knows, none for octet-stream and other types. */
const CHARSET_TYPES = [
  'application/json',
  'application/geo+json',
  'text/csv',
  'text/plain',
  'text/xml',
  'application/openapi+json',
  'application/x-www-form-urlencoded',
];

function routineMedia(name: string, base: string | null): RoutineMedia {
  const resolved = name === '*/*' ? 'application/octet-stream' : name;
  const type = resolved.toLowerCase();
  return {
    type: name.toLowerCase(),
    contentType: CHARSET_TYPES.includes(type) ? `${resolved}; charset=utf-8` : resolved,
    binary: base === 'bytea',
  };
}

/** PostgREST's allFunctions keeps a function with no unnamed parameter, or one whose first is of these types. */
const UNNAMED_TYPES = ['bytea', 'json', 'jsonb', 'text', 'xml'];
function callable(params: RoutineParam[]): boolean {
  const unnamed = params.filter((p) => p.name === '').length;
  return unnamed === 0 || (unnamed === 1 && UNNAMED_TYPES.includes(params[0]!.type));
}

/** PostgREST's Ord Routine: overloads by parameter count, then parameter by parameter, by name and type. */
function byOverload(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  for (let i = 0; i < a.params.length; i++) {
    const [x, y] = [a.params[i]!, b.params[i]!];
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    if (x.type !== y.type) return x.type < y.type ? -1 : 1;
  }
  return 0;
}

/**
 * A view selecting from one table carries that table's primary key and foreign keys when it exposes the same column
 * names (PostgREST follows the view's definition column by column; matching names is the common case).
 */
function inheritThroughViews(raw: RawTable[], tables: Map<string, Table>, fks: ForeignKey[]): void {
  const direct = [...fks];
  for (const v of raw) {
    if (v.kind !== 'v' || v.bases.length !== 1) continue;
    const view = tables.get(qualified(v.schema, v.name))!;
    const base = tables.get(qualified(v.bases[0]!.schema, v.bases[0]!.name));
    if (!base) continue;
    const has = (cols: string[]) => cols.length > 0 && cols.every((c) => view.columnMap.has(c));
    if (has(base.primaryKey)) view.primaryKey = base.primaryKey;
    view.uniqueKeys = base.uniqueKeys.filter(has);
    for (const fk of direct) {
      if (fk.table === base && has(fk.columns)) fks.push({ ...fk, table: view });
      if (fk.target === base && has(fk.targetColumns)) fks.push({ ...fk, target: view });
    }
  }
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Every relationship from `from` to a relation in the same schema, as PostgREST infers them (allM2OandO2ORels and
 * addInverseRels: a foreign key over a unique column set is one-to-one both ways; addM2MRels), then its computed
 * relationships, which replace the detected ones to a relation of the function's name.
 */
export function relationshipsFrom(cache: SchemaCache, from: Table): Relationship[] {
  const rels: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    const unique = fk.table.uniqueKeys.some((k) => sameSet(k, fk.columns));
    const self = fk.table === fk.target;
    if (fk.table === from && fk.target.schema === from.schema) {
      rels.push({ kind: unique ? 'one-to-one' : 'many-to-one', fk, from, to: fk.target, direct: true, self });
    }
    if (fk.target === from && fk.table.schema === from.schema) {
      rels.push({ kind: unique ? 'one-to-one' : 'one-to-many', fk, from, to: fk.table, direct: false, self });
    }
  }
  // Many-to-many: a junction whose primary key holds its foreign keys to both sides.
  for (const a of cache.foreignKeys) {
    if (a.target !== from || a.table.schema !== from.schema) continue;
    const junction = a.table;
    const pk = junction.primaryKey;
    if (!a.columns.every((c) => pk.includes(c))) continue;
    for (const b of cache.foreignKeys) {
      if (b === a || b.table !== junction || b.target.schema !== from.schema) continue;
      if (!b.columns.every((c) => pk.includes(c))) continue;
      rels.push({ kind: 'many-to-many', from, to: b.target, junction, fromFk: a, toFk: b });
    }
  }
  const computed = cache.computedRels.filter((r) => r.from === from);
  const overridden = (r: Relationship) =>
    computed.some(
      (c) => c.kind === 'computed' && c.routine.schema === r.to.schema && c.routine.name === r.to.name,
    );
  return [...rels.filter((r) => !overridden(r)), ...computed];
}

export const isToOne = (rel: Relationship) =>
  rel.kind === 'many-to-one' || rel.kind === 'one-to-one' || (rel.kind === 'computed' && rel.toOne);
