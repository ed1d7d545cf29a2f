import { RestError } from '../errors.ts';
import type { CallArgs } from '../plan/call-plan.ts';
import type { ActionPlan, Output } from '../plan/plan.ts';
import type { ReadNode } from '../plan/read-plan.ts';
import type { Preferences } from '../request/preferences.ts';
import type { Routine, SchemaCache, Table } from '../schema-cache/schema-cache.ts';
import { Binder, countSql, ident, qualifiedName, selectSql, whereTerms } from './read-sql.ts';

/** One SQL statement with its bind values; it answers one row: total, page, body (and inserted for writes). */
export interface Statement {
  sql: string;
  values: string[];
  /** `Prefer: count=planned|estimated`: the count query for the planner's row estimate (Statements.hs postExplain). */
  explainCount?: { sql: string; values: string[] };
}

function bodySql(out: Output): string {
  const strip = (s: string) => (out.stripNulls ? `json_strip_nulls(${s})` : s);
  if (out.raw) {
    // A media type domain's one value as it is (customFuncF): its text, or its bytes as hex for the response to send.
    const value = '_postgrest_t.pgrst_scalar';
    return `string_agg(${out.raw.binary ? `encode(${value}::bytea, 'hex')` : `${value}::text`}, '')`;
  }
  if (out.media === 'csv') {
    return (
      `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM ` +
      `(SELECT row_to_json(hh) AS r FROM pgrst_read AS hh LIMIT 1) s) a) || chr(10) || ` +
      `coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), chr(10)), '')`
    );
  }
  const agg =
    out.shape === 'rows' || out.shape === 'single'
      ? 'json_agg(_postgrest_t)'
      : 'json_agg(_postgrest_t.pgrst_scalar)';
  if (out.media === 'object' || out.shape === 'single' || out.shape === 'scalar')
    return `coalesce(${strip(`${agg}->0`)}, 'null')::text`;
  return `coalesce(${strip(agg)}, '[]')::text`;
}

/** What the statement's functions asked to answer with (PostgREST's response.headers and response.status). */
const GUCS = `nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status`;

/** The final SELECT over pgrst_read: the total (when counted), the page's row count and the body. */
function finalSql(ctes: string[], out: Output, total: string): string {
  return (
    `WITH ${ctes.join(', ')} SELECT ${total} AS total, pg_catalog.count(_postgrest_t)::text AS page, ` +
    `${bodySql(out)} AS body, ${GUCS} FROM pgrst_read _postgrest_t`
  );
}

function totalSql(
  cache: SchemaCache,
  b: Binder,
  root: ReadNode,
  count: boolean,
  from?: string,
  limit?: number,
): string {
  if (!count) return 'NULL::text';
  const capped = limit === undefined ? '' : ` LIMIT ${limit}`;
  return `(SELECT pg_catalog.count(*) FROM (${countSql(cache, b, root, from)}${capped}) pgrst_source_count)::text`;
}

/**
 * A read, counted as `Prefer: count=` asks (Statements.hs mainRead): exact counts every row; estimated counts up to
 * max_rows + 1 and leaves a larger total to the planner; planned leaves it all to the planner (`explainCount`).
 */
function readStatement(
  cache: SchemaCache,
  root: ReadNode,
  count: Preferences['count'],
  out: Output,
  maxRows: number | undefined,
): Statement {
  const b = new Binder();
  const read = selectSql(cache, b, root);
  const limit = count === 'estimated' && maxRows !== undefined ? maxRows + 1 : undefined;
  const total = totalSql(cache, b, root, count === 'exact' || count === 'estimated', undefined, limit);
  const stmt: Statement = { sql: finalSql([`pgrst_read AS (${read})`], out, total), values: b.values };
  if (count === 'planned' || count === 'estimated') {
    const e = new Binder();
    stmt.explainCount = { sql: `EXPLAIN (FORMAT JSON) ${countSql(cache, e, root)}`, values: e.values };
  }
  return stmt;
}

function recordColumns(table: Table, names: string[]): string {
  return names.map((n) => `${ident(n)} ${table.columnMap.get(n)!.type}`).join(', ');
}

/** How many rows a write touched, and how many of them it inserted (PostgREST's pgrst.inserted counter). */
const INSERTED = `nullif(current_setting('pgrst.inserted', true), '')`;
const countInserted = (delta: '+' | '-', neutral: string) =>
  `set_config('pgrst.inserted', (coalesce(${INSERTED}::int, 0) ${delta} 1)::text, true) <> '${neutral}'`;

interface WriteOptions {
  prefs: Preferences;
  /** The representation to answer with (`return=representation`), else nothing is read back. */
  read?: ReadNode;
  out: Output;
  /** PUT: the primary key values of the URL, which the payload's must equal (else no row is written). */
  put?: [string, string][];
}

