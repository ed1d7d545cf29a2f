import type { Sql } from '../../db/database.ts';

/** auth.webauthn_credentials and auth.webauthn_challenges (GoTrue's models/webauthn_*.go). */

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: Uint8Array<ArrayBuffer>;
  public_key: Uint8Array<ArrayBuffer>;
  attestation_type: string;
  aaguid: string | null;
  sign_count: number;
  transports: string[];
  backup_eligible: boolean;
  backed_up: boolean;
  friendly_name: string;
  created_at: Date;
  updated_at: Date;
  last_used_at: Date | null;
}

export type NewPasskey = Pick<
  PasskeyRow,
  | 'user_id'
  | 'credential_id'
  | 'public_key'
  | 'attestation_type'
  | 'aaguid'
  | 'sign_count'
  | 'transports'
  | 'backup_eligible'
  | 'backed_up'
  | 'friendly_name'
>;

export type ChallengeType = 'registration' | 'authentication';

/** What a verify needs from its options request (GoTrue keeps go-webauthn's SessionData here). */
export interface ChallengeSession {
  challenge: string;
  rpId: string;
  /** base64url of the WebAuthn user handle (registration only). */
  user_id?: string;
  userVerification: 'preferred';
}

export interface ChallengeRow {
  id: string;
  user_id: string | null;
  challenge_type: ChallengeType;
  session_data: ChallengeSession;
  expires_at: Date;
}

/** The user's passkeys, oldest first (GoTrue's FindWebAuthnCredentialsByUserID). */
export async function listPasskeys(sql: Sql, userId: string): Promise<PasskeyRow[]> {
  return (
    await sql.query<PasskeyRow>(
      'select * from auth.webauthn_credentials where user_id = $1 order by created_at, id',
      [userId],
    )
  ).rows;
}

export async function countPasskeys(sql: Sql, userId: string): Promise<number> {
  return (
    await sql.query<{ n: number }>(
      'select count(*)::int as n from auth.webauthn_credentials where user_id = $1',
      [userId],
    )
  ).rows[0]!.n;
}

export async function findUserPasskey(sql: Sql, userId: string, id: string): Promise<PasskeyRow | undefined> {
  return (
    await sql.query<PasskeyRow>('select * from auth.webauthn_credentials where id = $1 and user_id = $2', [
      id,
      userId,
    ])
  ).rows[0];
}

export async function passkeyExists(sql: Sql, credentialId: Uint8Array): Promise<boolean> {
  return (
    (await sql.query('select 1 from auth.webauthn_credentials where credential_id = $1', [credentialId])).rows
      .length > 0
  );
}

export async function insertPasskey(sql: Sql, passkey: NewPasskey): Promise<PasskeyRow> {
  const p = passkey;
  return (
    await sql.query<PasskeyRow>(
      `insert into auth.webauthn_credentials
         (user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
      [
        p.user_id,
        p.credential_id,
        p.public_key,
        p.attestation_type,
        p.aaguid,
        p.sign_count,
        JSON.stringify(p.transports),
        p.backup_eligible,
        p.backed_up,
        p.friendly_name,
      ],
    )
  ).rows[0]!;
}

export async function renamePasskey(sql: Sql, id: string, friendlyName: string): Promise<PasskeyRow> {
  return (
    await sql.query<PasskeyRow>(
      'update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1 returning *',
      [id, friendlyName],
    )
  ).rows[0]!;
}

/** A sign-in: last_used_at now, and the signature counter only when it went up (a regression is ignored, as GoTrue does). */
export async function recordPasskeyUse(sql: Sql, id: string, signCount: number): Promise<void> {
  await sql.query(
    'update auth.webauthn_credentials set sign_count = greatest(sign_count, $2), last_used_at = now(), updated_at = now() where id = $1',
    [id, signCount],
  );
}

export async function deletePasskey(sql: Sql, id: string): Promise<void> {
  await sql.query('delete from auth.webauthn_credentials where id = $1', [id]);
}

/** An admin soft delete removes the credentials with the sessions (GoTrue's user soft delete). */
export async function deleteUserPasskeys(sql: Sql, userId: string): Promise<void> {
  await sql.query('delete from auth.webauthn_credentials where user_id = $1', [userId]);
}

/** Stores a challenge; expired ones are swept on the way (GoTrue's DB cleanup does it after mutating requests). */
export async function insertChallenge(
  sql: Sql,
  userId: string | null,
  type: ChallengeType,
  session: ChallengeSession,
  expiresAt: Date,
): Promise<ChallengeRow> {
  await sql.query('delete from auth.webauthn_challenges where expires_at < now()');
  return (
    await sql.query<ChallengeRow>(
      'insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at) values ($1, $2, $3, $4) returning *',
      [userId, type, JSON.stringify(session), expiresAt],
    )
  ).rows[0]!;
}

/**
 * Takes a challenge out in one statement, so it is gone whatever the verify then decides (used once, even on failure).
 * Registration challenges belong to the caller; authentication challenges to nobody.
 */
export async function consumeChallenge(
  sql: Sql,
  id: string,
  type: ChallengeType,
  userId: string | null,
): Promise<ChallengeRow | undefined> {
  return (
    await sql.query<ChallengeRow>(
      'delete from auth.webauthn_challenges where id = $1 and challenge_type = $2 and user_id is not distinct from $3 returning *',
      [id, type, userId],
    )
  ).rows[0];
}
