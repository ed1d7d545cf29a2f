import { RestError, SchemaMiss } from '../errors.ts';
import type { ReadNode } from '../plan/read-plan.ts';
import type { Field, Filter, LogicTree, Range } from '../request/query-params.ts';
import { type SchemaCache, isToOne } from '../schema-cache/schema-cache.ts';

/**
 * Turns parsed query parameters into SQL the way PostgREST's ReadPlan and QueryBuilder do: one SELECT per
 * resource, embedded resources as LATERAL joins (to-one as an object, to-many as a JSON array). Values only ever
 * reach the SQL text as `$n` bind parameters; identifiers are checked against the schema cache and quoted.
 */

export class Binder {
  readonly values: string[] = [];
  bind(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Postgres expands a bounded repetition into copies of what it repeats, and refuses a pattern whose automaton grows
 * too large (2201B, "regular expression is too complex"). PGlite's WebAssembly stack overflows first, between about
 * 10,000 and 27,000 copies (`((a{1,30}){1,30}){1,30}`), which answered 500 and left its session broken; patterns
 * past this many copies are refused as Postgres refuses larger ones.
 */
const MAX_REGEX_SIZE = 10_000;

const regexTooComplex = () =>
  new RestError(400, '2201B', 'invalid regular expression: regular expression is too complex');

/** How many atoms the pattern expands to: each bounded repetition multiplies what it repeats by its upper bound. */
export function regexSize(pattern: string): number {
  const stack: number[] = [0];
  let last = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '(') {
      stack.push(0);
      continue;
    }
    if (ch === ')' && stack.length > 1) last = Math.max(stack.pop()!, 1);
    else if (ch === '{') {
      const rep = /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i));
      if (rep) {
        const times = Math.max(Number(rep[1]), rep[2] ? Number(rep[2]) : Number(rep[1]) + 1, 1);
        stack[stack.length - 1]! += last * (times - 1);
        i += rep[0].length - 1;
        continue;
      }
      last = 1;
    } else if (ch === '[') {
      const close = pattern.indexOf(']', i + 2);
      i = close < 0 ? pattern.length : close;
      last = 1;
    } else if (ch === '\\') {
      i++;
      last = 1;
    } else if ('*+?|'.includes(ch)) continue;
    else last = 1;
    stack[stack.length - 1]! += last;
  }
  return stack.reduce((a, b) => a + b, 0);
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualifiedName = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;

/**
 * A column reference, checked against the cache when the resource's columns are known, or a computed field: the
 * function called on the row (cast to the table's type, as the row may come from a CTE).
 */
function column(node: ReadNode, name: string): string {
  const computed = node.table.columnMap.has(name) ? undefined : node.table.computed.get(name);
  if (computed) return `${qualifiedName(computed)}(${ident(node.alias)}::${qualifiedName(node.table)})`;
  if (node.table.columns.length && !node.table.columnMap.has(name)) {
    throw new SchemaMiss(400, '42703', `column ${node.sqlName}.${name} does not exist`);
  }
  return `${ident(node.alias)}.${ident(name)}`;
}

/** The pg_type name of a column or computed field. */
const typeOf = (node: ReadNode, name: string) =>
  node.table.columnMap.get(name)?.typeName ?? node.table.computed.get(name)?.returnTypeName;

function fieldSql(b: Binder, node: ReadNode, f: Field): string {
  let sql = column(node, f.name);
  // A JSON path into a column that is not json (an array, a composite) goes through to_jsonb, as PostgREST does.
  const type = typeOf(node, f.name);
  if (f.json.length && type !== undefined && type !== 'json' && type !== 'jsonb') sql = `to_jsonb(${sql})`;
  for (const step of f.json) sql += `${step.arrow}${b.bind(step.key)}::${step.index ? 'int' : 'text'}`;
  return sql;
}

const outputName = (f: Field, alias: string | undefined) =>
  alias ?? (f.json.length ? f.json.at(-1)!.key : f.name);

