import type { JWTPayload } from 'jose';
import type { App } from './app.ts';
import { ApiError, forbidden } from './errors.ts';
import type { RequestContext } from './http/context.ts';
import { resolveCredential, userClaims } from './jwt.ts';
import { resolveRedirect } from './redirects.ts';
import { findUserById, isBanned, type UserRow } from './users.ts';

export interface Authenticated {
  user: UserRow;
  sessionId: string | undefined;
  claims: JWTPayload;
}

const noAuthorization = () => new ApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');

/** GoTrue's requireAuthentication: a verified JWT whose user (and session, if named) still exist. */
export async function requireUser(app: App, ctx: RequestContext): Promise<Authenticated> {
  const cred = await resolveCredential(app.key, ctx.header('authorization'));
  if (cred.kind === 'none') throw noAuthorization();
  if (cred.kind === 'api') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const { sub, sessionId } = userClaims(cred.claims);
  const user = await findUserById(app.db.sql, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (sessionId) {
    const found = await app.db.sql.query('select 1 from auth.sessions where id = $1', [sessionId]);
    if (found.rows.length === 0) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { user, sessionId, claims: cred.claims };
}

/** GoTrue's requireAdmin: the JWT role must be in JWT_ADMIN_ROLES (service_role locally). */
export async function requireAdmin(app: App, ctx: RequestContext): Promise<void> {
  const cred = await resolveCredential(app.key, ctx.header('authorization'));
  if (cred.kind === 'none') throw noAuthorization();
  const role = cred.kind === 'api' ? cred.role : cred.claims.role;
  if (role !== 'service_role') throw forbidden('not_admin', 'User not allowed');
}

/** Where emailed links and redirects should land: validated redirect_to / Referer, else site_url. */
export function requestRedirect(app: App, ctx: RequestContext): string {
  return resolveRedirect(app.config, app.redirectPatterns, [
    ctx.header('redirect_to'),
    ctx.query.get('redirect_to') ?? undefined,
    ctx.header('referer'),
  ]);
}

/** The client IP for per-IP limits, read from the configured header (GoTrue's RATE_LIMIT_HEADER). */
export function clientIp(app: App, ctx: RequestContext): string | undefined {
  if (!app.rateLimitHeader) return undefined;
  return ctx.header(app.rateLimitHeader)?.split(',')[0]?.trim() || undefined;
}
