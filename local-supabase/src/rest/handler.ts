import { readTextUpTo } from '../body-text.ts';
import type { ApiConfig } from '../config/api.ts';
import type { SigningKey } from '../crypto/keys.ts';
import type { Database, Sql } from '../db/database.ts';
import { GatewayError, type RequestAuth, authenticate } from './auth.ts';
import {
  type PgErrorFields,
  RestError,
  SchemaMiss,
  fromPgError,
  invalidBody,
  singularity,
  tableNotFound,
  unacceptableSchema,
} from './errors.ts';
import {
  type Preferences,
  contentRange,
  intersectRanges,
  parsePreferences,
  parseRangeHeader,
  preferenceApplied,
} from './preferences.ts';
import { type QueryParams, type Range, parseQuery } from './query-params.ts';
import { type ReadNode, ident, planRead } from './read-plan.ts';
import { type Routine, type SchemaCache, type Table, loadSchemaCache, qualified } from './schema-cache.ts';
import {
  type CallArgs,
  type Media,
  type Output,
  type Statement,
  callStatement,
  deleteStatement,
  insertStatement,
  payloadColumns,
  readStatement,
  updateStatement,
} from './statements.ts';

const MAX_CONTENT_LOCATION = 4096;

/** Bodies above this are refused with 413 before they are parsed. */
export const REST_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The schema cache, loaded once and again on a miss (an unknown table, function or relationship). */
export class SchemaCacheStore {
  private current: Promise<SchemaCache> | undefined;
  private readonly db: Database;
  private readonly schemas: readonly string[];
  constructor(db: Database, schemas: readonly string[]) {
    this.db = db;
    this.schemas = schemas;
  }
  get(): Promise<SchemaCache> {
    return (this.current ??= loadSchemaCache(this.db.sql, this.schemas));
  }
  /** Reloads, sharing one load between concurrent callers. */
  reload(stale?: SchemaCache): Promise<SchemaCache> {
    const current = this.current;
    if (current && stale) {
      return current.then((c) =>
        c === stale ? (this.current = loadSchemaCache(this.db.sql, this.schemas)) : c,
      );
    }
    return (this.current = loadSchemaCache(this.db.sql, this.schemas));
  }
}

export interface RestState {
  db: Database;
  key: SigningKey;
  api: ApiConfig;
  cache: SchemaCacheStore;
}

// Every bind value is text, sent as Postgres' unknown type so the server infers it from where it is used (as
// PostgREST's unknownEncoder). PGlite would otherwise run its own serializer for the inferred type, which refuses
// e.g. a boolean column's 'maybe' with a JavaScript error instead of Postgres' 22P02.
const AS_TEXT = {
  serializers: new Proxy({} as Record<number, (v: unknown) => string>, {
    get: () => (v: unknown) => String(v),
  }),
};

interface ResultRow {
  total: string | null;
  page: string;
  body: string | null;
  inserted?: string | null;
  response_headers: string | null;
  response_status: string | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

function answer(status: number, body: string | null, headers: Record<string, string>): Response {
  return new Response(body, { status, headers });
}

/**
 * The answer, with what the statement's functions set in response.status and response.headers (PostgREST's
 * overrideStatusHeaders: their headers replace the ones of the same name).
 */
function answerRow(
  row: ResultRow,
  status: number,
  body: string | null,
  headers: Record<string, string>,
): Response {
  let finalStatus = status;
  if (row.response_status !== null) {
    const n = /^\d+$/.test(row.response_status.trim()) ? Number(row.response_status.trim()) : NaN;
    if (!(n >= 100 && n <= 599)) {
      throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code');
    }
    finalStatus = n;
  }
  const merged = { ...headers };
  if (row.response_headers !== null) {
    let list: unknown;
    try {
      list = JSON.parse(row.response_headers);
    } catch {
      list = undefined;
    }
    const valid =
      Array.isArray(list) &&
      list.every(
        (h) => isObject(h) && Object.keys(h).length === 1 && typeof Object.values(h)[0] === 'string',
      );
    if (!valid) {
      throw new RestError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      );
    }
    for (const h of list as Record<string, string>[]) {
      const [name, value] = Object.entries(h)[0]!;
      for (const k of Object.keys(merged)) if (k.toLowerCase() === name.toLowerCase()) delete merged[k];
      merged[name] = value;
    }
  }
  return answer(finalStatus, body, merged);
}

