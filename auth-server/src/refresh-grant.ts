import type { App } from './app.ts';
import { badRequest, type ApiError } from './errors.ts';
import { insertRefreshToken, tokenResponse } from './sessions.ts';
import { findUserById, isBanned } from './users.ts';

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  updated_at: Date;
}

/**
 * The refresh_token grant with GoTrue's legacy-token rules: rotation revokes the used token and issues a child;
 * replaying the parent of the active token returns that active token; other replays are allowed within the reuse
 * interval, and beyond it the whole family is revoked (refresh_token_already_used).
 */
export async function refreshGrant(app: App, refreshToken: string): Promise<Record<string, unknown>> {
  let failure: ApiError | undefined;
  const result = await app.db.tx(async (sql) => {
    const token = (await sql.query<TokenRow>('select * from auth.refresh_tokens where token = $1', [refreshToken])).rows[0];
    if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(sql, token.user_id);
    if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    const session = (await sql.query('select id from auth.sessions where id = $1', [token.session_id])).rows[0];
    if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');

    let issued: string | undefined;
    if (token.revoked) {
      const active = (
        await sql.query<{ token: string; parent: string | null }>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
          [token.session_id],
        )
      ).rows[0];
      if (active && active.parent === token.token) {
        issued = active.token;
      } else if (Date.now() > token.updated_at.getTime() + app.config.refreshTokenReuseInterval * 1000) {
        if (app.config.enableRefreshTokenRotation) {
          await sql.query('update auth.refresh_tokens set revoked = true where session_id = $1', [token.session_id]);
        }
        // GoTrue commits the family revocation and then answers the error.
        failure = badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        return undefined;
      }
    }
    if (!issued) {
      await sql.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and revoked = false', [token.id]);
      issued = await insertRefreshToken(sql, user.id, token.session_id, token.token);
    }
    await sql.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [token.session_id]);
    return tokenResponse(app, sql, user.id, token.session_id, issued);
  });
  if (failure) throw failure;
  return result!;
}
