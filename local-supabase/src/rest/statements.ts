import { RestError } from './errors.ts';
import type { Preferences } from './preferences.ts';
import { Binder, type ReadNode, countSql, ident, qualifiedName, selectSql, whereTerms } from './read-plan.ts';
import type { Routine, SchemaCache, Table } from './schema-cache.ts';

/** One SQL statement with its bind values; it answers one row: total, page, body (and inserted for writes). */
export interface Statement {
  sql: string;
  values: string[];
}

export type Media = 'json' | 'object' | 'csv';

export interface Output {
  media: Media;
  /** `Accept: …;nulls=stripped`. */
  stripNulls: boolean;
  /** How the rows become the body: rows, one function result, or the results of a set-returning scalar function. */
  shape: 'rows' | 'scalar' | 'scalar-set';
}

function bodySql(out: Output): string {
  const strip = (s: string) => (out.stripNulls ? `json_strip_nulls(${s})` : s);
  if (out.media === 'csv') {
    return (
      `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM ` +
      `(SELECT row_to_json(hh) AS r FROM pgrst_read AS hh LIMIT 1) s) a) || chr(10) || ` +
      `coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), chr(10)), '')`
    );
  }
  const agg = out.shape === 'rows' ? 'json_agg(_postgrest_t)' : 'json_agg(_postgrest_t.pgrst_scalar)';
  if (out.media === 'object' || out.shape === 'scalar')
    return `coalesce(${strip(`${agg}->0`)}, 'null')::text`;
  return `coalesce(${strip(agg)}, '[]')::text`;
}

/** The final SELECT over pgrst_read: the total (when counted), the page's row count and the body. */
function finalSql(ctes: string[], out: Output, total: string): string {
  return (
    `WITH ${ctes.join(', ')} SELECT ${total} AS total, pg_catalog.count(_postgrest_t)::text AS page, ` +
    `${bodySql(out)} AS body FROM pgrst_read _postgrest_t`
  );
}

function totalSql(cache: SchemaCache, b: Binder, root: ReadNode, count: boolean, from?: string): string {
  if (!count) return 'NULL::text';
  return `(SELECT pg_catalog.count(*) FROM (${countSql(cache, b, root, from)}) pgrst_source_count)::text`;
}

export function readStatement(cache: SchemaCache, root: ReadNode, count: boolean, out: Output): Statement {
  const b = new Binder();
  const read = selectSql(cache, b, root);
  const total = totalSql(cache, b, root, count);
  return { sql: finalSql([`pgrst_read AS (${read})`], out, total), values: b.values };
}

/** The columns a write touches: `columns=`, or the keys of the payload's objects (which must all match). */
export function payloadColumns(
  table: Table,
  rows: Record<string, unknown>[],
  columns: string[] | undefined,
): string[] {
  let names: string[];
  if (columns) names = columns;
  else {
    const first = Object.keys(rows[0] ?? {});
    const same = (o: Record<string, unknown>) => {
      const keys = Object.keys(o);
      return keys.length === first.length && keys.every((k) => first.includes(k));
    };
    if (!rows.every(same)) throw new RestError(400, 'PGRST102', 'All object keys must match');
    names = first;
  }
  for (const name of names) {
    if (!table.columnMap.has(name)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${table.name}' in the schema cache`,
      );
    }
  }
  return names;
}

function recordColumns(table: Table, names: string[]): string {
  return names.map((n) => `${ident(n)} ${table.columnMap.get(n)!.type}`).join(', ');
}

/** How many rows a write touched, and how many of them it inserted (PostgREST's pgrst.inserted counter). */
const INSERTED = `nullif(current_setting('pgrst.inserted', true), '')`;
const countInserted = (delta: '+' | '-', neutral: string) =>
  `set_config('pgrst.inserted', (coalesce(${INSERTED}::int, 0) ${delta} 1)::text, true) <> '${neutral}'`;

export interface WriteOptions {
  prefs: Preferences;
  /** The representation to answer with (`return=representation`), else nothing is read back. */
  read?: ReadNode;
  out: Output;
}

function writeFinal(cache: SchemaCache, b: Binder, ctes: string[], opts: WriteOptions): Statement {
  const affected = `(SELECT pg_catalog.count(*) FROM pgrst_source)::text`;
  if (!opts.read) {
    return {
      sql: `WITH ${ctes.join(', ')} SELECT NULL::text AS total, ${affected} AS page, NULL::text AS body, ${INSERTED} AS inserted`,
      values: b.values,
    };
  }
  const read = selectSql(cache, b, opts.read, { from: `pgrst_source AS ${ident(opts.read.alias)}` });
  return {
    sql:
      `WITH ${[...ctes, `pgrst_read AS (${read})`].join(', ')} SELECT NULL::text AS total, ${affected} AS page, ` +
      `(SELECT ${bodySql(opts.out)} FROM pgrst_read _postgrest_t) AS body, ${INSERTED} AS inserted`,
    values: b.values,
  };
}

