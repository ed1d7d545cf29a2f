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
  /** The SQL alias: t0 for the top level, `<parent>_<alias or name>_<depth>` for embeds (PostgREST's relAggAlias). */
  alias: string;
  /**
   * What PostgREST's SQL calls the relation (its fromAlias): the table's name at the top level and through a
   * junction, `<table>_<depth>` for other embeds. Postgres names it in errors about its columns (42703).
   */
  sqlName: string;
  /** The name the select gave it (a relation, foreign key, column or function name). */
  name: string;
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

/** PostgREST's compressedRel: one entry of PGRST201's details (empty for a computed relationship). */
function describeRel(rel: Relationship): Record<string, string> {
  const cols = (c: string[]) => `(${c.join(', ')})`;
  if (rel.kind === 'computed') return {};
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
  const hints = rels.flatMap((r) =>
    r.kind === 'computed'
      ? []
      : [`'${r.to.name}!${r.kind === 'many-to-many' ? r.junction.name : r.fk.name}'`],
  );
  return new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from.name}' and '${name}'`,
    rels.map(describeRel),
    `Try changing '${name}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

/** The origin's and the target's columns of a one-column foreign key relationship, as PostgREST pairs them. */
function singleColumns(rel: Relationship): [string, string] | undefined {
  if (rel.kind === 'many-to-many' || rel.kind === 'computed' || rel.fk.columns.length !== 1) return undefined;
  return rel.direct
    ? [rel.fk.columns[0]!, rel.fk.targetColumns[0]!]
    : [rel.fk.targetColumns[0]!, rel.fk.columns[0]!];
}

/**
 * PostgREST's findRel: the relationship an embed `name!hint` names. Without a hint the name is the target
 * relation, or (not for views) a foreign key's name or its one column; with a hint the name is the relation and the
 * hint a foreign key, one of its columns on either side, or a many-to-many junction. On a self-referencing table
 * the relation's name means its children (one-to-many), a column name its parent (many-to-one), and a hint the
 * column that points back.
 */
export function resolveRelationship(
  cache: SchemaCache,
  from: Table,
  name: string,
  hint: string | undefined,
): Relationship {
  const matches = relationshipsFrom(cache, from).filter((r) => {
    if (r.kind === 'computed') return r.routine.name === name;
    const single = singleColumns(r);
    const constraint = r.kind === 'many-to-many' ? undefined : r.fk.name;
    const self = r.kind === 'many-to-many' ? r.from === r.to : r.self;
    if (self) {
      if (hint === undefined) {
        return (
          (r.to.name === name && r.kind === 'one-to-many') ||
          (single?.[0] === name && r.kind === 'many-to-one')
        );
      }
      return r.to.name === name && r.kind === 'one-to-many' && single?.[1] === hint;
    }
    if (hint === undefined) {
      return r.to.name === name || (r.to.kind !== 'view' && (constraint === name || single?.[0] === name));
    }
    return (
      r.to.name === name &&
      (constraint === hint ||
        single?.[0] === hint ||
        single?.[1] === hint ||
        (r.kind === 'many-to-many' && r.junction.name === hint))
    );
  });
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
    info: Pick<ReadNode, 'name' | 'sqlName' | 'key' | 'outName' | 'inner' | 'spread' | 'rel'>,
    alias: string,
    depth: number,
  ): ReadNode => {
    counter++;
    const node: ReadNode = {
      table: t,
      alias,
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
        const key = item.alias ?? item.name;
        // PostgREST's aggregate alias: two embeds under one name clash in Postgres (42712), as there.
        node.children.push(
          build(
            rel.to,
            item.children,
            {
              name: item.name,
              sqlName: rel.kind === 'many-to-many' ? rel.to.name : `${rel.to.name}_${depth + 1}`,
              key,
              outName: key,
              inner: item.inner,
              spread: item.spread,
              rel,
            },
            `${t.name}_${key}_${depth + 1}`,
            depth + 1,
          ),
        );
      }
    }
    if (items.length === 0 && !info.rel) node.fields.push({ kind: 'field', field: { name: '*', json: [] } });
    return node;
  };
  const root = build(
    table,
    q.select,
    { name: table.name, sqlName: table.name, key: '', outName: '', inner: false, spread: false },
    't0',
    0,
  );
  // PostgREST 14's updateNode: an embed is found by its name or its alias.
  const find = (path: string[]): ReadNode => {
    let node = root;
    for (const name of path) {
      const child = node.children.find((c) => c.name === name || c.key === name);
      if (!child) {
        throw new RestError(
          400,
          'PGRST108',
          `'${name}' is not an embedded resource in this request`,
          null,
          `Verify that '${name}' is included in the 'select' query parameter.`,
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