function castSql(cache: SchemaCache, cast: string): string {
  const normalized = cast.toLowerCase().replace(/\s+/g, ' ');
  if (!cache.typeNames.has(normalized)) throw new RestError(400, '42704', `type "${cast}" does not exist`);
  return normalized;
}

/** Builds a Postgres array literal from list values, as pgBuildArrayLiteral. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/**
 * The embedded resource a filter tests for null (Plan.hs addNullEmbedFilters: `rel=is.null`, `rel=not.is.null`); any
 * other operator on an embed's name names a column, which Postgres then does not find (42703), as PostgREST 14 answers.
 */
function nullEmbed(node: ReadNode, f: Filter): ReadNode | undefined {
  if (f.field.json.length || f.operation.op !== 'is' || f.operation.value !== 'null') return undefined;
  if (node.table.columnMap.has(f.field.name)) return undefined;
  return node.children.find((c) => c.key === f.field.name);
}

function filterSql(b: Binder, node: ReadNode, f: Filter): string {
  const child = nullEmbed(node, f);
  if (child) return `${ident(child.alias)} IS ${f.negate ? '' : 'NOT '}DISTINCT FROM NULL`;
  const lhs = fieldSql(b, node, f.field);
  const op = f.operation;
  const not = f.negate ? 'NOT ' : '';
  const quant = (value: string, q: 'any' | 'all' | undefined) =>
    q === 'any' ? `ANY(${b.bind(value)})` : q === 'all' ? `ALL(${b.bind(value)})` : b.bind(value);
  switch (op.op) {
    case 'eq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
    case 'match':
    case 'imatch': {
      if ((op.op === 'match' || op.op === 'imatch') && regexSize(op.value) > MAX_REGEX_SIZE)
        throw regexTooComplex();
      const sym = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=', match: '~', imatch: '~*' }[op.op];
      return `${not}${lhs} ${sym} ${quant(op.value, op.quant)}`;
    }
    case 'like':
    case 'ilike':
      return `${not}${lhs} ${op.op} ${quant(op.value.replaceAll('*', '%'), op.quant)}`;
    case 'neq':
    case 'cs':
    case 'cd':
    case 'ov':
    case 'sl':
    case 'sr':
    case 'nxr':
    case 'nxl':
    case 'adj': {
      const sym = {
        neq: '<>',
        cs: '@>',
        cd: '<@',
        ov: '&&',
        sl: '<<',
        sr: '>>',
        nxr: '&<',
        nxl: '&>',
        adj: '-|-',
      }[op.op];
      return `${not}${lhs} ${sym} ${b.bind(op.value)}`;
    }
    case 'in':
      if (op.values.length === 1 && op.values[0] === '') return `${not}${lhs} = ANY('{}')`;
      return `${not}${lhs} = ANY(${b.bind(arrayLiteral(op.values))})`;
    case 'is':
      return `${not}${lhs} IS ${{ null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[op.value]}`;
    case 'isdistinct':
      return `${not}${lhs} IS DISTINCT FROM ${b.bind(op.value)}`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = {
        fts: 'to_tsquery',
        plfts: 'plainto_tsquery',
        phfts: 'phraseto_tsquery',
        wfts: 'websearch_to_tsquery',
      }[op.op];
      const lang = op.lang === undefined ? '' : `${b.bind(op.lang)}::regconfig, `;
      const target =
        typeOf(node, f.field.name) === 'tsvector' && f.field.json.length === 0
          ? lhs
          : `to_tsvector(${lang}${lhs})`;
      return `${not}${target} @@ ${fn}(${lang}${b.bind(op.value)})`;
    }
  }
}

function logicSql(b: Binder, node: ReadNode, tree: LogicTree): string {
  if (tree.kind === 'filter') return filterSql(b, node, tree.filter);
  const inner = tree.children.map((c) => logicSql(b, node, c)).join(tree.op === 'and' ? ' AND ' : ' OR ');
  return `${tree.negate ? 'NOT ' : ''}(${inner})`;
}

