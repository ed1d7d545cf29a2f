import { createHash, randomInt } from 'node:crypto';
import type { Sql } from './db.ts';

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current';

/** A numeric OTP of the configured length (GoTrue's crypto.GenerateOtp). */
export function generateOtp(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** GoTrue's token hash: hex sha224 of address + OTP; PKCE flows prefix it with `pkce_`. */
export function tokenHash(address: string, otp: string, pkce = false): string {
  const hash = createHash('sha224').update(address + otp).digest('hex');
  return pkce ? `pkce_${hash}` : hash;
}

/** Mirrors a users.*_token column into auth.one_time_tokens, one row per user and type. */
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
