import type { Sql } from '../../db/database.ts';
import type { FactorCredential } from '../rules/passkeys.ts';
import type { ChallengeSession } from './passkeys.ts';

/** MFA factors and their challenges (GoTrue's models/factor.go and challenge.go). */

export type FactorType = 'totp' | 'phone' | 'webauthn' | 'recovery_code';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: FactorType;
  status: 'unverified' | 'verified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
  web_authn_aaguid: string | null;
  web_authn_credential: FactorCredential | null;
  /** Local only: the TOTP time step last accepted (codes are single use). */
  last_accepted_step: string | null;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
  web_authn_session_data: WebAuthnChallenge | null;
}

/** What a WebAuthn challenge asked the browser for, and the session its answer is checked against. */
export interface WebAuthnChallenge {
  type: 'create' | 'request';
  session: ChallengeSession;
}

/** The amr method a verified factor of this type adds to a session (amrMethodForFactorType). */
export const AMR_METHOD: Record<FactorType, string> = {
  totp: 'totp',
  phone: 'mfa/phone',
  webauthn: 'mfa/webauthn',
  recovery_code: 'mfa/recovery_code',
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A factor as GoTrue serializes it in `user.factors` and the admin routes; the secret never leaves. */
export function factorJson(f: FactorRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    status: f.status,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    phone: f.phone ?? '',
    last_challenged_at: iso(f.last_challenged_at),
    web_authn_aaguid: f.web_authn_aaguid ?? undefined,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/** The user's factors, oldest first (the factor_id_created_at_idx order). */
export async function listFactors(sql: Sql, userId: string): Promise<FactorRow[]> {
  return (
    await sql.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [
      userId,
    ])
  ).rows;
}

/**
 * GoTrue's `user.HasMFAEnabled() && !session.IsAAL2()`, in one query: the user has a verified factor and the named
 * session (if any) is not at aal2. Sensitive changes then need the second factor first.
 */
export async function secondFactorOwed(
  sql: Sql,
  userId: string,
  sessionId: string | undefined,
): Promise<boolean> {
  const { rows } = await sql.query<{ owed: boolean }>(
    `select exists(select 1 from auth.mfa_factors where user_id = $1 and status = 'verified')
            and coalesce((select aal from auth.sessions where id = $2), '') <> 'aal2' as owed`,
    [userId, sessionId ?? null],
  );
  return rows[0]!.owed;
}

/** FindOwnedFactorByID: the factor, only if it belongs to the user. */
export async function findOwnedFactor(
  sql: Sql,
  userId: string,
  factorId: string,
): Promise<FactorRow | undefined> {
  return (
    await sql.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [
      factorId,
      userId,
    ])
  ).rows[0];
}

/** DeleteExpiredFactors: unverified factors never challenged and older than the factor expiry, for every user. */
export async function deleteExpiredFactors(sql: Sql, expirySeconds: number): Promise<void> {
  await sql.query(
    `delete from auth.mfa_factors f where f.status <> 'verified'
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
       and f.created_at + make_interval(secs => $1) < now()`,
    [expirySeconds],
  );
}

export async function insertFactor(
  sql: Sql,
  fields: { userId: string; friendlyName: string; factorType: FactorType; secret: string | null },
): Promise<FactorRow> {
  return (
    await sql.query<FactorRow>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
       values ($1, $2, $3, $4, 'unverified', $5) returning *`,
      [crypto.randomUUID(), fields.userId, fields.friendlyName, fields.factorType, fields.secret],
    )
  ).rows[0]!;
}

/** CreateChallenge + WriteChallengeToDatabase: a challenge bound to the client IP; the factor's last_challenged_at. */
export async function createChallenge(
  sql: Sql,
  factorId: string,
  ip: string,
  webAuthn: WebAuthnChallenge | null = null,
): Promise<ChallengeRow> {
  const challenge = (
    await sql.query<ChallengeRow>(
      'insert into auth.mfa_challenges (id, factor_id, ip_address, web_authn_session_data) values ($1, $2, $3, $4) returning *',
      [crypto.randomUUID(), factorId, ip, webAuthn],
    )
  ).rows[0]!;
  await sql.query('update auth.mfa_factors set last_challenged_at = $2, updated_at = now() where id = $1', [
    factorId,
    challenge.created_at,
  ]);
  return challenge;
}

/** FindChallengeByID: the challenge, only if it was made for this factor. `ip_address` comes back as text. */
export async function findChallenge(
  sql: Sql,
  factorId: string,
  challengeId: string,
): Promise<ChallengeRow | undefined> {
  return (
    await sql.query<ChallengeRow>(
      `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address, web_authn_session_data
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
      [challengeId, factorId],
    )
  ).rows[0];
}