function joinConditions(node: ReadNode, parentAlias: string): { from: string; conditions: string[] } {
  const rel = node.rel!;
  const me = ident(node.alias);
  const parent = ident(parentAlias);
  const pairs = (a: string, aCols: string[], b: string, bCols: string[]) =>
    aCols.map((c, i) => `${a}.${ident(c)} = ${b}.${ident(bCols[i]!)}`);
  if (rel.kind === 'computed') {
    // PostgREST's fromF: the function of the parent's row, cast to its table in case of overloading.
    return {
      from: `${qualifiedName(rel.routine)}(${parent}::${qualifiedName(rel.from)}) AS ${me}`,
      conditions: [],
    };
  }
  if (rel.kind === 'many-to-many') {
    const j = ident(`${node.alias}_j`);
    return {
      from: `${qualifiedName(node.table)} AS ${me} CROSS JOIN ${qualifiedName(rel.junction)} AS ${j}`,
      conditions: [
        ...pairs(j, rel.fromFk.columns, parent, rel.fromFk.targetColumns),
        ...pairs(j, rel.toFk.columns, me, rel.toFk.targetColumns),
      ],
    };
  }
  const from = `${qualifiedName(node.table)} AS ${me}`;
  return rel.direct
    ? { from, conditions: pairs(me, rel.fk.targetColumns, parent, rel.fk.columns) }
    : { from, conditions: pairs(me, rel.fk.columns, parent, rel.fk.targetColumns) };
}

/** The JSON keys a node contributes to its parent's row (a spread gives its own columns). */
function outputNames(node: ReadNode): string[] {
  const names: string[] = [];
  for (const f of node.fields) {
    if (f.aggregate) names.push(f.alias ?? f.aggregate);
    else if (f.field.name === '*') names.push(...node.table.columns.map((c) => c.name));
    else names.push(outputName(f.field, f.alias));
  }
  for (const c of node.children) {
    if (c.empty) continue;
    if (c.spread) names.push(...outputNames(c));
    else names.push(c.outName);
  }
  return names;
}

/** A to-one spread: its columns join its parent's row, and its aggregates are applied there (hoisted). */
const isToOneSpread = (node: ReadNode) => node.spread && node.rel !== undefined && isToOne(node.rel);

/** The column a hoisted aggregate's input is selected under inside the spread: its alias, else its field's name. */
const hoistedColumn = (f: ReadNode['fields'][number]) =>
  f.alias ?? (f.field.name === '*' ? 'count' : outputName(f.field, undefined));

/** One column a to-one spread gives its parent; `aggregate` when the parent applies it (Plan.hs hoisting). */
interface SpreadColumn {
  column: string;
  aggregate?: { fn: string; cast?: string; name: string };
}

/**
 * The columns of a to-one spread, its own and its nested to-one spreads' (whose aggregates rise with them, up to the
 * first node that is not a to-one spread: PostgREST's hoistSpreadAggFunctions).
 */
function spreadColumns(node: ReadNode): SpreadColumn[] {
  const cols: SpreadColumn[] = [];
  for (const f of node.fields) {
    if (f.aggregate) {
      const name = f.alias ?? f.aggregate;
      cols.push({ column: hoistedColumn(f), aggregate: { fn: f.aggregate, cast: f.aggregateCast, name } });
    } else if (f.field.name === '*') cols.push(...node.table.columns.map((c) => ({ column: c.name })));
    else cols.push({ column: outputName(f.field, f.alias) });
  }
  for (const c of node.children) {
    if (c.empty) continue;
    if (isToOneSpread(c)) cols.push(...spreadColumns(c));
    else if (c.spread) cols.push(...outputNames(c).map((column) => ({ column })));
    else cols.push({ column: c.outName });
  }
  return cols;
}

