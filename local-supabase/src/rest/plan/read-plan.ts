import { RestError, SchemaMiss } from '../errors.ts';
import type {
  Filter,
  LogicTree,
  OrderTerm,
  QueryParams,
  Range,
  SelectItem,
} from '../request/query-params.ts';
import {
  type Relationship,
  type SchemaCache,
  type Table,
  relationshipsFrom,
} from '../schema-cache/schema-cache.ts';

/**
 * PostgREST's ReadPlan: the tree of resources a `select` names, each embed with the relationship it goes through,
 * and each filter, order and range hung on the node it belongs to. The SQL comes later (query/read-sql.ts).
 */

export interface ReadNode {
  table: Table;
  /** The SQL alias: t0 for the top level, t1, t2, … for embeds. */
  alias: string;
  /** The name filters, orders and limits use for it: its alias if it has one, else the relation name. */
  key: string;
  /** The JSON key it appears under. */
  outName: string;
  rel?: Relationship;
  inner: boolean;
  spread: boolean;
  fields: Extract<SelectItem, { kind: 'field' }>[];
  /** `rel()`: joined for filtering, but nothing selected. */
  empty: boolean;
  children: ReadNode[];
  filters: Filter[];
  logic: LogicTree[];
  order: OrderTerm[];
  range?: Range;
}

/** PostgREST's PGRST200 (no relationship) and PGRST201 (more than one). */
function noRelationship(from: Table, name: string, hint: string | undefined): RestError {
  return new SchemaMiss(
    400,
    'PGRST200',
    `Could not find a relationship between '${from.name}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${from.name}' and '${name}${
      hint === undefined ? '' : `' using the hint '${hint}`
    }' in the schema '${from.schema}', but no matches were found.`,
    null,
  );
}

function describeRel(rel: Relationship): Record<string, string> {
  const cols = (c: string[]) => `(${c.join(', ')})`;
  if (rel.kind === 'many-to-many') {
    return {
      cardinality: 'many-to-many',
      embedding: `${rel.from.name} with ${rel.to.name}`,
      relationship: `${rel.junction.name} using ${rel.fromFk.name}${cols(rel.fromFk.columns)} and ${rel.toFk.name}${cols(rel.toFk.columns)}`,
    };
  }
  const [left, right] = rel.direct
    ? [rel.fk.columns, rel.fk.targetColumns]
    : [rel.fk.targetColumns, rel.fk.columns];
  return {
    cardinality: rel.kind,
    embedding: `${rel.from.name} with ${rel.to.name}`,
    relationship: `${rel.fk.name} using ${rel.from.name}${cols(left)} and ${rel.to.name}${cols(right)}`,
  };
}

function ambiguous(from: Table, name: string, rels: Relationship[]): RestError {
  const hints = rels.map((r) => `'${r.to.name}!${r.kind === 'many-to-many' ? r.junction.name : r.fk.name}'`);
  return new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from.name}' and '${name}'`,
    rels.map(describeRel),
    `Try changing '${name}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

export function resolveRelationship(
  cache: SchemaCache,
  from: Table,
  name: string,
  hint: string | undefined,
): Relationship {
  const byName = relationshipsFrom(cache, from).filter((r) => {
    if (r.to.name === name) return true;
    if (r.kind === 'many-to-many') return false;
    if (r.fk.name === name) return true;
    return r.direct && r.fk.columns.length === 1 && r.fk.columns[0] === name;
  });
  const matches =
    hint === undefined
      ? byName
      : byName.filter((r) =>
          r.kind === 'many-to-many'
            ? r.junction.name === hint || r.fromFk.name === hint || r.toFk.name === hint
            : r.fk.name === hint || r.fk.columns.includes(hint) || r.fk.targetColumns.includes(hint),
        );
  if (matches.length === 0) throw noRelationship(from, name, hint);
  if (matches.length > 1) throw ambiguous(from, name, matches);
  return matches[0]!;
}

const MAX_EMBEDS = 100;

/** Builds the resource tree of `select`, then hangs each filter, logic tree, order and range on its node. */
export function planRead(cache: SchemaCache, table: Table, q: QueryParams, topRange: Range): ReadNode {
  let counter = 0;
  const build = (
    t: Table,
    items: SelectItem[],
    info: Pick<ReadNode, 'key' | 'outName' | 'inner' | 'spread' | 'rel'>,
  ): ReadNode => {
    const node: ReadNode = {
      table: t,
      alias: `t${counter++}`,
      ...info,
      fields: [],
      empty: items.length === 0 && info.rel !== undefined,
      children: [],
      filters: [],
      logic: [],
      order: [],
    };
    for (const item of items) {
      if (item.kind === 'field') node.fields.push(item);
      else {
        // Postgres runs out of PGlite's memory planning several hundred lateral joins (53200).
        if (counter > MAX_EMBEDS) {
          throw new RestError(400, '54000', `A request may embed at most ${MAX_EMBEDS} resources`);
        }
        const rel = resolveRelationship(cache, t, item.name, item.hint);
        node.children.push(
          build(rel.to, item.children, {
            key: item.alias ?? item.name,
            outName: item.alias ?? item.name,
            inner: item.inner,
            spread: item.spread,
            rel,
          }),
        );
      }
    }
    if (items.length === 0 && !info.rel) node.fields.push({ kind: 'field', field: { name: '*', json: [] } });
    return node;
  };
  const root = build(table, q.select, { key: '', outName: '', inner: false, spread: false });
  const find = (path: string[]): ReadNode => {
    let node = root;
    for (const name of path) {
      const child = node.children.find((c) => c.key === name);
      if (!child) {
        const aliased = node.children.find((c) => c.rel && c.rel.to.name === name && c.key !== name);
        throw new RestError(
          400,
          'PGRST108',
          `'${name}' is not an embedded resource in this request`,
          aliased ? 'Target names are not allowed in filters if they have an alias' : null,
          aliased
            ? `Change '${name}' to '${aliased.key}' in filters, orders or limits.`
            : `Verify that '${name}' is included in the 'select' query parameter.`,
        );
      }
      node = child;
    }
    return node;
  };
  for (const { path, filter } of q.filters) find(path).filters.push(filter);
  for (const { path, tree } of q.logic) find(path).logic.push(tree);
  for (const { path, terms } of q.order) find(path).order.push(...terms);
  for (const [key, range] of q.ranges) if (key !== '') find(key.split('.')).range = range;
  root.range = topRange;
  return root;
}
