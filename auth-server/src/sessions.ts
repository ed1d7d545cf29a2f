import { randomInt } from 'node:crypto';
import type { App } from './app.ts';
import type { Sql } from './db.ts';
import { listIdentities } from './identities.ts';
import { signAccessToken } from './jwt.ts';
import { type UserRow, findUserById, updateUser, userJson } from './users.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** GoTrue's legacy refresh token format: 12 lowercase base32 characters, one row per token. */
export function newRefreshTokenString(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += BASE32[randomInt(32)];
  return out;
}

export async function insertRefreshToken(sql: Sql, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshTokenString();
  await sql.query('insert into auth.refresh_tokens (token, user_id, parent, session_id) values ($1, $2, $3, $4)', [
    token,
    userId,
    parent,
    sessionId,
  ]);
  return token;
}

/** Starts a session (with its amr claim and first refresh token) and records the sign-in time. */
export async function createSession(sql: Sql, user: UserRow, method: string, userAgent?: string): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  await sql.query('insert into auth.sessions (id, user_id, user_agent) values ($1, $2, $3)', [sessionId, user.id, userAgent ?? null]);
  await sql.query('insert into auth.mfa_amr_claims (id, session_id, authentication_method) values ($1, $2, $3)', [
    crypto.randomUUID(),
    sessionId,
    method,
  ]);
  await updateUser(sql, user.id, { last_sign_in_at: new Date() });
  return { sessionId, refreshToken: await insertRefreshToken(sql, user.id, sessionId, null) };
}

/** The AccessTokenResponse: a fresh ES256 access token for the session plus the given refresh token. */
export async function tokenResponse(
  app: App,
  sql: Sql,
  userId: string,
  sessionId: string,
  refreshToken: string,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const user = (await findUserById(sql, userId))!;
  const session = (await sql.query<{ aal: string }>('select aal from auth.sessions where id = $1', [sessionId])).rows[0];
  const amr = await sql.query<{ authentication_method: string; created_at: Date }>(
    'select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc',
    [sessionId],
  );
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + app.config.jwtExpiry;
  const accessToken = await signAccessToken(app.key, {
    iss: app.externalUrl,
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role,
    aal: session?.aal ?? 'aal1',
    amr: amr.rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(r.created_at.getTime() / 1000) })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: app.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await listIdentities(sql, user.id)),
    ...extra,
  };
}

/** Signs a user in: new session and its token response, in one transaction. */
export async function issueSession(app: App, user: UserRow, method: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return app.db.tx(async (sql) => {
    const { sessionId, refreshToken } = await createSession(sql, user, method);
    return tokenResponse(app, sql, user.id, sessionId, refreshToken, extra);
  });
}

export async function sessionExists(sql: Sql, sessionId: string): Promise<boolean> {
  return (await sql.query('select 1 from auth.sessions where id = $1', [sessionId])).rows.length > 0;
}

/** Logout scopes as GoTrue's logout.go: global = all sessions, local = this one, others = all but this one. */
export async function endSessions(sql: Sql, userId: string, scope: 'global' | 'local' | 'others', currentSessionId: string | undefined): Promise<void> {
  if (scope === 'global') await sql.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'local') await sql.query('delete from auth.sessions where id = $1', [currentSessionId ?? null]);
  else await sql.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, currentSessionId ?? null]);
}