function writeFinal(cache: SchemaCache, b: Binder, ctes: string[], opts: WriteOptions): Statement {
  const affected = `(SELECT pg_catalog.count(*) FROM pgrst_source)::text`;
  if (!opts.read) {
    return {
      sql: `WITH ${ctes.join(', ')} SELECT NULL::text AS total, ${affected} AS page, NULL::text AS body, ${INSERTED} AS inserted, ${GUCS}`,
      values: b.values,
    };
  }
  const read = selectSql(cache, b, opts.read, { from: `pgrst_source AS ${ident(opts.read.alias)}` });
  return {
    sql:
      `WITH ${[...ctes, `pgrst_read AS (${read})`].join(', ')} SELECT NULL::text AS total, ${affected} AS page, ` +
      `(SELECT ${bodySql(opts.out)} FROM pgrst_read _postgrest_t) AS body, ${INSERTED} AS inserted, ${GUCS}`,
    values: b.values,
  };
}

function insertStatement(
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
  // missing=default: every payload column's default is evaluated for every row and the row's own keys laid over
  // them (SqlFragment.hs fromJsonBodyF), so an identity is consumed for a row that names its id too, as there.
  const defaulted =
    opts.prefs.missing === 'default'
      ? columns.flatMap((n) => {
          const def = table.columnMap.get(n)!.default;
          return def === null ? [] : [`${b.bind(n)}::text, ${def}`];
        })
      : [];
  const elements = `jsonb_array_elements((SELECT rows FROM pgrst_payload))`;
  const source = defaulted.length
    ? `${elements} AS pgrst_raw, LATERAL (SELECT jsonb_build_object(${defaulted.join(', ')}) || pgrst_raw AS pgrst_elem) AS pgrst_json_defs`
    : `${elements} AS pgrst_elem`;
  const values = columns.map((n) => `pgrst_body.${ident(n)}`);
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
    `SELECT ${values.join(', ')} FROM ${source}${body}` +
    (merge && conflict
      ? ` WHERE ${[countInserted('+', '0'), ...(opts.put ?? []).map(([c, v]) => `pgrst_body.${ident(c)} = ${b.bind(v)}`)].join(' AND ')}`
      : '') +
    conflict +
    ` RETURNING ${opts.read ? `${qn}.*` : '1'}`;
  return writeFinal(cache, b, [payloadCte, `pgrst_source AS (${insert})`], opts);
}

/** pg-safeupdate, which hosted Supabase loads for the Data API: no UPDATE or DELETE without a WHERE clause. */
function requireWhere(command: 'UPDATE' | 'DELETE', where: string[]): void {
  if (!where.length) throw new RestError(400, '21000', `${command} requires a WHERE clause`);
}

function updateStatement(
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

function deleteStatement(cache: SchemaCache, target: ReadNode, opts: WriteOptions): Statement {
  const b = new Binder();
  const me = ident(target.alias);
  const where = whereTerms(b, target);
  requireWhere('DELETE', where);
  const del = `DELETE FROM ${qualifiedName(target.table)} AS ${me} WHERE ${where.join(' AND ')} RETURNING ${opts.read ? `${me}.*` : '1'}`;
  return writeFinal(cache, b, [`pgrst_source AS (${del})`], opts);
}

/** A function call as the FROM item of `root` (a scalar result is the column pgrst_scalar). */
function callStatement(
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

/** The third stage, PostgREST's QueryBuilder: the plan as one statement answering one row. */
export function buildStatement(
  cache: SchemaCache,
  plan: ActionPlan,
  prefs: Preferences,
  body: string,
  maxRows: number | undefined,
): Statement {
  const stmt = statement(cache, plan, prefs, body, maxRows);
  if (!plan.explain) return stmt;
  // The plan media type (Statements.hs mtSnippet): the same statement, explained instead of answered.
  const options = [
    `FORMAT ${plan.explain.format.toUpperCase()}`,
    ...plan.explain.options.map((o) => o.toUpperCase()),
  ];
  return { sql: `EXPLAIN (${options.join(', ')}) ${stmt.sql}`, values: stmt.values };
}

function statement(
  cache: SchemaCache,
  plan: ActionPlan,
  prefs: Preferences,
  body: string,
  maxRows: number | undefined,
): Statement {
  switch (plan.kind) {
    case 'read':
      return readStatement(cache, plan.read, prefs.count, plan.out, maxRows);
    case 'call':
      // A call counts exactly for exact and estimated, and not at all for planned (mainCall's shouldCount).
      return callStatement(
        cache,
        plan.routine,
        plan.read,
        plan.args,
        prefs.count === 'exact' || prefs.count === 'estimated',
        plan.out,
      );
    case 'insert':
      return insertStatement(cache, plan.table, body, plan.columns, plan.onConflict, {
        prefs: plan.put ? { ...prefs, resolution: 'merge-duplicates' } : prefs,
        read: plan.read,
        out: plan.out,
        put: plan.put,
      });
    case 'update':
      return updateStatement(cache, plan.target, body, plan.columns, {
        prefs,
        read: plan.read,
        out: plan.out,
      });
    case 'delete':
      return deleteStatement(cache, plan.target, { prefs, read: plan.read, out: plan.out });
  }
}
