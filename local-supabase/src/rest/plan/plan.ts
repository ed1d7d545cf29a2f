import { RestError, aggregatesNotAllowed, invalidBody, tableNotFound } from '../errors.ts';
import type { ApiRequest } from '../request/api-request.ts';
import type { Media, PlanMedia } from '../request/media.ts';
import type { RoutineMedia } from '../schema-cache/schema-cache.ts';
import type { DbConfig } from '../schema-cache/db-config.ts';
import type { QueryParams } from '../request/query-params.ts';
import { type SchemaCache, type Table, isToOne, qualified } from '../schema-cache/schema-cache.ts';
import { type CallPlan, planCall } from './call-plan.ts';
import { negotiate } from './negotiate.ts';
import { isObject, parseJsonBody, payloadColumns, payloadRows } from './payload.ts';
import { type ReadNode, planRead } from './read-plan.ts';

/**
 * The second stage, PostgREST's Plan: what the request will do, decided against the schema cache (which table or
 * function, the read tree, the payload's columns, which checks the transaction makes), with no SQL yet.
 */

export interface Output {
  media: Media;
  stripNulls: boolean;
  /** media `raw`: the function's media type domain, its one value the body. */
  raw?: RoutineMedia;
  /**
   * How the rows become the body: rows, the one row of a function returning a composite, one scalar function
   * result, or the results of a set-returning scalar function.
   */
  shape: 'rows' | 'single' | 'scalar' | 'scalar-set';
}

/** What the transaction checks on the result before it commits (PostgREST's Query.hs fail* guards). */
export interface Checks {
  /** `application/vnd.pgrst.object+json`: exactly one row (PGRST116). */
  singular: boolean;
  /** `Prefer: handling=strict, max-affected=n`: at most n rows (PGRST124). */
  maxAffected?: number;
  /** PUT: the payload's key matched the URL's, so one row was written (PGRST115). */
  putMatched: boolean;
}

interface Base {
  out: Output;
  checks: Checks;
  /** Runs with transaction_read_only on. */
  readOnly: boolean;
  /** The plan media type: EXPLAIN the statement and answer with its plan. */
  explain?: PlanMedia;
}

export type ActionPlan =
  | (Base & { kind: 'read'; table: Table; read: ReadNode; counted: boolean })
  | (Base & {
      kind: 'insert';
      table: Table;
      columns: string[];
      onConflict: string[] | undefined;
      /** The representation read back, or (return=headers-only) the primary key for Location. */
      read?: ReadNode;
      /** return=headers-only: the primary key columns that make the Location. */
      locate?: string[];
      /** PUT: the URL's primary key values. */
      put?: [string, string][];
    })
  | (Base & { kind: 'update'; target: ReadNode; columns: string[]; read?: ReadNode })
  | (Base & { kind: 'delete'; target: ReadNode; read?: ReadNode })
  | (Base & CallPlan);

