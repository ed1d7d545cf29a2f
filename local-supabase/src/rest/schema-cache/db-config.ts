import type { Sql } from '../../db/database.ts';

/**
 * PostgREST's in-database configuration (Config/Database.hs): the `pgrst.*` settings of the `authenticator` role,
 * the database-specific ones first, read at start and again on `NOTIFY pgrst, 'reload config'`. Supabase's docs
 * switch aggregates on this way: `alter role authenticator set pgrst.db_aggregates_enabled = 'true'`.
 */
export interface DbConfig {
  aggregatesEnabled: boolean;
  planEnabled: boolean;
  /** `db-tx-end`: roll every transaction back, and let `Prefer: tx=` override. */
  txRollbackAll: boolean;
  txAllowOverride: boolean;
}

/** PostgREST's defaults: aggregates and plans off, every transaction committed, no override. */
export const DEFAULT_DB_CONFIG: DbConfig = {
  aggregatesEnabled: false,
  planEnabled: false,
  txRollbackAll: false,
  txAllowOverride: false,
};

const SETTINGS_SQL = `
select distinct on (key) replace(k, 'pgrst.', '') as key, v as value
from (
  select s.setdatabase as database, substr(c, 1, strpos(c, '=') - 1) as k, substr(c, strpos(c, '=') + 1) as v
  from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) as c
  where s.setrole = (select oid from pg_catalog.pg_roles where rolname = 'authenticator')
    and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_catalog))
) kv
where k like 'pgrst.%' and v is not null
order by key, database desc nulls last`;

/** Config.hs' coerceBool: true/false in any case (letters only), or a number above zero. */
function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const letters = value.replace(/[^\p{L}]/gu, '').toLowerCase();
  if (letters === 'true') return true;
  if (letters === 'false') return false;
  return /^-?\d+$/.test(value.trim()) ? Number(value) > 0 : fallback;
}

const TX_END: Record<string, [boolean, boolean]> = {
  commit: [false, false],
  'commit-allow-override': [false, true],
  rollback: [true, false],
  'rollback-allow-override': [true, true],
};

export async function loadDbConfig(sql: Sql): Promise<DbConfig> {
  const rows = (await sql.query<{ key: string; value: string }>(SETTINGS_SQL)).rows;
  const settings = new Map(rows.map((r) => [r.key, r.value]));
  // PostgREST refuses to (re)load an invalid db_tx_end; here the default stays, so no request fails over it.
  const [txRollbackAll, txAllowOverride] = TX_END[settings.get('db_tx_end') ?? 'commit'] ?? [false, false];
  return {
    aggregatesEnabled: bool(settings.get('db_aggregates_enabled'), DEFAULT_DB_CONFIG.aggregatesEnabled),
    planEnabled: bool(settings.get('db_plan_enabled'), DEFAULT_DB_CONFIG.planEnabled),
    txRollbackAll,
    txAllowOverride,
  };
}
