import type { Sql } from '../../db/database.ts';
import type { FactorRow } from './factors.ts';

/** MFA recovery codes (GoTrue's models/recovery_code.go): one set per user, tied to its `recovery_code` factor. */

export interface RecoveryCodeSetRow {
  id: string;
  user_id: string;
  mfa_factor_id: string;
  failed_verification_count: number;
  verification_locked_until: Date | null;
}

export interface RecoveryCodeRow {
  id: string;
  code_hash: string;
}

/** The friendly name GoTrue gives the factor when the request names none. */
export const DEFAULT_RECOVERY_FACTOR_NAME = 'Recovery codes';

export async function findRecoveryCodeSet(sql: Sql, userId: string): Promise<RecoveryCodeSetRow | undefined> {
  return (
    await sql.query<RecoveryCodeSetRow>('select * from auth.mfa_recovery_code_sets where user_id = $1', [
      userId,
    ])
  ).rows[0];
}

/** FindRecoveryCodeSetForUpdate: verifications of one user wait for each other on the set's row. */
export async function lockRecoveryCodeSet(sql: Sql, userId: string): Promise<RecoveryCodeSetRow | undefined> {
  return (
    await sql.query<RecoveryCodeSetRow>(
      'select * from auth.mfa_recovery_code_sets where user_id = $1 for update',
      [userId],
    )
  ).rows[0];
}

export async function countRecoveryCodes(
  sql: Sql,
  setId: string,
): Promise<{ total: number; remaining: number }> {
  const { rows } = await sql.query<{ total: number; remaining: number }>(
    `select count(*)::int as total, (count(*) filter (where consumed_at is null))::int as remaining
       from auth.mfa_recovery_codes where mfa_recovery_code_set_id = $1`,
    [setId],
  );
  return rows[0]!;
}

export async function unusedRecoveryCodes(sql: Sql, setId: string): Promise<RecoveryCodeRow[]> {
  return (
    await sql.query<RecoveryCodeRow>(
      `select id, code_hash from auth.mfa_recovery_codes where mfa_recovery_code_set_id = $1 and consumed_at is null
        order by created_at, id`,
      [setId],
    )
  ).rows;
}

async function insertCodes(sql: Sql, setId: string, hashes: string[]): Promise<void> {
  for (const hash of hashes) {
    await sql.query(
      'insert into auth.mfa_recovery_codes (id, mfa_recovery_code_set_id, code_hash) values ($1, $2, $3)',
      [crypto.randomUUID(), setId, hash],
    );
  }
}

/** The verified `recovery_code` factor, its set and the code hashes, in the caller's transaction. */
export async function createRecoveryCodeFactor(
  sql: Sql,
  userId: string,
  friendlyName: string,
  hashes: string[],
): Promise<FactorRow> {
  const factor = (
    await sql.query<FactorRow>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status)
       values ($1, $2, $3, 'recovery_code', 'verified') returning *`,
      [crypto.randomUUID(), userId, friendlyName],
    )
  ).rows[0]!;
  const setId = crypto.randomUUID();
  await sql.query(
    'insert into auth.mfa_recovery_code_sets (id, user_id, mfa_factor_id) values ($1, $2, $3)',
    [setId, userId, factor.id],
  );
  await insertCodes(sql, setId, hashes);
  return factor;
}

/** ReplaceRecoveryCodes: a new batch for the set, and its lockout cleared. */
export async function replaceRecoveryCodes(sql: Sql, setId: string, hashes: string[]): Promise<void> {
  await sql.query('select id from auth.mfa_recovery_code_sets where id = $1 for update', [setId]);
  await sql.query('delete from auth.mfa_recovery_codes where mfa_recovery_code_set_id = $1', [setId]);
  await insertCodes(sql, setId, hashes);
  await resetLockout(sql, setId);
}

/** MarkConsumed: false when a concurrent request used the code first. */
export async function consumeRecoveryCode(sql: Sql, codeId: string): Promise<boolean> {
  const { affectedRows } = await sql.query(
    'update auth.mfa_recovery_codes set consumed_at = now() where id = $1 and consumed_at is null',
    [codeId],
  );
  return affectedRows === 1;
}

/** RegisterFailure: one more wrong code; at the limit, verification locks until `now + lockoutMs`. */
export async function registerFailure(
  sql: Sql,
  set: RecoveryCodeSetRow,
  maxAttempts: number,
  lockoutMs: number,
): Promise<void> {
  const failures = set.failed_verification_count + 1;
  await sql.query(
    `update auth.mfa_recovery_code_sets set failed_verification_count = $2::int,
            verification_locked_until = case when $2::int >= $3::int then now() + make_interval(secs => $4::float8)
                                             else verification_locked_until end,
            updated_at = now()
      where id = $1`,
    [set.id, failures, maxAttempts, lockoutMs / 1000],
  );
}

export async function resetLockout(sql: Sql, setId: string): Promise<void> {
  await sql.query(
    `update auth.mfa_recovery_code_sets set failed_verification_count = 0, verification_locked_until = null,
            updated_at = now() where id = $1`,
    [setId],
  );
}

export const isLocked = (set: RecoveryCodeSetRow, now = Date.now()): boolean =>
  set.verification_locked_until !== null && now < new Date(set.verification_locked_until).getTime();