export function plan(cache: SchemaCache, config: DbConfig, req: ApiRequest): ActionPlan {
  const action = planAction(cache, config, req);
  // Plan.hs validateAggFunctions: aggregates anywhere in the tree need db-aggregates-enabled.
  for (const node of [
    action.kind === 'update' || action.kind === 'delete' ? action.target : undefined,
    action.read,
  ]) {
    if (node && !config.aggregatesEnabled && usesAggregates(node)) throw aggregatesNotAllowed();
    if (node && toManySpreadAggregates(node)) {
      throw new RestError(
        400,
        'PGRST127',
        'Feature not implemented',
        'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      );
    }
  }
  return action;
}

const usesAggregates = (node: ReadNode): boolean =>
  node.fields.some((f) => f.aggregate !== undefined) || node.children.some(usesAggregates);

/** Aggregates a to-one spread would hoist: its own and its nested to-one spreads'. */
const spreadAggregates = (node: ReadNode): boolean =>
  node.fields.some((f) => f.aggregate !== undefined) ||
  node.children.some((c) => c.spread && isToOne(c.rel!) && spreadAggregates(c));

/** Plan.hs addToManyOrderSelects: a to-many spread cannot aggregate (PGRST127). */
const toManySpreadAggregates = (node: ReadNode): boolean =>
  (node.spread && !isToOne(node.rel!) && spreadAggregates(node)) ||
  node.children.some(toManySpreadAggregates);

function planAction(cache: SchemaCache, config: DbConfig, req: ApiRequest): ActionPlan {
  if (req.target.kind === 'rpc') return planCall(cache, config, req, req.target.name);
  const table = cache.tables.get(qualified(req.schema, req.target.name));
  if (!table) throw tableNotFound(req.schema, req.target.name);
  const q = req.query;
  const { plan: explain, ...accepted } = negotiate(req.accept, config.planEnabled, undefined);
  const out: Output = { ...accepted, shape: 'rows' };
  const representation = req.prefs.return === 'representation';
  if (req.read) {
    return {
      kind: 'read',
      table,
      read: planRead(cache, table, q, req.top),
      counted: req.prefs.count !== undefined,
      out,
      checks: { singular: out.media === 'object', putMatched: false },
      readOnly: true,
      explain,
    };
  }
  const checks: Checks = {
    singular: representation && out.media === 'object',
    maxAffected:
      req.prefs.handling === 'strict' && req.method !== 'POST' && req.method !== 'PUT'
        ? req.prefs.maxAffected
        : undefined,
    putMatched: false,
  };
  const base = { out, checks, readOnly: false, explain };
  const readBack = (): ReadNode | undefined => {
    if (!representation) return undefined;
    const node = planRead(cache, table, q, { offset: 0 });
    node.filters = [];
    node.logic = [];
    return node;
  };
  switch (req.method) {
    case 'PUT':
      return planPut(req, table, { ...base, checks: { ...checks, putMatched: true } }, readBack());
    case 'POST': {
      const rows = payloadRows(parseJsonBody(req.body));
      const columns = payloadColumns(table, rows, q.columns);
      const onConflict = q.onConflict ?? (table.primaryKey.length ? table.primaryKey : undefined);
      for (const c of onConflict ?? []) {
        if (!table.columnMap.has(c)) throw new RestError(400, '42703', `column "${c}" does not exist`);
      }
      // return=headers-only reads back the primary key of the first row for Location (PostgREST's locationF).
      const pk = table.primaryKey;
      if (req.prefs.return === 'headers-only' && pk.length > 0) {
        const node = planRead(
          cache,
          table,
          { ...q, select: [], filters: [], logic: [], order: [] },
          { offset: 0 },
        );
        node.fields = pk.map((c) => ({ kind: 'field', field: { name: c, json: [] } }));
        return {
          kind: 'insert',
          table,
          columns,
          onConflict,
          read: node,
          locate: pk,
          ...base,
          out: { media: 'json', stripNulls: false, shape: 'rows' },
        };
      }
      return { kind: 'insert', table, columns, onConflict, read: readBack(), ...base };
    }
    case 'PATCH': {
      const value = parseJsonBody(req.body);
      if (!isObject(value)) throw invalidBody('All object keys must match');
      const columns = payloadColumns(table, [value], q.columns);
      return {
        kind: 'update',
        target: planRead(cache, table, q, { offset: 0 }),
        columns,
        read: readBack(),
        ...base,
      };
    }
    default:
      return { kind: 'delete', target: planRead(cache, table, q, { offset: 0 }), read: readBack(), ...base };
  }
}

/**
 * PUT: an upsert of the one row the URL names by its whole primary key with `eq` filters (PGRST105 otherwise), whose
 * payload must carry the same key values (PGRST115, nothing written otherwise); no limit or offset (PGRST114).
 */
function planPut(req: ApiRequest, table: Table, base: Base, read: ReadNode | undefined): ActionPlan {
  const q: QueryParams = req.query;
  const root = q.filters.filter((f) => f.path.length === 0);
  const keyFilters = root.map(({ filter: f }) =>
    f.operation.op === 'eq' && !f.negate && !f.operation.quant && !f.field.json.length
      ? ([f.field.name, f.operation.value] as [string, string])
      : undefined,
  );
  const pk = table.primaryKey;
  const names = new Set(root.map((f) => f.filter.field.name));
  if (
    q.logic.some((l) => l.path.length === 0) ||
    !pk.length ||
    names.size !== pk.length ||
    !pk.every((c) => names.has(c)) ||
    keyFilters.some((k) => k === undefined)
  ) {
    throw new RestError(
      405,
      'PGRST105',
      "Filters must include all and only primary key columns with 'eq' operators",
    );
  }
  if (q.ranges.has('')) {
    throw new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  }
  const rows = payloadRows(parseJsonBody(req.body));
  const columns = payloadColumns(table, rows, q.columns);
  return {
    kind: 'insert',
    table,
    columns,
    onConflict: pk,
    read,
    put: keyFilters as [string, string][],
    ...base,
  };
}