function errorResponse(err: RestError): Response {
  return answer(err.status, err.body(), { 'Content-Type': JSON_TYPE, ...err.headers });
}

/** Accept negotiation (PostgREST's MediaType): JSON arrays, a single object, or CSV. */
function negotiate(accept: string | null): { media: Media; stripNulls: boolean } {
  if (!accept || !accept.trim()) return { media: 'json', stripNulls: false };
  const offered = accept.split(',').map((a) => a.trim());
  for (const item of offered) {
    const [type = '', ...params] = item.split(';').map((p) => p.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/json' || type === 'application/*' || type === '*/*' || type === '') {
      return { media: 'json', stripNulls: false };
    }
    if (type === 'application/vnd.pgrst.array+json') return { media: 'json', stripNulls };
    if (type === 'application/vnd.pgrst.object+json') return { media: 'object', stripNulls };
    if (type === 'text/csv') return { media: 'csv', stripNulls: false };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}

const CONTENT_TYPES: Record<Media, string> = {
  json: JSON_TYPE,
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Accept-Profile (reads) or Content-Profile (writes) picks one of `[api] schemas`; the first by default. */
function pickSchema(api: ApiConfig, request: Request, read: boolean): string {
  const header = request.headers.get(read ? 'accept-profile' : 'content-profile');
  if (header === null) return api.schemas[0] ?? 'public';
  if (!api.schemas.includes(header)) throw unacceptableSchema(header, api.schemas);
  return header;
}

async function readBody(request: Request): Promise<string> {
  const text = await readTextUpTo(request, REST_MAX_BODY_BYTES);
  if (text === undefined) throw new BodyTooLarge();
  return text;
}

class BodyTooLarge extends Error {}

function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw invalidBody('Empty or invalid json');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** The rows of a write: one object or an array of objects. */
function payloadRows(value: unknown): Record<string, unknown>[] {
  if (isObject(value)) return [value];
  if (Array.isArray(value) && value.every(isObject)) return value;
  throw invalidBody('All object keys must match');
}

function lookupTable(cache: SchemaCache, schema: string, name: string): Table {
  const table = cache.tables.get(qualified(schema, name));
  if (!table) throw tableNotFound(schema, name);
  return table;
}

/** Deeper JSON or array values exhaust PGlite's stack inside Postgres' parsers (XX000 "bad buffer ID"), not a clean error. */
const MAX_NESTING = 1000;

/** How deeply brackets nest in a value, outside double-quoted strings. */
function nesting(value: string): number {
  let depth = 0;
  let max = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    if (quoted) {
      if (ch === 92) i++;
      else if (ch === 34) quoted = false;
    } else if (ch === 34) quoted = true;
    else if (ch === 91 || ch === 123 || ch === 40) max = Math.max(max, ++depth);
    else if (ch === 93 || ch === 125 || ch === 41) depth--;
  }
  return max;
}

/** Runs one statement in one transaction as the request's role, with PostgREST's request settings. */
async function run(
  state: RestState,
  cache: SchemaCache,
  ctx: RequestContext,
  readOnly: boolean,
  stmt: Statement,
  check?: (row: ResultRow) => void,
): Promise<ResultRow> {
  if (stmt.values.some((v) => nesting(v) > MAX_NESTING)) {
    throw new RestError(
      400,
      '54001',
      'stack depth limit exceeded',
      `A value nested more than ${MAX_NESTING} levels deep was refused before it reached the database.`,
    );
  }
  try {
    return await state.db.tx(async (sql: Sql) => {
      const settings: [string, string][] = [
        // Going read-only is allowed at any point of a transaction: one round trip fewer than SET TRANSACTION.
        ...(readOnly ? ([['transaction_read_only', 'on']] as [string, string][]) : []),
        ['role', ctx.auth.role],
        ['request.jwt.claims', JSON.stringify(ctx.auth.claims)],
        ['request.method', ctx.method],
        ['request.path', ctx.path],
        ['request.headers', JSON.stringify(Object.fromEntries(ctx.request.headers))],
        ['search_path', [ctx.schema, ...state.api.extraSearchPath].map(ident).join(', ')],
        ...(cache.roleSettings.get(ctx.auth.role) ?? []),
        ...(ctx.prefs.timezone ? ([['timezone', ctx.prefs.timezone]] as [string, string][]) : []),
      ];
      const b: string[] = [];
      const calls = settings.map(([k, v]) => {
        b.push(k, v);
        return `set_config($${b.length - 1}, $${b.length}, true)`;
      });
      await sql.query(`SELECT ${calls.join(', ')}`, b, AS_TEXT);
      const res = await sql.query<ResultRow>(stmt.sql, stmt.values, AS_TEXT);
      const row = res.rows[0]!;
      check?.(row);
      return row;
    });
  } catch (err) {
    if (err instanceof RestError) throw err;
    if (
      err &&
      typeof err === 'object' &&
      'code' in err &&
      typeof (err as PgErrorFields).message === 'string'
    ) {
      throw fromPgError(err as PgErrorFields, ctx.auth.authenticated);
    }
    throw err;
  }
}

interface RequestContext {
  request: Request;
  url: URL;
  method: string;
  path: string;
  schema: string;
  auth: RequestAuth;
  prefs: Preferences;
  /** The request body, read once (so a retry after a schema reload can read it again). */
  body: string;
}

/** The status and Content-Range of a read (RangeQuery.rangeStatusHeader), 416 past the end. */
function rangeStatus(
  range: Range,
  page: number,
  total: number | undefined,
): { status: number; range: string } {
  const lower = range.offset;
  const upper = lower + page - 1;
  let status = 200;
  if (total !== undefined) {
    if (lower > total) status = 416;
    else if (1 + upper - lower < total) status = 206;
  }
  return { status, range: contentRange(lower, upper, total) };
}

function readResponse(
  ctx: RequestContext,
  out: Output,
  top: Range,
  row: ResultRow,
  counted: boolean,
  schemaHeader: Record<string, string>,
  extra: Record<string, string> = {},
): Response {
  const page = Number(row.page);
  const total = counted && row.total !== null ? Number(row.total) : undefined;
  const { status, range } = rangeStatus(top, page, total);
  const applied = preferenceApplied({
    count: ctx.prefs.count,
    handling: ctx.prefs.handling,
    timezone: ctx.prefs.timezone,
  });
  const headers: Record<string, string> = {
    'Content-Range': range,
    'Content-Type': CONTENT_TYPES[out.media],
    ...schemaHeader,
    ...(applied ? { 'Preference-Applied': applied } : {}),
    ...extra,
  };
  if (status === 416) {
    const err = new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${top.offset} was requested, but there are only ${total ?? 0} rows.`,
    );
    return answer(416, err.body(), { ...headers, 'Content-Type': JSON_TYPE });
  }
  return answerRow(row, status, ctx.method === 'HEAD' ? null : row.body, headers);
}

/** PostgREST names the schema in Content-Profile when more than one is exposed. */
function profileHeader(state: RestState, ctx: RequestContext): Record<string, string> {
  return state.api.schemas.length > 1 ? { 'Content-Profile': ctx.schema } : {};
}

function topRange(state: RestState, ctx: RequestContext, q: QueryParams): Range {
  const header =
    ctx.method === 'GET' || ctx.method === 'HEAD'
      ? parseRangeHeader(ctx.request.headers.get('range') ?? undefined)
      : undefined;
  const range = intersectRanges(header, q.ranges.get(''));
  const max = state.api.maxRows;
  if (max !== undefined && (range.limit === undefined || range.limit > max)) return { ...range, limit: max };
  return range;
}

async function handleTable(
  state: RestState,
  ctx: RequestContext,
  name: string,
  cache: SchemaCache,
): Promise<Response> {
  const table = lookupTable(cache, ctx.schema, name);
  const schemaHeader = profileHeader(state, ctx);
  const read = ctx.method === 'GET' || ctx.method === 'HEAD';
  const q = parseQuery(ctx.url.searchParams, false);
  const negotiated = negotiate(ctx.request.headers.get('accept'));
  const out: Output = { ...negotiated, shape: 'rows' };
  if (read) {
    const top = topRange(state, ctx, q);
    const root = planRead(cache, table, q, top);
    const counted = ctx.prefs.count !== undefined;
    const stmt = readStatement(cache, root, counted, out);
    const row = await run(state, cache, ctx, true, stmt);
    if (out.media === 'object' && Number(row.page) !== 1) throw singularity(Number(row.page));
    const location = `/${table.name}${q.canonical ? `?${q.canonical}` : ''}`;
    // A Content-Location echoing a very long query would overflow clients' response header limit (16 kB in undici).
    const extra = location.length <= MAX_CONTENT_LOCATION ? { 'Content-Location': location } : undefined;
    return readResponse(ctx, out, top, row, counted, schemaHeader, extra);
  }
  if (ctx.method === 'PUT') return put(state, ctx, cache, table, q, out);
  const representation = ctx.prefs.return === 'representation';
  const readBack = (): ReadNode | undefined => {
    if (!representation) return undefined;
    const node = planRead(cache, table, q, { offset: 0 });
    node.filters = [];
    node.logic = [];
    return node;
  };
  const strict = ctx.prefs.handling === 'strict' && ctx.prefs.maxAffected !== undefined;
  const check = (row: ResultRow) => {
    const page = Number(row.page);
    if (strict && ctx.method !== 'POST' && page > ctx.prefs.maxAffected!) {
      throw new RestError(
        400,
        'PGRST124',
        'Query result exceeds max-affected preference constraint',
        `The query affects ${page} rows`,
      );
    }
    if (representation && out.media === 'object' && page !== 1) throw singularity(page);
  };
  const count = ctx.prefs.count !== undefined;
  const headers: Record<string, string> = {};
  let status: number;
  let row: ResultRow;
  if (ctx.method === 'POST') {
    const rows = payloadRows(parseJsonBody(ctx.body));
    const columns = payloadColumns(table, rows, q.columns);
    const onConflict = q.onConflict ?? (table.primaryKey.length ? table.primaryKey : undefined);
    for (const c of onConflict ?? []) {
      if (!table.columnMap.has(c)) throw new RestError(400, '42703', `column "${c}" does not exist`);
    }
    // return=headers-only reads back the primary key of the first row for Location (PostgREST's locationF).
    const pk = table.primaryKey;
    const locate = ctx.prefs.return === 'headers-only' && pk.length > 0;
    const keyRead = (): ReadNode => {
      const node = planRead(
        cache,
        table,
        { ...q, select: [], filters: [], logic: [], order: [] },
        { offset: 0 },
      );
      node.fields = pk.map((c) => ({ kind: 'field', field: { name: c, json: [] } }));
      return node;
    };
    const stmt = insertStatement(cache, table, ctx.body, columns, onConflict, {
      prefs: ctx.prefs,
      read: locate ? keyRead() : readBack(),
      out: locate ? { media: 'json', stripNulls: false, shape: 'rows' } : out,
    });
    row = await run(state, cache, ctx, false, stmt, check);
    if (locate && row.body) {
      const first = (JSON.parse(row.body) as Record<string, unknown>[])[0];
      if (first) {
        const query = pk
          .map(
            (c) =>
              `${encodeURIComponent(c)}=${encodeURIComponent(first[c] === null ? 'is.null' : `eq.${String(first[c])}`)}`,
          )
          .join('&');
        headers.Location = `/${table.name}?${query}`;
      }
    }
    const inserted = Number(row.inserted ?? 0);
    status = ctx.prefs.resolution === 'merge-duplicates' && onConflict && inserted <= 0 ? 200 : 201;
    headers['Content-Range'] = contentRange(1, 0, count ? Number(row.page) : undefined);
    const applied = preferenceApplied({
      resolution: onConflict ? ctx.prefs.resolution : undefined,
      missing: ctx.prefs.missing,
      return: ctx.prefs.return,
      count: ctx.prefs.count,
      handling: ctx.prefs.handling,
      timezone: ctx.prefs.timezone,
    });
    if (applied) headers['Preference-Applied'] = applied;
  } else {
    const target = planRead(cache, table, q, { offset: 0 });
    if (ctx.method === 'PATCH') {
      const value = parseJsonBody(ctx.body);
      if (!isObject(value)) throw invalidBody('All object keys must match');
      const columns = payloadColumns(table, [value], q.columns);
      row = await run(
        state,
        cache,
        ctx,
        false,
        updateStatement(cache, target, ctx.body, columns, {
          prefs: ctx.prefs,
          read: readBack(),
          out,
        }),
        check,
      );
      const page = Number(row.page);
      headers['Content-Range'] = contentRange(0, page - 1, count ? page : undefined);
    } else {
      row = await run(
        state,
        cache,
        ctx,
        false,
        deleteStatement(cache, target, { prefs: ctx.prefs, read: readBack(), out }),
        check,
      );
      headers['Content-Range'] = contentRange(1, 0, count ? Number(row.page) : undefined);
    }
    status = representation ? 200 : 204;
    const applied = preferenceApplied({
      missing: ctx.method === 'PATCH' ? ctx.prefs.missing : undefined,
      return: ctx.prefs.return,
      count: ctx.prefs.count,
      handling: ctx.prefs.handling,
      timezone: ctx.prefs.timezone,
      maxAffected: ctx.prefs.maxAffected,
    });
    if (applied) headers['Preference-Applied'] = applied;
  }
  if (representation) {
    return answerRow(row, status, row.body, {
      ...headers,
      'Content-Type': CONTENT_TYPES[out.media],
      ...schemaHeader,
    });
  }
  return answerRow(row, status, null, headers);
}

/**
 * PUT: an upsert of the one row the URL names by its whole primary key with `eq` filters (PGRST105 otherwise), whose
 * payload must carry the same key values (PGRST115, nothing written otherwise); no limit or offset (PGRST114).
 */
async function put(
  state: RestState,
  ctx: RequestContext,
  cache: SchemaCache,
  table: Table,
  q: QueryParams,
  out: Output,
): Promise<Response> {
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
  const value = parseJsonBody(ctx.body);
  const rows = payloadRows(value);
  const columns = payloadColumns(table, rows, q.columns);
  const representation = ctx.prefs.return === 'representation';
  const read = representation ? planRead(cache, table, q, { offset: 0 }) : undefined;
  if (read) {
    read.filters = [];
    read.logic = [];
  }
  const stmt = insertStatement(cache, table, ctx.body, columns, pk, {
    prefs: { ...ctx.prefs, resolution: 'merge-duplicates' },
    read,
    out,
    put: keyFilters as [string, string][],
  });
  const row = await run(state, cache, ctx, false, stmt, (r) => {
    if (Number(r.page) !== 1) {
      throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
    }
  });
  const applied = preferenceApplied({
    return: ctx.prefs.return,
    handling: ctx.prefs.handling,
    timezone: ctx.prefs.timezone,
  });
  const headers: Record<string, string> = applied ? { 'Preference-Applied': applied } : {};
  if (!representation) return answerRow(row, 204, null, headers);
  return answerRow(row, Number(row.inserted ?? 0) > 0 ? 201 : 200, row.body, {
    ...headers,
    'Content-Type': CONTENT_TYPES[out.media],
    ...profileHeader(state, ctx),
  });
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

async function handleRpc(
  state: RestState,
  ctx: RequestContext,
  fn: string,
  cache: SchemaCache,
): Promise<Response> {
  if (!['GET', 'HEAD', 'POST'].includes(ctx.method)) {
    throw new RestError(405, 'PGRST101', `Cannot use the ${ctx.method} method on RPC`);
  }
  const post = ctx.method === 'POST';
  const q = parseQuery(ctx.url.searchParams, !post);
  let args: CallArgs;
  let names: string[];
  let body: unknown;
  if (post) {
    body = ctx.body.trim() === '' ? {} : parseJsonBody(ctx.body);
    names = isObject(body) ? Object.keys(body).sort() : [];
    args = { json: { text: ctx.body.trim() === '' ? '{}' : ctx.body, names } };
  } else {
    names = q.rpcArgs.map(([k]) => k).sort();
    args = { text: q.rpcArgs };
  }
  const matches = findRoutine(cache.routines.get(qualified(ctx.schema, fn)) ?? [], names, post);
  const func = `${ctx.schema}.${fn}`;
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
  if (routine.params.length === 1 && routine.params[0]!.name === '' && post) args = { single: ctx.body };
  const negotiated = negotiate(ctx.request.headers.get('accept'));
  const composite = routine.returns === 'composite';
  const out: Output = {
    ...negotiated,
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
      };
  if (!table.columnMap.size) for (const c of table.columns) table.columnMap.set(c.name, c);
  const top = topRange(state, ctx, q);
  const root = planRead(cache, table, composite ? q : { ...q, select: [] }, top);
  const counted = ctx.prefs.count !== undefined;
  const stmt = callStatement(cache, routine, root, args, counted, out);
  const readOnly = !post || routine.volatility !== 'volatile';
  const row = await run(state, cache, ctx, readOnly, stmt);
  if (routine.returns === 'void')
    return answerRow(row, 204, null, {
      'Content-Range': rangeStatus(top, Number(row.page), undefined).range,
    });
  if (negotiated.media === 'object' && Number(row.page) !== 1) throw singularity(Number(row.page));
  const schemaHeader = profileHeader(state, ctx);
  return readResponse(ctx, out, top, row, counted, schemaHeader);
}

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'];

/**
 * Answers one Data API request; `path` is what follows /rest/v1. Errors are PostgREST's JSON, or the gateway's for
 * a missing or unknown API key.
 */
export async function handleRest(state: RestState, request: Request, path: string): Promise<Response> {
  try {
    const method = request.method.toUpperCase();
    if (method === 'OPTIONS') return answer(200, null, { Allow: 'OPTIONS,GET,HEAD,POST,PATCH,DELETE' });
    if (!METHODS.includes(method)) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    // The gateway takes the key from the header or an `apikey` query parameter, and hides the parameter upstream.
    const url = new URL(request.url);
    const keyParam = url.searchParams.get('apikey');
    url.searchParams.delete('apikey');
    const auth = await authenticate(
      state.key,
      (await state.cache.get()).roles,
      request.headers.get('apikey') ?? keyParam,
      request.headers.get('authorization'),
    );
    let segments: string[];
    try {
      segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    }
    const read = method === 'GET' || method === 'HEAD';
    const ctx: RequestContext = {
      request,
      url,
      method,
      path: `/${segments.join('/')}`,
      schema: pickSchema(state.api, request, read),
      auth,
      prefs: parsePreferences(request.headers.get('prefer') ? [request.headers.get('prefer')!] : []),
      body: method === 'POST' || method === 'PATCH' || method === 'PUT' ? await readBody(request) : '',
    };
    if (segments.length === 0) throw new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled');
    const dispatch = (cache: SchemaCache) => {
      if (segments.length === 1) return handleTable(state, ctx, segments[0]!, cache);
      if (segments.length === 2 && segments[0] === 'rpc') return handleRpc(state, ctx, segments[1]!, cache);
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    };
    const cache = await state.cache.get();
    // Prefer: timezone= applies only when Postgres knows the zone; another is ignored (PostgREST's dbTimezones).
    if (ctx.prefs.timezone !== undefined && !cache.timezones.has(ctx.prefs.timezone))
      ctx.prefs.timezone = undefined;
    try {
      return await dispatch(cache);
    } catch (err) {
      // The database may have changed since the cache was read (a migration, a table made in SQL): read it again once.
      if (!(err instanceof SchemaMiss)) throw err;
      return await dispatch(await state.cache.reload(cache));
    }
  } catch (err) {
    if (err instanceof RestError) return errorResponse(err);
    if (err instanceof GatewayError) {
      return answer(401, JSON.stringify({ message: err.message, hint: err.hint }), {
        'Content-Type': JSON_TYPE,
      });
    }
    if (err instanceof BodyTooLarge) {
      return answer(413, JSON.stringify({ message: 'Request size limit exceeded' }), {
        'Content-Type': JSON_TYPE,
      });
    }
    throw err;
  }
}