function orderSql(b: Binder, node: ReadNode): string {
  if (!node.order.length) return '';
  const terms = node.order.map((t) => {
    let expr: string;
    if (t.relation !== undefined) {
      const child = node.children.find((c) => c.key === t.relation);
      if (!child) {
        throw new RestError(
          400,
          'PGRST108',
          `'${t.relation}' is not an embedded resource in this request`,
          null,
          `Verify that '${t.relation}' is included in the 'select' query parameter.`,
        );
      }
      if (!isToOne(child.rel!)) {
        throw new RestError(
          400,
          'PGRST118',
          `A related order on '${child.key}' is not possible`,
          `'${node.table.name}' and '${child.key}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      // A scalar subquery over the same join, so the embed's own selection stays as asked.
      const sub: ReadNode = { ...child, alias: `${child.alias}_o` };
      const { from, conditions } = joinConditions(sub, node.alias);
      expr = `(SELECT ${fieldSql(b, sub, t.field)} FROM ${from} WHERE ${conditions.join(' AND ')})`;
    } else {
      expr = fieldSql(b, node, t.field);
    }
    const dir = t.direction ? ` ${t.direction.toUpperCase()}` : '';
    const nulls = t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : '';
    return `${expr}${dir}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

function rangeSql(b: Binder, range: Range | undefined): string {
  if (!range || (range.offset === 0 && range.limit === undefined)) return '';
  const limit = range.limit === undefined ? 'ALL' : `${b.bind(String(range.limit))}::bigint`;
  return ` LIMIT ${limit} OFFSET ${b.bind(String(range.offset))}::bigint`;
}

/** A node's own filters and logic trees as WHERE terms. */
export function whereTerms(b: Binder, node: ReadNode): string[] {
  return [...node.filters.map((f) => filterSql(b, node, f)), ...node.logic.map((t) => logicSql(b, node, t))];
}

/**
 * SELECT for one node. `from` overrides the FROM item of the top level (a mutation's CTE, a function call);
 * embedded nodes join their parent by their relationship.
 */
export function selectSql(
  cache: SchemaCache,
  b: Binder,
  node: ReadNode,
  opts: { from?: string; parentAlias?: string } = {},
): string {
  const me = ident(node.alias);
  const selects: string[] = [];
  // Aggregates (SqlFragment.hs pgFmtApplyAggregate, groupF): every other selected field and embed is grouped by. A
  // to-one spread's aggregates are applied by its parent (hoisted), so here it selects their inputs only.
  const hoisting = isToOneSpread(node);
  let aggregated = !hoisting && node.fields.some((f) => f.aggregate !== undefined);
  const groupBy: string[] = [];
  for (const f of node.fields) {
    if (f.field.name === '*' && !f.aggregate) {
      const columns = node.table.columns.length
        ? node.table.columns.map((c) => `${me}.${ident(c.name)}`)
        : [`${me}.*`];
      selects.push(columns.join(', '));
      groupBy.push(...columns);
      continue;
    }
    let expr = f.field.name === '*' ? '*' : fieldSql(b, node, f.field);
    if (f.cast) expr = `CAST(${expr} AS ${castSql(cache, f.cast)})`;
    if (f.aggregate && hoisting) {
      // count() counts the rows the spread joined: a constant that is null where none did.
      selects.push(`${f.field.name === '*' ? '1' : expr} AS ${ident(hoistedColumn(f))}`);
      continue;
    }
    if (f.aggregate) {
      expr = `${f.aggregate.toUpperCase()}(${expr})`;
      if (f.aggregateCast) expr = `CAST(${expr} AS ${castSql(cache, f.aggregateCast)})`;
      selects.push(`${expr} AS ${ident(f.alias ?? f.aggregate)}`);
      continue;
    }
    const name = outputName(f.field, f.alias);
    selects.push(`${expr} AS ${ident(name)}`);
    groupBy.push(f.alias !== undefined || f.field.json.length ? ident(name) : expr);
  }
  const joins: string[] = [];
  for (const child of node.children) {
    const childSql = selectSql(cache, b, child, { parentAlias: node.alias });
    const c = ident(child.alias);
    const join = child.inner ? 'INNER JOIN LATERAL' : 'LEFT JOIN LATERAL';
    if (isToOne(child.rel!)) {
      joins.push(`${join} (${childSql}) AS ${c} ON TRUE`);
      if (child.empty) continue;
      if (child.spread) {
        for (const col of spreadColumns(child)) {
          const ref = `${c}.${ident(col.column)}`;
          if (!col.aggregate) {
            selects.push(ref);
            groupBy.push(ref);
          } else if (hoisting) {
            selects.push(ref);
          } else {
            let expr = `${col.aggregate.fn.toUpperCase()}(${ref})`;
            if (col.aggregate.cast) expr = `CAST(${expr} AS ${castSql(cache, col.aggregate.cast)})`;
            selects.push(`${expr} AS ${ident(col.aggregate.name)}`);
            aggregated = true;
          }
        }
      } else {
        selects.push(`row_to_json(${c}.*)::jsonb AS ${ident(child.outName)}`);
        groupBy.push(ident(child.outName));
      }
    } else {
      const spreadCols = child.spread
        ? outputNames(child).map((n) => `, COALESCE(json_agg(${c}.${ident(n)}), '[]')::jsonb AS ${ident(n)}`)
        : [];
      joins.push(
        `${join} (SELECT json_agg(${c})::jsonb AS ${c}${spreadCols.join('')} FROM (${childSql}) AS ${c}) AS ${c} ON ${
          child.inner ? `${c}.${c} IS NOT NULL` : 'TRUE'
        }`,
      );
      if (child.empty) continue;
      if (child.spread) {
        for (const name of outputNames(child)) {
          selects.push(`${c}.${ident(name)}`);
          groupBy.push(`${c}.${ident(name)}`);
        }
      } else {
        selects.push(`COALESCE(${c}.${c}, '[]') AS ${ident(child.outName)}`);
        groupBy.push(ident(child.outName));
      }
    }
  }
  let from: string;
  const where: string[] = [];
  if (opts.parentAlias !== undefined) {
    const j = joinConditions(node, opts.parentAlias);
    from = j.from;
    where.push(...j.conditions);
  } else {
    from = opts.from ?? `${qualifiedName(node.table)} AS ${me}`;
  }
  where.push(...whereTerms(b, node));
  return (
    `SELECT ${selects.length ? selects.join(', ') : 'NULL'} FROM ${from} ${joins.join(' ')}` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    (aggregated && groupBy.length ? ` GROUP BY ${groupBy.join(', ')}` : '') +
    orderSql(b, node) +
    rangeSql(b, node.range)
  );
}

/**
 * The count of the top level without its range (readPlanToCountQuery): its filters, and EXISTS for inner-joined
 * embeds so they still narrow the count.
 */
export function countSql(
  cache: SchemaCache,
  b: Binder,
  node: ReadNode,
  from?: string,
  parentAlias?: string,
): string {
  const me = ident(node.alias);
  const where: string[] = [];
  let fromSql: string;
  if (parentAlias !== undefined) {
    const j = joinConditions(node, parentAlias);
    fromSql = j.from;
    where.push(...j.conditions);
  } else fromSql = from ?? `${qualifiedName(node.table)} AS ${me}`;
  for (const f of node.filters) {
    const child = nullEmbed(node, f);
    if (child) {
      where.push(`${f.negate ? '' : 'NOT '}EXISTS (${countSql(cache, b, child, undefined, node.alias)})`);
    } else where.push(filterSql(b, node, f));
  }
  where.push(...node.logic.map((t) => logicSql(b, node, t)));
  for (const child of node.children) {
    if (child.inner) where.push(`EXISTS (${countSql(cache, b, child, undefined, node.alias)})`);
  }
  return `SELECT 1 FROM ${fromSql}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
}
