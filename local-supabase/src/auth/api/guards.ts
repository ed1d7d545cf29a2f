import type { JWTPayload } from 'jose';
import { canonicalIp, firstValue, type IpLimit } from '../rules/rate-limits.ts';
import { resolveCredential, userClaims } from '../../crypto/jwt.ts';
import { SECRET_KEY } from '../../crypto/keys.ts';
import type { RequestContext } from '../../http/context.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../errors.ts';
import { isUuid } from '../rules/validation.ts';
import { type FactorRow, findOwnedFactor } from '../store/factors.ts';
import type { SessionClient } from '../store/sessions.ts';
import { findUserById, findUserWithSession, isBanned, type UserRow } from '../store/users.ts';

/**
 * The guards GoTrue's api.go puts in front of its handlers, and the builders the route table declares routes with.
 * A route's guards run here, in GoTrue's order (credentials, rate limit, feature checks), before its handler.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, a signed-in user (requireAuthentication) or an admin key (requireAdminCredentials). */
export type Access = 'public' | 'user' | 'admin';

/** A check GoTrue runs as middleware (requireEmailProvider, requireNotAnonymous…); throws the answer when it fails. */
export interface Check {
  name: string;
  /** `auth` is the verified user on userRoute routes. */
  run(ctx: RequestContext, auth: Authenticated | undefined): void | Promise<void>;
}

export interface RouteOptions {
  /** The per-client-IP bucket GoTrue's limitHandler applies, or the per-request choice (POST /token, /signup). */
  limit?: IpLimit | ((ctx: RequestContext) => IpLimit | Promise<IpLimit>);
  checks?: readonly Check[];
  /** Feature middleware GoTrue mounts on the route's group (r.Use), so it answers before the credentials and the limit. */
  gates?: readonly Check[];
  /** Middleware GoTrue mounts on a group behind the credentials (requireNotAnonymous, loadUser, loadFactor): before the limit. */
  uses?: readonly Check[];
  /** Left out of /__local/stats (the stats endpoints themselves). */
  uncounted?: boolean;
}

export interface Route extends RouteOptions {
  method: Method;
  /** GoTrue's path; `{name}` segments are parameters. */
  path: string;
  access: Access;
  /** The guards, then the handler. */
  run(ctx: RequestContext): Promise<Response>;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string | undefined;
  claims: JWTPayload;
}

export type Handler = (ctx: RequestContext) => Promise<Response> | Response;
export type UserHandler = (ctx: RequestContext, auth: Authenticated) => Promise<Response> | Response;

/** A route anyone may call. */
export function route(method: Method, path: string, handler: Handler, options: RouteOptions = {}): Route {
  return declare('public', method, path, options, async (ctx) => {
    passGates(ctx, options);
    await applyGuards(ctx, options, undefined);
    return handler(ctx);
  });
}

/** A route for the signed-in user: the handler (and the checks) get the verified user and session. */
export function userRoute(
  method: Method,
  path: string,
  handler: UserHandler,
  options: RouteOptions = {},
): Route {
  return declare('user', method, path, options, async (ctx) => {
    passGates(ctx, options);
    const auth = await requireUser(ctx);
    for (const check of options.uses ?? []) await check.run(ctx, auth);
    await applyGuards(ctx, options, auth);
    return handler(ctx, auth);
  });
}

/** A route for admin keys (service_role / sb_secret). */
export function adminRoute(
  method: Method,
  path: string,
  handler: Handler,
  options: RouteOptions = {},
): Route {
  return declare('admin', method, path, options, async (ctx) => {
    passGates(ctx, options);
    await requireAdmin(ctx);
    for (const check of options.uses ?? []) await check.run(ctx, undefined);
    await applyGuards(ctx, options, undefined);
    return handler(ctx);
  });
}

function declare(
  access: Access,
  method: Method,
  path: string,
  options: RouteOptions,
  run: Route['run'],
): Route {
  return { ...options, method, path, access, run };
}

function passGates(ctx: RequestContext, { gates = [] }: RouteOptions): void {
  for (const gate of gates) gate.run(ctx, undefined);
}

/** What follows the credentials: the rate limit, then the checks. */
async function applyGuards(
  ctx: RequestContext,
  { limit, checks = [] }: RouteOptions,
  auth: Authenticated | undefined,
): Promise<void> {
  if (limit) ctx.app.limits.checkIp(typeof limit === 'function' ? await limit(ctx) : limit, clientIp(ctx));
  for (const check of checks) await check.run(ctx, auth);
}

/**
 * The key of the per-IP limits, as GoTrue's performRateLimiting: `Sb-Forwarded-For` when the server trusts it and
 * it holds an IP (internal/sbff), else the configured RATE_LIMIT_HEADER, else (unlike GoTrue, which then does not
 * limit) the socket address, so limits hold by default. A header a visitor can set is read only when configured.
 * Hosted Supabase's gateway passes `Sb-Forwarded-For` on only with a secret key (`sb_secret_…`) in `apikey`: with
 * the publishable key or a legacy JWT key anyone could pick a fresh IP per request and never meet a limit.
 */
export function clientIp(ctx: RequestContext): string | undefined {
  const { rateLimitHeader } = ctx.app;
  const configured = rateLimitHeader ? firstValue(ctx.header(rateLimitHeader)) : undefined;
  return trustedForwardedIp(ctx) ?? configured ?? canonicalIp(ctx.remoteAddress);
}

/** `Sb-Forwarded-For`'s IP when the server trusts it on this request (see clientIp). */
function trustedForwardedIp(ctx: RequestContext): string | undefined {
  return ctx.app.trustSbForwardedFor && ctx.header('apikey') === SECRET_KEY
    ? canonicalIp(firstValue(ctx.header('sb-forwarded-for')))
    : undefined;
}

