import { RestError, SchemaMiss, invalidBody } from '../errors.ts';
import type { ApiRequest } from '../request/api-request.ts';
import type { ContentMedia } from '../request/media.ts';
import type { DbConfig } from '../schema-cache/db-config.ts';
import { type Routine, type SchemaCache, type Table, qualified } from '../schema-cache/schema-cache.ts';
import { isObject, parseJsonBody } from './payload.ts';
import { negotiate } from './negotiate.ts';
import type { ActionPlan, Output } from './plan.ts';
import { type ReadNode, planRead } from './read-plan.ts';

/** PostgREST's CallPlan: which function a `rpc/` request calls, with which arguments, read as which resource. */

export interface CallArgs {
  /** POST: the JSON object (bound once, read with jsonb_to_record) and the parameters it names. */
  json?: { text: string; names: string[] };
  /** POST to a function with one unnamed parameter: the whole body (JSON, text, XML, or a bytea literal). */
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

/** The Content-Type that reaches a function's one unnamed parameter of each type (Plan.hs hasSingleUnnamedParam). */
const UNNAMED: Record<string, ContentMedia> = {
  json: 'json',
  jsonb: 'json',
  text: 'text',
  xml: 'xml',
  bytea: 'octet',
};

/**
 * PostgREST's findProc: the overloads whose parameter names fit the arguments (a function without parameters not
 * for a raw body); only when none does, the ones whose one unnamed parameter takes the body's Content-Type.
 */
function findRoutine(
  candidates: Routine[],
  names: string[],
  post: boolean,
  content: ContentMedia,
): Routine[] {
  const raw = post && (content === 'text' || content === 'xml' || content === 'octet');
  const named = candidates.filter((r) =>
    r.params.length === 0
      ? names.length === 0 && !raw
      : r.params.every((p) => p.hasDefault || names.includes(p.name)) &&
        names.every((n) => r.params.some((p) => p.name === n)),
  );
  if (named.length || !post) return named;
  return candidates.filter(
    (r) => r.params.length === 1 && r.params[0]!.name === '' && UNNAMED[r.params[0]!.type] === content,
  );
}

/** PGRST202's details: what was searched for, by the body's Content-Type (Error.hs NoRpc). */
function searched(names: string[], post: boolean, content: ContentMedia): string {
  if (post && (content === 'text' || content === 'xml' || content === 'octet'))
    return ` with a single unnamed ${content === 'octet' ? 'bytea' : content} parameter`;
  const params = names.length
    ? ` with parameter${names.length > 1 ? 's' : ''} ${names.join(', ')}`
    : ' without parameters';
  return post && content === 'json' ? `${params} or with a single unnamed json/jsonb parameter` : params;
}

export function planCall(cache: SchemaCache, config: DbConfig, req: ApiRequest, fn: string): ActionPlan {
  const post = req.method === 'POST';
  const q = req.query;
  const raw = req.content === 'text' || req.content === 'xml' || req.content === 'octet';
  let args: CallArgs;
  let names: string[];
  let body: unknown;
  if (post && raw) {
    // A raw body names no parameter: it reaches a function's one unnamed parameter, or none at all.
    names = [];
    args = { single: req.body };
  } else if (post) {
    body = req.body.trim() === '' ? {} : parseJsonBody(req.body);
    names = isObject(body) ? Object.keys(body).sort() : [];
    args = { json: { text: req.body.trim() === '' ? '{}' : req.body, names } };
  } else {
    names = q.rpcArgs.map(([k]) => k).sort();
    args = { text: q.rpcArgs };
  }
  const matches = findRoutine(cache.routines.get(qualified(req.schema, fn)) ?? [], names, post, req.content);
  const func = `${req.schema}.${fn}`;
  if (!matches.length) {
    const listed = post && raw ? '' : names.length ? `(${names.join(', ')})` : ' without parameters';
    throw new SchemaMiss(
      404,
      'PGRST202',
      `Could not find the function ${func}${listed} in the schema cache`,
      `Searched for the function ${func}${searched(names, post, req.content)}, but no matches were found in the schema cache.`,
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
  const unnamed = routine.params.length === 1 && routine.params[0]!.name === '';
  if (post && !raw && !isObject(body) && !unnamed) throw invalidBody('Empty or invalid json');
  if (unnamed && post) args = { single: req.body };
  else if (raw) args = {};
  // A media type domain answers only for the default select (Plan.hs hasDefaultSelect).
  const defaultSelect =
    q.select.length === 1 &&
    q.select[0]!.kind === 'field' &&
    q.select[0]!.field.name === '*' &&
    !q.select[0]!.aggregate;
  const { plan: explain, ...accepted } = negotiate(
    req.accept,
    config.planEnabled,
    defaultSelect ? routine.media : undefined,
  );
  const composite = routine.returns === 'composite';
  const out: Output = {
    ...accepted,
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
    explain,
  };
}
