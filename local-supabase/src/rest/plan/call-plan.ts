import { RestError, SchemaMiss, invalidBody } from '../errors.ts';
import type { ApiRequest } from '../request/api-request.ts';
import { type Routine, type SchemaCache, type Table, qualified } from '../schema-cache/schema-cache.ts';
import { isObject, parseJsonBody } from './payload.ts';
import type { ActionPlan, Output } from './plan.ts';
import { type ReadNode, planRead } from './read-plan.ts';

/** PostgREST's CallPlan: which function a `rpc/` request calls, with which arguments, read as which resource. */

export interface CallArgs {
  /** POST: the JSON object (bound once, read with jsonb_to_record) and the parameters it names. */
  json?: { text: string; names: string[] };
  /** POST to a function with one unnamed parameter: the whole body. */
  single?: string;
  /** GET: text values by name. */
  text?: [string, string][];
}

export interface CallPlan {
  kind: 'call';
  routine: Routine;
  read: ReadNode;
  args: CallArgs;
  counted: boolean;
}

/** PostgREST's findProc: the overload whose parameter names fit the arguments (or one unnamed json parameter). */
function findRoutine(candidates: Routine[], names: string[], post: boolean): Routine[] {
  const named = candidates.filter(
    (r) =>
      r.params.every((p) => p.hasDefault || names.includes(p.name)) &&
      names.every((n) => r.params.some((p) => p.name === n)),
  );
  if (named.length || !post) return named;
  return candidates.filter(
    (r) => r.params.length === 1 && r.params[0]!.name === '' && ['json', 'jsonb'].includes(r.params[0]!.type),
  );
}

export function planCall(cache: SchemaCache, req: ApiRequest, fn: string): ActionPlan {
  const post = req.method === 'POST';
  const q = req.query;
  let args: CallArgs;
  let names: string[];
  let body: unknown;
  if (post) {
    body = req.body.trim() === '' ? {} : parseJsonBody(req.body);
    names = isObject(body) ? Object.keys(body).sort() : [];
    args = { json: { text: req.body.trim() === '' ? '{}' : req.body, names } };
  } else {
    names = q.rpcArgs.map(([k]) => k).sort();
    args = { text: q.rpcArgs };
  }
  const matches = findRoutine(cache.routines.get(qualified(req.schema, fn)) ?? [], names, post);
  const func = `${req.schema}.${fn}`;
  if (!matches.length) {
    const listed = names.length ? `(${names.join(', ')})` : ' without parameters';
    const searched = names.length
      ? ` with parameter${names.length > 1 ? 's' : ''} ${names.join(', ')}`
      : ' without parameters';
    throw new SchemaMiss(
      404,
      'PGRST202',
      `Could not find the function ${func}${listed} in the schema cache`,
      `Searched for the function ${func}${searched}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    );
  }
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches
        .map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`)
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const routine = matches[0]!;
  if (post && !isObject(body) && !(routine.params.length === 1 && routine.params[0]!.name === '')) {
    throw invalidBody('Empty or invalid json');
  }
  if (routine.params.length === 1 && routine.params[0]!.name === '' && post) args = { single: req.body };
  const composite = routine.returns === 'composite';
  const out: Output = {
    ...req.accepted,
    shape: composite
      ? routine.returnsSet
        ? 'rows'
        : 'single'
      : routine.returnsSet
        ? 'scalar-set'
        : 'scalar',
  };
  const table: Table = composite
    ? routine.returnTable!
    : {
        schema: routine.schema,
        name: routine.name,
        kind: 'table',
        columns: [
          { name: 'pgrst_scalar', type: 'unknown', typeName: 'unknown', nullable: true, default: null },
        ],
        columnMap: new Map(),
        primaryKey: [],
        uniqueKeys: [],
        computed: new Map(),
      };
  if (!table.columnMap.size) for (const c of table.columns) table.columnMap.set(c.name, c);
  const read = planRead(cache, table, composite ? q : { ...q, select: [] }, req.top);
  return {
    kind: 'call',
    routine,
    read,
    args,
    counted: req.prefs.count !== undefined,
    out,
    checks: {
      singular: out.media === 'object' && routine.returns !== 'void',
      // MainTx.hs: a call counts the rows it returns against max-affected, as an update does.
      maxAffected: req.prefs.handling === 'strict' ? req.prefs.maxAffected : undefined,
      putMatched: false,
    },
    readOnly: !post || routine.volatility !== 'volatile',
  };
}