/**
 * The caller as GoTrue records it on a session (FillGrantParams): the User-Agent header, and the IP of
 * utilities.GetIPAddress: the trusted `Sb-Forwarded-For`, else the first IP in `X-Forwarded-For`, else the socket's.
 */
export function sessionClientOf(ctx: RequestContext): SessionClient {
  const forwardedFor = (ctx.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => canonicalIp(entry.trim()))
    .find((ip) => ip !== undefined);
  return {
    userAgent: ctx.header('user-agent') || undefined,
    ip: trustedForwardedIp(ctx) ?? forwardedFor ?? canonicalIp(ctx.remoteAddress),
  };
}

const noAuthorization = () =>
  new ApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');

/** GoTrue's requireAuthentication: a verified JWT whose user (and session, if named) still exist. */
async function requireUser(ctx: RequestContext): Promise<Authenticated> {
  const { db, key } = ctx.app;
  const cred = await resolveCredential(key, ctx.header('authorization'));
  if (cred.kind === 'none') throw noAuthorization();
  if (cred.kind === 'api') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const { sub, sessionId } = userClaims(cred.claims);
  const { user, sessionExists } = await findUserWithSession(db.sql, sub, sessionId);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (sessionId && !sessionExists) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { user, sessionId, claims: cred.claims };
}

/** GoTrue's default JWT_ADMIN_ROLES (conf.ApplyDefaults), which hosted projects keep. */
const ADMIN_ROLES: readonly unknown[] = ['service_role', 'supabase_admin'];

/** GoTrue's requireAdminCredentials: the JWT role must be one of the admin roles (exact match). */
async function requireAdmin(ctx: RequestContext): Promise<void> {
  const cred = await resolveCredential(ctx.app.key, ctx.header('authorization'));
  if (cred.kind === 'none') throw noAuthorization();
  const role = cred.kind === 'api' ? cred.role : cred.claims.role;
  if (!ADMIN_ROLES.includes(role)) throw forbidden('not_admin', 'User not allowed');
}

/** GoTrue's requireEmailProvider: `[auth.email] enable_signup = false` turns email logins off. */
export const emailProviderEnabled: Check = {
  name: 'requireEmailProvider',
  run: (ctx) => {
    if (!ctx.app.config.email.enableSignup)
      throw badRequest('email_provider_disabled', 'Email logins are disabled');
  },
};

/** GoTrue's requireSAMLEnabled. The CLI cannot configure SAML, so it is always off locally. */
export const samlEnabled: Check = {
  name: 'requireSAMLEnabled',
  run: () => {
    throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
  },
};

/** GoTrue's requireOAuthServerEnabled; the server refuses to start with `[auth.oauth_server] enabled = true`. */
export const oauthServerEnabled: Check = {
  name: 'requireOAuthServerEnabled',
  run: () => {
    throw notFound('feature_disabled', 'OAuth server is disabled');
  },
};

/** GoTrue's requireManualLinkingEnabled (`[auth] enable_manual_linking`). */
export const manualLinkingEnabled: Check = {
  name: 'requireManualLinkingEnabled',
  run: (ctx) => {
    if (!ctx.app.config.enableManualLinking)
      throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  },
};

/** GoTrue's requirePasskeyEnabled, mounted on the /passkeys group (`[auth.passkey] enabled`). */
export const passkeyEnabled: Check = {
  name: 'requirePasskeyEnabled',
  run: (ctx) => {
    if (!ctx.app.config.passkey.enabled) throw notFound('passkey_disabled', 'Passkeys are disabled');
  },
};

/** GoTrue's requireNotAnonymous: the JWT's is_anonymous claim. */
export const notAnonymous: Check = {
  name: 'requireNotAnonymous',
  run: (_ctx, auth) => {
    if (auth?.claims.is_anonymous === true)
      throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  },
};

/** What loadUser and loadFactor found for a request (GoTrue keeps them in the request context). */
const loadedUsers = new WeakMap<RequestContext, UserRow>();
const loadedFactors = new WeakMap<RequestContext, FactorRow>();

/** GoTrue's loadUser for /admin/users/{user_id}. */
export const loadUser: Check = {
  name: 'loadUser',
  run: async (ctx) => {
    const id = ctx.params.user_id ?? '';
    if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
    const user = await findUserById(ctx.app.db.sql, id);
    if (!user) throw notFound('user_not_found', 'User not found');
    loadedUsers.set(ctx, user);
  },
};

/** GoTrue's loadFactor: the {factor_id} of the signed-in user (or of the admin route's {user_id}). */
export const loadFactor: Check = {
  name: 'loadFactor',
  run: async (ctx, auth) => {
    const id = ctx.params.factor_id ?? '';
    if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID');
    const factor = await findOwnedFactor(ctx.app.db.sql, auth?.user.id ?? loadedUser(ctx).id, id);
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    loadedFactors.set(ctx, factor);
  },
};

function loaded<T>(map: WeakMap<RequestContext, T>, ctx: RequestContext, guard: string): T {
  const value = map.get(ctx);
  if (value === undefined) throw new Error(`${ctx.method} ${ctx.path}: the route does not declare ${guard}`);
  return value;
}

export const loadedUser = (ctx: RequestContext): UserRow => loaded(loadedUsers, ctx, 'loadUser');
export const loadedFactor = (ctx: RequestContext): FactorRow => loaded(loadedFactors, ctx, 'loadFactor');
