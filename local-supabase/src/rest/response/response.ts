import type { ApiConfig } from '../../config/api.ts';
import { RestError } from '../errors.ts';
import type { ActionPlan } from '../plan/plan.ts';
import type { ApiRequest } from '../request/api-request.ts';
import type { Media } from '../request/media.ts';
import { contentRange, preferenceApplied } from '../request/preferences.ts';
import type { Range } from '../request/query-params.ts';
import type { Outcome, ResultRow } from '../transaction/run.ts';

/**
 * The last stage, PostgREST's Response: status, headers and body from the plan and the statement's one row, with
 * what the statement's functions set in response.status and response.headers.
 */

export const JSON_TYPE = 'application/json; charset=utf-8';

const CONTENT_TYPES: Record<Exclude<Media, 'raw'>, string> = {
  json: JSON_TYPE,
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const MAX_CONTENT_LOCATION = 4096;

export function answer(
  status: number,
  body: string | Uint8Array<ArrayBuffer> | null,
  headers: Record<string, string>,
): Response {
  return new Response(body, { status, headers });
}

export function errorResponse(err: RestError): Response {
  return answer(err.status, err.body(), { 'Content-Type': JSON_TYPE, ...err.headers });
}

export function respond(api: ApiConfig, req: ApiRequest, plan: ActionPlan, outcome: Outcome): Response {
  if (outcome.kind === 'plan') {
    const media = plan.explain!;
    const options = media.options.length ? `; options=${media.options.join('|')}` : '';
    return answer(200, outcome.body, {
      'Content-Type': `application/vnd.pgrst.plan+${media.format}; for="${media.for}"${options}; charset=utf-8`,
    });
  }
  const row = outcome.row;
  const prefs = req.prefs;
  // PostgREST names the schema in Content-Profile when more than one is exposed.
  const profile: Record<string, string> = api.schemas.length > 1 ? { 'Content-Profile': req.schema } : {};
  const { out } = plan;
  const contentType = {
    'Content-Type': out.media === 'raw' ? out.raw!.contentType : CONTENT_TYPES[out.media],
  };
  const page = Number(row.page);
  switch (plan.kind) {
    case 'read': {
      const location = `/${plan.table.name}${req.query.canonical ? `?${req.query.canonical}` : ''}`;
      // A Content-Location echoing a very long query would overflow clients' response header limit (16 kB in undici).
      const extra: Record<string, string> =
        location.length <= MAX_CONTENT_LOCATION ? { 'Content-Location': location } : {};
      return readResponse(req, row, plan.counted, { ...contentType, ...profile, ...extra });
    }
    case 'call':
      if (plan.routine.returns === 'void') {
        return answerRow(row, 204, null, { 'Content-Range': rangeStatus(req.top, page, undefined).range });
      }
      if (out.raw?.binary && row.body !== null) {
        return readResponse(
          req,
          row,
          plan.counted,
          { ...contentType, ...profile },
          new Uint8Array(Buffer.from(row.body, 'hex')),
        );
      }
      return readResponse(req, row, plan.counted, { ...contentType, ...profile });
    case 'insert': {
      if (plan.put) {
        const applied = preferenceApplied({
          return: prefs.return,
          tx: prefs.tx,
          handling: prefs.handling,
          timezone: prefs.timezone,
        });
        const headers: Record<string, string> = applied ? { 'Preference-Applied': applied } : {};
        if (prefs.return !== 'representation') return answerRow(row, 204, null, headers);
        return answerRow(row, Number(row.inserted ?? 0) > 0 ? 201 : 200, row.body, {
          ...headers,
          ...contentType,
          ...profile,
        });
      }
      const headers: Record<string, string> = {};
      if (plan.locate && row.body) {
        const first = (JSON.parse(row.body) as Record<string, unknown>[])[0];
        if (first) {
          const query = plan.locate
            .map(
              (c) =>
                `${encodeURIComponent(c)}=${encodeURIComponent(first[c] === null ? 'is.null' : `eq.${String(first[c])}`)}`,
            )
            .join('&');
          headers.Location = `/${plan.table.name}?${query}`;
        }
      }
      const inserted = Number(row.inserted ?? 0);
      const status = prefs.resolution === 'merge-duplicates' && plan.onConflict && inserted <= 0 ? 200 : 201;
      headers['Content-Range'] = contentRange(1, 0, prefs.count ? page : undefined);
      const applied = preferenceApplied({
        resolution: plan.onConflict ? prefs.resolution : undefined,
        missing: prefs.missing,
        return: prefs.return,
        count: prefs.count,
        tx: prefs.tx,
        handling: prefs.handling,
        timezone: prefs.timezone,
      });
      if (applied) headers['Preference-Applied'] = applied;
      return writeResponse(req, row, status, headers, { ...contentType, ...profile });
    }
    case 'update':
    case 'delete': {
      const headers: Record<string, string> = {
        'Content-Range':
          plan.kind === 'update'
            ? contentRange(0, page - 1, prefs.count ? page : undefined)
            : contentRange(1, 0, prefs.count ? page : undefined),
      };
      const applied = preferenceApplied({
        missing: plan.kind === 'update' ? prefs.missing : undefined,
        return: prefs.return,
        count: prefs.count,
        tx: prefs.tx,
        handling: prefs.handling,
        timezone: prefs.timezone,
        maxAffected: prefs.maxAffected,
      });
      if (applied) headers['Preference-Applied'] = applied;
      const representation = prefs.return === 'representation';
      return writeResponse(req, row, representation ? 200 : 204, headers, { ...contentType, ...profile });
    }
  }
}

function writeResponse(
  req: ApiRequest,
  row: ResultRow,
  status: number,
  headers: Record<string, string>,
  bodyHeaders: Record<string, string>,
): Response {
  if (req.prefs.return === 'representation')
    return answerRow(row, status, row.body, { ...headers, ...bodyHeaders });
  return answerRow(row, status, null, headers);
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
  req: ApiRequest,
  row: ResultRow,
  counted: boolean,
  extra: Record<string, string>,
  body: string | Uint8Array<ArrayBuffer> | null = row.body,
): Response {
  const page = Number(row.page);
  const total = counted && row.total !== null ? Number(row.total) : undefined;
  const { status, range } = rangeStatus(req.top, page, total);
  const applied = preferenceApplied({
    count: req.prefs.count,
    tx: req.prefs.tx,
    handling: req.prefs.handling,
    timezone: req.prefs.timezone,
    // Response.hs' responsePreferences: a call applies max-affected, a read does not.
    maxAffected: req.target.kind === 'rpc' ? req.prefs.maxAffected : undefined,
  });
  const headers: Record<string, string> = {
    'Content-Range': range,
    ...extra,
    ...(applied ? { 'Preference-Applied': applied } : {}),
  };
  if (status === 416) {
    const err = new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${req.top.offset} was requested, but there are only ${total ?? 0} rows.`,
    );
    return answer(416, err.body(), { ...headers, 'Content-Type': JSON_TYPE });
  }
  return answerRow(row, status, req.method === 'HEAD' ? null : body, headers);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The answer, with what the statement's functions set in response.status and response.headers (PostgREST's
 * overrideStatusHeaders: their headers replace the ones of the same name).
 */
function answerRow(
  row: ResultRow,
  status: number,
  body: string | Uint8Array<ArrayBuffer> | null,
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