export function insertStatement(
  cache: SchemaCache,
  table: Table,
  payload: string,
  columns: string[],
  onConflict: string[] | undefined,
  opts: WriteOptions,
): Statement {
  const b = new Binder();
  const qn = qualifiedName(table);
  const payloadCte = `pgrst_payload AS (SELECT CASE WHEN jsonb_typeof(j) = 'array' THEN j ELSE jsonb_build_array(j) END AS rows FROM (SELECT ${b.bind(payload)}::jsonb AS j) p)`;
  const defaults = opts.prefs.missing === 'default';
  const values = columns.map((n) => {
    const col = table.columnMap.get(n)!;
    const value = `pgrst_body.${ident(n)}`;
    return defaults && col.default !== null
      ? `CASE WHEN pgrst_elem ? ${b.bind(n)} THEN ${value} ELSE ${col.default} END`
      : value;
  });
  const body = columns.length
    ? `, LATERAL jsonb_to_record(pgrst_elem) AS pgrst_body(${recordColumns(table, columns)})`
    : '';
  const merge = opts.prefs.resolution === 'merge-duplicates';
  const conflict =
    opts.prefs.resolution === undefined || !onConflict?.length
      ? ''
      : ` ON CONFLICT (${onConflict.map(ident).join(', ')}) ` +
        (opts.prefs.resolution === 'ignore-duplicates' || !columns.length
          ? 'DO NOTHING'
          : `DO UPDATE SET ${columns.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ')} WHERE ${countInserted('-', '-1')}`);
  const insert =
    `INSERT INTO ${qn} ${columns.length ? `(${columns.map(ident).join(', ')}) ` : ''}` +
    `SELECT ${values.length ? values.join(', ') : ''} FROM jsonb_array_elements((SELECT rows FROM pgrst_payload)) AS pgrst_elem${body}` +
    (merge && conflict ? ` WHERE ${countInserted('+', '0')}` : '') +
    conflict +
    ` RETURNING ${opts.read ? `${qn}.*` : '1'}`;
  return writeFinal(cache, b, [payloadCte, `pgrst_source AS (${insert})`], opts);
}

/** pg-safeupdate, which hosted Supabase loads for the Data API: no UPDATE or DELETE without a WHERE clause. */
function requireWhere(command: 'UPDATE' | 'DELETE', where: string[]): void {
  if (!where.length) throw new RestError(400, '21000', `${command} requires a WHERE clause`);
}

export function updateStatement(
  cache: SchemaCache,
  target: ReadNode,
  payload: string,
  columns: string[],
  opts: WriteOptions,
): Statement {
  const b = new Binder();
  const me = ident(target.alias);
  const where = whereTerms(b, target);
  if (!columns.length) {
    // Nothing to set: no UPDATE runs, and the answer is empty (PostgREST selects from the table WHERE false).
    return writeFinal(
      cache,
      b,
      [`pgrst_source AS (SELECT ${me}.* FROM ${qualifiedName(target.table)} AS ${me} WHERE false)`],
      opts,
    );
  }
  requireWhere('UPDATE', where);
  const update =
    `UPDATE ${qualifiedName(target.table)} AS ${me} SET ${columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ')} ` +
    `FROM jsonb_to_record(${b.bind(payload)}::jsonb) AS pgrst_body(${recordColumns(target.table, columns)}) ` +
    `WHERE ${where.join(' AND ')} RETURNING ${opts.read ? `${me}.*` : '1'}`;
  return writeFinal(cache, b, [`pgrst_source AS (${update})`], opts);
}

export function deleteStatement(cache: SchemaCache, target: ReadNode, opts: WriteOptions): Statement {
  const b = new Binder();
  const me = ident(target.alias);
  const where = whereTerms(b, target);
  requireWhere('DELETE', where);
  const del = `DELETE FROM ${qualifiedName(target.table)} AS ${me} WHERE ${where.join(' AND ')} RETURNING ${opts.read ? `${me}.*` : '1'}`;
  return writeFinal(cache, b, [`pgrst_source AS (${del})`], opts);
}

export interface CallArgs {
  /** POST: the JSON object (bound once, read with jsonb_to_record) and the parameters it names. */
  json?: { text: string; names: string[] };
  /** POST to a function with one unnamed json/jsonb parameter: the whole body. */
  single?: string;
  /** GET: text values by name. */
  text?: [string, string][];
}

/** A function call as the FROM item of `root` (a scalar result is the column pgrst_scalar). */
export function callStatement(
  cache: SchemaCache,
  routine: Routine,
  root: ReadNode,
  args: CallArgs,
  count: boolean,
  out: Output,
): Statement {
  const b = new Binder();
  const ctes: string[] = [];
  let argSql: string;
  if (args.single !== undefined) {
    argSql = `${b.bind(args.single)}::${routine.params[0]!.type}`;
  } else if (args.json !== undefined) {
    const given = routine.params.filter((p) => args.json!.names.includes(p.name));
    if (given.length) {
      ctes.push(
        `pgrst_args AS (SELECT * FROM jsonb_to_record(${b.bind(args.json.text)}::jsonb) AS _(${given
          .map((p) => `${ident(p.name)} ${p.type}`)
          .join(', ')}))`,
      );
    }
    argSql = given.map((p) => `${ident(p.name)} := (SELECT ${ident(p.name)} FROM pgrst_args)`).join(', ');
  } else {
    argSql = (args.text ?? [])
      .map(([name, value]) => {
        const p = routine.params.find((x) => x.name === name)!;
        return `${ident(p.name)} := ${b.bind(value)}::${p.type}`;
      })
      .join(', ');
  }
  const call = `${qualifiedName(routine)}(${argSql})`;
  const alias = ident(root.alias);
  const from =
    routine.returns === 'composite' ? `${call} AS ${alias}` : `(SELECT ${call} AS pgrst_scalar) AS ${alias}`;
  const read = selectSql(cache, b, root, { from });
  ctes.push(`pgrst_read AS (${read})`);
  return { sql: finalSql(ctes, out, totalSql(cache, b, root, count, from)), values: b.values };
}
