import type { Sql } from '../../db/database.ts';

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current';

/** Mirrors a users.*_token column into auth.one_time_tokens, one row per user and type, as GoTrue keeps it. */
export async function saveOneTimeToken(
  sql: Sql,
  userId: string,
  type: OneTimeTokenType,
  hash: string,
  relatesTo: string,
): Promise<void> {
  await sql.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4, $5)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [crypto.randomUUID(), userId, type, hash, relatesTo.toLowerCase()],
  );
}

export async function clearOneTimeToken(sql: Sql, userId: string, type: OneTimeTokenType): Promise<void> {
  await sql.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
}

export async function clearAllOneTimeTokens(sql: Sql, userId: string): Promise<void> {
  await sql.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}