export async function deleteChallenge(sql: Sql, challengeId: string): Promise<void> {
  await sql.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
}

/**
 * A successful verification: the challenge is spent, the time step recorded and the factor verified, each only if no
 * concurrent request got there first (a used challenge, or this step or a later one already accepted).
 */
export async function acceptCode(
  sql: Sql,
  factorId: string,
  challengeId: string,
  step: number,
): Promise<'accepted' | 'challenge used' | 'code used'> {
  const spent = await sql.query(
    'update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null',
    [challengeId],
  );
  if (spent.affectedRows !== 1) return 'challenge used';
  const accepted = await sql.query(
    `update auth.mfa_factors set last_accepted_step = $2, status = 'verified', updated_at = now()
     where id = $1 and (last_accepted_step is null or last_accepted_step < $2)`,
    [factorId, step],
  );
  return accepted.affectedRows === 1 ? 'accepted' : 'code used';
}

/** A WebAuthn challenge is destroyed on use; false when a concurrent request took it first. */
export async function spendChallenge(sql: Sql, challengeId: string): Promise<boolean> {
  return (await sql.query('delete from auth.mfa_challenges where id = $1', [challengeId])).affectedRows === 1;
}

/** SaveWebAuthnCredential with the status change: the first verification of a WebAuthn factor. */
export async function saveWebAuthnCredential(
  sql: Sql,
  factorId: string,
  credential: FactorCredential,
  aaguid: string | null,
): Promise<void> {
  await sql.query(
    `update auth.mfa_factors set status = 'verified', web_authn_credential = $2, web_authn_aaguid = $3,
       updated_at = now() where id = $1`,
    [factorId, credential, aaguid],
  );
}

/** DeleteUnverifiedFactors: the user's unverified factors of a type. */
export async function deleteUnverifiedFactors(sql: Sql, userId: string, type: FactorType): Promise<void> {
  await sql.query(
    "delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2",
    [userId, type],
  );
}

/**
 * Deletes a factor (its challenges cascade) and DowngradeSessionsToAAL1: the sessions raised with it lose the
 * factor's amr entry and go back to aal1. Their current access tokens keep `aal2` until they are refreshed.
 */
export async function deleteFactor(sql: Sql, factor: FactorRow): Promise<void> {
  await sql.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  await sql.query(
    `delete from auth.mfa_amr_claims where authentication_method = $2
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id, AMR_METHOD[factor.factor_type]],
  );
  await sql.query(
    "update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2",
    [factor.user_id, factor.id],
  );
}

/** DeleteFactorsByUserId: an admin soft delete removes the user's factors. */
export async function deleteUserFactors(sql: Sql, userId: string): Promise<void> {
  await sql.query('delete from auth.mfa_factors where user_id = $1', [userId]);
}

/** PUT /admin/users/{user_id}/factors/{factor_id}: the friendly name (UpdateFriendlyName). */
export async function renameFactor(sql: Sql, factorId: string, friendlyName: string): Promise<FactorRow> {
  return (
    await sql.query<FactorRow>(
      'update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1 returning *',
      [factorId, friendlyName],
    )
  ).rows[0]!;
}
