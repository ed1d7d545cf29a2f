import type { App } from '../../app.ts';
import { type AccessTokenClaims, signAccessToken } from '../../crypto/jwt.ts';
import { badRequest } from '../../errors.ts';
import type { Sql } from '../../db/database.ts';
import { AMR_METHOD, type FactorRow } from '../store/factors.ts';
import { type IdentityRow, reviveIdentity } from '../store/identities.ts';
import {
  activeRefreshToken,
  type AuthenticationMethod,
  createSession,
  findRefreshToken,
  markSessionRefreshed,
  revokeSessionRefreshTokens,
  rotateRefreshToken,
  type SessionClient,
  sessionTimes,
} from '../store/sessions.ts';
import { findUserById, isBanned, reviveUser, userJson } from '../store/users.ts';
import { customClaims, hookEnabled, runHook } from './hooks.ts';

/** GoTrue's AccessTokenResponse, as /token, /verify and the OAuth callback answer it. */
export type TokenResponse = Record<string, unknown> & {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
};

interface TokenSubject {
  user: Record<string, unknown>;
  identities: IdentityRow[];
  factors: FactorRow[];
  amr: { method: string; timestamp: number }[] | null;
}

/** GoTrue's CalculateAALAndAMR: aal2 when the session has an MFA amr entry (not sessions.aal, which handlers check). */
const MFA_METHODS = new Set(Object.values(AMR_METHOD));
const aalOf = (amr: { method: string }[]): string =>
  amr.some((e) => MFA_METHODS.has(e.method)) ? 'aal2' : 'aal1';

/** How a token is being issued: GoTrue's AuthenticationMethod for it, and the caller's IP (custom_access_token). */
export interface TokenGrant {
  method: string;
  ip: string | undefined;
}

/**
 * A fresh ES256 access token for the session plus the given refresh token and the user. With the
 * custom_access_token hook on, the hook's claims are signed instead, once they pass GoTrue's schema.
 */
export async function tokenResponse(
  app: App,
  sql: Sql,
  userId: string,
  sessionId: string,
  refreshToken: string,
  grant: TokenGrant,
  extra: Record<string, unknown> = {},
): Promise<TokenResponse> {
  // One round trip for the user, identities, factors and amr claims.
  const row = (
    await sql.query<{ subject: TokenSubject }>(
      `select json_build_object(
         'user', to_json(u),
         'identities', coalesce((select json_agg(i order by i.created_at, i.id) from auth.identities i where i.user_id = u.id), '[]'::json),
         'factors', coalesce((select json_agg(f order by f.created_at, f.id) from auth.mfa_factors f where f.user_id = u.id), '[]'::json),
         'amr', (select json_agg(json_build_object('method', c.authentication_method, 'timestamp', floor(extract(epoch from c.updated_at))::bigint)
                                 order by c.updated_at desc, c.created_at desc)
                 from auth.mfa_amr_claims c where c.session_id = $2)
       ) as subject from auth.users u where u.id = $1`,
      [userId, sessionId],
    )
  ).rows[0]!.subject;
  const user = reviveUser(row.user);
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + app.config.jwtExpiry;
  const claims: AccessTokenClaims = {
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
    aal: aalOf(row.amr ?? []),
    amr: row.amr ?? [],
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const accessToken = await signAccessToken(
    app.key,
    hookEnabled(app, 'custom_access_token')
      ? await runHook(
          app,
          'custom_access_token',
          grant.ip,
          { user_id: user.id, claims: { ...claims }, authentication_method: grant.method },
          { sql, decode: customClaims },
        )
      : claims,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: app.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, row.identities.map(reviveIdentity), row.factors),
    ...extra,
  };
}

/** Signs a user in within the caller's transaction: a new session and its token response. */
export async function signIn(
  app: App,
  sql: Sql,
  userId: string,
  method: AuthenticationMethod,
  client: SessionClient,
  extra: Record<string, unknown> = {},
): Promise<TokenResponse> {
  const { sessionId, refreshToken } = await createSession(sql, userId, method, client);
  return tokenResponse(app, sql, userId, sessionId, refreshToken, { method, ip: client.ip }, extra);
}

const tokenNotFound = () =>
  badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * GoTrue's Session.CheckValidity for a refresh (`[auth.sessions]`): past the timebox since sign-in, or idle past the
 * inactivity timeout since the last refresh (before the first one: the token's last update, else sign-in).
 */
function checkSessionValidity(
  app: App,
  session: { created_at: Date; refreshed_at: Date | null },
  tokenUpdatedAt: Date,
): void {
  const { timeboxMs, inactivityTimeoutMs } = app.config.sessions;
  const now = Date.now();
  if (timeboxMs > 0 && now > session.created_at.getTime() + timeboxMs) {
    throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
  }
  const lastRefreshed =
    session.refreshed_at ?? (tokenUpdatedAt > session.created_at ? tokenUpdatedAt : session.created_at);
  if (inactivityTimeoutMs > 0 && now > lastRefreshed.getTime() + inactivityTimeoutMs) {
    throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired (Inactivity)');
  }
}

/**
 * The refresh_token grant with GoTrue's legacy-token rules: rotation revokes the used token and issues a child;
 * replaying the parent of the active token returns that active token; other replays are allowed within the reuse
 * interval, and beyond it the whole family is revoked (refresh_token_already_used).
 */
export async function refreshGrant(
  app: App,
  refreshToken: string,
  client: SessionClient,
): Promise<TokenResponse> {
  const outcome = await app.db.tx(async (sql) => {
    const token = await findRefreshToken(sql, refreshToken);
    if (!token) throw tokenNotFound();
    const user = await findUserById(sql, token.user_id);
    if (!user) throw tokenNotFound();
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    const session = await sessionTimes(sql, token.session_id);
    if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    checkSessionValidity(app, session, token.updated_at);

    let issued: string | undefined;
    if (token.revoked) {
      const active = await activeRefreshToken(sql, token.session_id);
      if (active && active.parent === token.token) {
        issued = active.token;
      } else if (Date.now() > token.updated_at.getTime() + app.config.refreshTokenReuseInterval * 1000) {
        if (app.config.enableRefreshTokenRotation) await revokeSessionRefreshTokens(sql, token.session_id);
        // GoTrue commits the family revocation and then answers the error, so this returns instead of throwing.
        return { reused: true } as const;
      }
    }
    issued ??= await rotateRefreshToken(sql, token);
    await markSessionRefreshed(sql, token.session_id, client);
    return {
      reused: false,
      response: await tokenResponse(app, sql, user.id, token.session_id, issued, {
        method: 'token_refresh',
        ip: client.ip,
      }),
    } as const;
  });
  if (outcome.reused) throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  return outcome.response;
}
