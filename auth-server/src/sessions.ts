import { randomInt } from 'node:crypto';
import type { App } from './app.ts';
import type { Sql } from './db.ts';
import { type IdentityRow, reviveIdentity } from './identities.ts';
import { signAccessToken } from './jwt.ts';
import { type UserRow, reviveUser, userJson } from './users.ts';

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

/**
 * Starts a session with its amr claim and first refresh token, and records the sign-in time, in one statement
 * (PGlite round trips dominate the cost of a sign-in).
 */
export async function createSession(sql: Sql, user: UserRow, method: string, userAgent?: string): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = newRefreshTokenString();
  await sql.query(
    `with s as (insert into auth.sessions (id, user_id, user_agent) values ($1, $2, $3) returning id),
          a as (insert into auth.mfa_amr_claims (id, session_id, authentication_method) select $4, id, $5 from s),
          r as (insert into auth.refresh_tokens (token, user_id, session_id) select $6, $2, id from s)
     update auth.users set last_sign_in_at = now(), updated_at = now() where id = $2`,
    [sessionId, user.id, userAgent ?? null, crypto.randomUUID(), method, refreshToken],
  );
  return { sessionId, refreshToken };
}

interface TokenSubject {
  user: Record<string, unknown>;
  identities: IdentityRow[];
  aal: string | null;
  amr: { method: string; timestamp: number }[] | null;
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
  // One round trip for the user, identities, session AAL and amr claims.
  const row = (
    await sql.query<{ subject: TokenSubject }>(
      `select json_build_object(
         'user', to_json(u),
         'identities', coalesce((select json_agg(i order by i.created_at, i.id) from auth.identities i where i.user_id = u.id), '[]'::json),
         'aal', (select aal from auth.sessions where id = $2),
         'amr', (select json_agg(json_build_object('method', c.authentication_method, 'timestamp', floor(extract(epoch from c.created_at))::bigint) order by c.created_at desc)
                 from auth.mfa_amr_claims c where c.session_id = $2)
       ) as subject from auth.users u where u.id = $1`,
      [userId, sessionId],
    )
  ).rows[0]!.subject;
  const user = reviveUser(row.user);
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
    aal: row.aal ?? 'aal1',
    amr: row.amr ?? [],
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: app.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, row.identities.map(reviveIdentity)),
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
