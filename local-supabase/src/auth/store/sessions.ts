import { newRefreshToken } from '../../crypto/codes.ts';
import type { Sql } from '../../db/database.ts';

/** How a session was started, recorded as its amr claim and on PKCE flow states (GoTrue's AuthenticationMethod). */
export type AuthenticationMethod =
  | 'password'
  | 'otp'
  | 'oauth'
  | 'anonymous'
  | 'email/signup'
  | 'invite'
  | 'magiclink'
  | 'recovery'
  | 'email_change'
  | 'passkey';

export type LogoutScope = 'global' | 'local' | 'others';

/** Who asked, as GoTrue records it on the session at sign-in and on each refresh (GrantParams.FillGrantParams). */
export interface SessionClient {
  userAgent: string | undefined;
  ip: string | undefined;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  parent: string | null;
  session_id: string;
  revoked: boolean;
  updated_at: Date;
}

/**
 * Starts a session with its amr claim and first refresh token, and records the sign-in time, in one statement
 * (PGlite round trips dominate the cost of a sign-in).
 */
export async function createSession(
  sql: Sql,
  userId: string,
  method: AuthenticationMethod,
  client: SessionClient,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = newRefreshToken();
  await sql.query(
    `with s as (insert into auth.sessions (id, user_id, user_agent, ip) values ($1, $2, $3, $7::inet) returning id),
          a as (insert into auth.mfa_amr_claims (id, session_id, authentication_method) select $4, id, $5 from s),
          r as (insert into auth.refresh_tokens (token, user_id, session_id) select $6, $2, id from s)
     update auth.users set last_sign_in_at = now(), updated_at = now() where id = $2`,
    [
      sessionId,
      userId,
      client.userAgent ?? null,
      crypto.randomUUID(),
      method,
      refreshToken,
      client.ip ?? null,
    ],
  );
  return { sessionId, refreshToken };
}

/** The session's assurance level as the handlers check it (sessions.aal, as GoTrue's IsAAL2; the JWT's aal comes from the amr rows). */
/** When the session began and was last refreshed (null before its first refresh), or undefined when it is gone. */
export async function sessionTimes(
  sql: Sql,
  sessionId: string,
): Promise<{ created_at: Date; refreshed_at: Date | null } | undefined> {
  return (
    await sql.query<{ created_at: Date; refreshed_at: Date | null }>(
      // refreshed_at is GoTrue's timestamp without time zone, holding UTC.
      "select created_at, refreshed_at at time zone 'utc' as refreshed_at from auth.sessions where id = $1",
      [sessionId],
    )
  ).rows[0];
}

/** GoTrue's Session.IsRecovery: the session has a `recovery` amr claim (signed in through a recovery link or code). */
export async function isRecoverySession(sql: Sql, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId) return false;
  const { rows } = await sql.query(
    "select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'",
    [sessionId],
  );
  return rows.length > 0;
}

export async function sessionAal(sql: Sql, sessionId: string | undefined): Promise<string | undefined> {
  if (!sessionId) return undefined;
  return (await sql.query<{ aal: string }>('select aal from auth.sessions where id = $1', [sessionId]))
    .rows[0]?.aal;
}

export async function sessionCreatedAt(sql: Sql, sessionId: string): Promise<Date | undefined> {
  return (
    await sql.query<{ created_at: Date }>('select created_at from auth.sessions where id = $1', [sessionId])
  ).rows[0]?.created_at;
}

/** GoTrue's UpdateOnlyRefreshInfo: the refresh time, and the refreshing client's user agent and IP (null when absent). */
export async function markSessionRefreshed(
  sql: Sql,
  sessionId: string,
  client: SessionClient,
): Promise<void> {
  await sql.query(
    `update auth.sessions set refreshed_at = now() at time zone 'utc', user_agent = $2, ip = $3::inet, updated_at = now()
     where id = $1`,
    [sessionId, client.userAgent ?? null, client.ip ?? null],
  );
}

/** Logout scopes as GoTrue's logout.go: global = all sessions, local = this one, others = all but this one. */
export async function endSessions(
  sql: Sql,
  userId: string,
  scope: LogoutScope,
  currentSessionId: string | undefined,
): Promise<void> {
  if (scope === 'global') await sql.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'local')
    await sql.query('delete from auth.sessions where id = $1', [currentSessionId ?? null]);
  else
    await sql.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      userId,
      currentSessionId ?? null,
    ]);
}

export async function findRefreshToken(sql: Sql, token: string): Promise<RefreshTokenRow | undefined> {
  return (await sql.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1', [token]))
    .rows[0];
}

/** The session's newest unrevoked refresh token. */
export async function activeRefreshToken(sql: Sql, sessionId: string): Promise<RefreshTokenRow | undefined> {
  return (
    await sql.query<RefreshTokenRow>(
      'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
      [sessionId],
    )
  ).rows[0];
}

/** Revokes `parent` and issues its child in the same session; returns the child's token string. */
export async function rotateRefreshToken(sql: Sql, parent: RefreshTokenRow): Promise<string> {
  const token = newRefreshToken();
  await sql.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and revoked = false',
    [parent.id],
  );
  await sql.query(
    'insert into auth.refresh_tokens (token, user_id, parent, session_id) values ($1, $2, $3, $4)',
    [token, parent.user_id, parent.token, parent.session_id],
  );
  return token;
}

export async function revokeSessionRefreshTokens(sql: Sql, sessionId: string): Promise<void> {
  await sql.query('update auth.refresh_tokens set revoked = true where session_id = $1', [sessionId]);
}

/**
 * updateMFASessionAndClaims on the current session: the factor's amr entry (refreshed if present), aal2 with the
 * factor, and a new refresh token. The session's earlier refresh tokens are deleted, so the aal1 one cannot be
 * refreshed into this aal2 session (GoTrue moves its token counter past it).
 */
export async function raiseSessionToAal2(
  sql: Sql,
  sessionId: string,
  factorId: string,
  method: string,
): Promise<string> {
  const refreshToken = newRefreshToken();
  await sql.query(
    `with a as (insert into auth.mfa_amr_claims (id, session_id, authentication_method) values ($3, $1, $4)
                on conflict (session_id, authentication_method) do update set updated_at = now()),
          d as (delete from auth.refresh_tokens where session_id = $1),
          r as (insert into auth.refresh_tokens (token, user_id, session_id) select $5, user_id, id from auth.sessions where id = $1)
     update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
    [sessionId, factorId, crypto.randomUUID(), method, refreshToken],
  );
  return refreshToken;
}

/** InvalidateSessionsWithAALLessThan(aal2): every aal1 session of the user ends. */
export async function endAal1Sessions(sql: Sql, userId: string): Promise<void> {
  await sql.query("delete from auth.sessions where user_id = $1 and aal < 'aal2'", [userId]);
}
