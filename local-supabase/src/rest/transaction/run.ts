import type { ApiConfig } from '../../config/api.ts';
import type { Batch, BatchStatement } from '../../db/batch.ts';
import type { Database } from '../../db/database.ts';
import { type PgErrorFields, RestError, fromPgError, singularity } from '../errors.ts';
import type { ActionPlan } from '../plan/plan.ts';
import type { DbConfig } from '../schema-cache/db-config.ts';
import type { ApiRequest } from '../request/api-request.ts';
import { ident } from '../query/read-sql.ts';
import type { Statement } from '../query/statements.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';

/**
 * The fourth stage, PostgREST's Query.runQuery: one transaction as the request's role with PostgREST's request
 * settings, the statement, and the checks that roll it back (PGRST116, PGRST124, PGRST115).
 */

export interface ResultRow {
  total: string | null;
  page: string;
  body: string | null;
  inserted?: string | null;
  response_headers: string | null;
  response_status: string | null;
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

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** A time setting as SHOW prints it ('0', '500ms', '3s', '1min') in milliseconds; 0 means none. */
export function timeoutMs(shown: string): number {
  const m = /^(\d+)(ms|s|min|h|d)?$/.exec(shown.trim());
  if (!m) return 0;
  return Number(m[1]) * UNIT_MS[m[2] ?? 'ms']!;
}

/** Throws, rolling the transaction back, when the result breaks one of the plan's checks. */
function check(plan: ActionPlan, row: ResultRow): void {
  const page = Number(row.page);
  const { checks } = plan;
  if (checks.maxAffected !== undefined && page > checks.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${page} rows`,
    );
  }
  if (checks.putMatched && page !== 1) {
    throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  }
  if (checks.singular && page !== 1) throw singularity(page);
}

/** The statement's one row, or (the plan media type) the plan. */
export type Outcome = { kind: 'row'; row: ResultRow } | { kind: 'plan'; body: string };

/** Carries the outcome out of a transaction that must not commit. */
class RolledBack {
  readonly outcome: Outcome;
  constructor(outcome: Outcome) {
    this.outcome = outcome;
  }
}

export async function runInTransaction(
  db: Database,
  api: ApiConfig,
  config: DbConfig,
  cache: SchemaCache,
  req: ApiRequest,
  plan: ActionPlan,
  stmt: Statement,
): Promise<Outcome> {
  if (stmt.values.some((v) => nesting(v) > MAX_NESTING)) {
    throw new RestError(
      400,
      '54001',
      'stack depth limit exceeded',
      `A value nested more than ${MAX_NESTING} levels deep was refused before it reached the database.`,
    );
  }
  // MainTx.hs optionalRollback: Prefer: tx=rollback (when allowed), or db-tx-end rollback unless tx=commit.
  const rollback = req.prefs.tx === 'rollback' || (config.txRollbackAll && req.prefs.tx !== 'commit');
  try {
    // Every value is text of unknown type, so Postgres infers each from its use (as PostgREST's unknownEncoder);
    // the settings and the statement reach PGlite in one batch.
    return await db.batchTx(async (run: Batch) => {
      const settings: [string, string][] = [
        // Going read-only is allowed at any point of a transaction: one statement fewer than SET TRANSACTION.
        ...(plan.readOnly ? ([['transaction_read_only', 'on']] as [string, string][]) : []),
        ['role', req.auth.role],
        ['request.jwt.claims', JSON.stringify(req.auth.claims)],
        ['request.method', req.method],
        ['request.path', req.path],
        ['request.headers', JSON.stringify(Object.fromEntries(req.request.headers))],
        ['search_path', [req.schema, ...api.extraSearchPath].map(ident).join(', ')],
        ...(cache.roleSettings.get(req.auth.role) ?? []),
        ...(req.prefs.timezone ? ([['timezone', req.prefs.timezone]] as [string, string][]) : []),
      ];
      const b: string[] = [];
      const calls = settings.map(([k, v]) => {
        b.push(k, v);
        return `set_config($${b.length - 1}, $${b.length}, true)`;
      });
      const apply = `SELECT ${calls.join(', ')}`;
      // The statement_timeout of the role (anon 3 s, authenticated 8 s on Supabase), which the settings apply, is
      // known from the schema cache: the settings and the statement go in one batch under it. A role without one
      // runs under the session's, read with the settings first.
      const own = cache.statementTimeouts.get(req.auth.role);
      let timeout: number;
      let first: BatchStatement[];
      if (own === undefined) {
        const [applied] = await run([
          { sql: `${apply}, current_setting('statement_timeout') AS statement_timeout`, values: b },
        ]);
        timeout = timeoutMs(applied![0]!['statement_timeout']!);
        first = [];
      } else {
        timeout = timeoutMs(own);
        first = [{ sql: apply, values: b }];
      }
      // Each call runs under the watchdog, as each statement under Postgres' timer; the settings take microseconds,
      // so the one it cancels is the request's statement.
      const timed: Batch = (statements, options) => db.withTimeout(timeout, () => run(statements, options));
      // A read-only request that runs nothing after its statement commits with it: its checks may still refuse the
      // answer, and a read-only transaction's commit and rollback leave the same database.
      const last = plan.readOnly && !rollback && !plan.explain && !stmt.explainCount;
      const rows = (await timed([...first, stmt], { last })).at(-1);
      let outcome: Outcome;
      if (plan.explain) {
        // FORMAT JSON is one row; FORMAT TEXT a row per line (MainTx.hs planRow).
        const lines = rows!.map((r) => Object.values(r)[0] ?? '');
        outcome = {
          kind: 'plan',
          body: plan.explain.format === 'json' ? lines.join('') : lines.join('\n') + '\n',
        };
      } else {
        const row = rows![0] as unknown as ResultRow;
        check(plan, row);
        if (stmt.explainCount) row.total = await countFromPlanner(timed, stmt, row, req, api);
        outcome = { kind: 'row', row };
      }
      if (rollback) {
        // Deferred constraints are checked before the answer, as a commit would check them.
        await timed([{ sql: 'SET CONSTRAINTS ALL IMMEDIATE', values: [] }]);
        throw new RolledBack(outcome);
      }
      return outcome;
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.outcome;
    if (err instanceof RestError) throw err;
    if (
      err &&
      typeof err === 'object' &&
      'code' in err &&
      typeof (err as PgErrorFields).message === 'string'
    ) {
      throw fromPgError(err as PgErrorFields, req.auth.authenticated);
    }
    throw err;
  }
}

/**
 * `Prefer: count=planned` answers the planner's estimate of the count query's rows; `estimated` the exact count up
 * to max_rows and the larger of it and the estimate above (MainTx.hs, WrappedReadPlan).
 */
async function countFromPlanner(
  run: Batch,
  stmt: Statement,
  row: ResultRow,
  req: ApiRequest,
  api: ApiConfig,
): Promise<string | null> {
  const exact = row.total === null ? undefined : Number(row.total);
  // Haskell's Maybe ordering: without max_rows every exact total counts as above it.
  if (
    req.prefs.count === 'estimated' &&
    (exact === undefined || (api.maxRows !== undefined && exact <= api.maxRows))
  )
    return row.total;
  const [rows] = await run([stmt.explainCount!]);
  const parsed = JSON.parse(rows![0]?.['QUERY PLAN'] ?? '[]') as { Plan?: { 'Plan Rows'?: number } }[];
  const planned = parsed[0]?.Plan?.['Plan Rows'];
  if (planned === undefined) return row.total;
  return String(exact === undefined ? planned : Math.max(exact, planned));
}
