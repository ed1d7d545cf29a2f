import type { App } from '../app.ts';
import { clientIp } from '../auth-context.ts';
import { badRequest, OAuthError, unprocessable } from '../errors.ts';
import { consumeFlowState } from '../flow-state.ts';
import type { RequestContext } from '../http/context.ts';
import type { Router } from '../http/router.ts';
import { passwordWeakness, verifyPassword } from '../passwords.ts';
import { refreshGrant } from '../refresh-grant.ts';
import { createSession, tokenResponse } from '../sessions.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed } from '../users.ts';

/** POST /token?grant_type=password|refresh_token|pkce (token.go). */
export function registerTokenRoutes(router: Router, app: App): void {
  router.add('POST', '/token', async (ctx) => {
    const grantType = ctx.query.get('grant_type') ?? '';
    app.limits.checkIp(grantType === 'refresh_token' ? 'tokenRefresh' : 'signInSignUps', clientIp(app, ctx));
    if (grantType === 'password') return passwordGrant(app, ctx);
    if (grantType === 'refresh_token') {
      const token = (await ctx.body('RefreshTokenGrantParams')).string('refresh_token');
      if (token === '') throw new OAuthError('invalid_request', 'refresh_token required');
      return ctx.json(200, await refreshGrant(app, token));
    }
    if (grantType === 'pkce') return pkceGrant(app, ctx);
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  });
}

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

async function passwordGrant(app: App, ctx: RequestContext): Promise<void> {
  const body = await ctx.body('PasswordGrantParams');
  const email = body.string('email');
  const phone = body.string('phone');
  const password = body.string('password');
  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (email === '' && phone === '') throw badRequest('validation_failed', 'missing email or phone');
  if (phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!app.config.email.enableSignup) throw unprocessable('email_provider_disabled', 'Email logins are disabled');

  const user = await findUserByEmail(app.db.sql, email);
  if (!user) throw invalidCredentials();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user.encrypted_password))) throw invalidCredentials();
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const weakness = passwordWeakness(app.config, password);
  const response = await app.db.tx(async (sql) => {
    const { sessionId, refreshToken } = await createSession(sql, user, 'password', ctx.header('user-agent'));
    return tokenResponse(app, sql, user.id, sessionId, refreshToken, weakness ? { weak_password: weakness } : {});
  });
  ctx.json(200, response);
}

async function pkceGrant(app: App, ctx: RequestContext): Promise<void> {
  const body = await ctx.body('PKCEGrantParams');
  const authCode = body.string('auth_code');
  const verifier = body.string('code_verifier');
  if (authCode === '' || verifier === '') {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const response = await app.db.tx(async (sql) => {
    const flow = await consumeFlowState(sql, authCode, verifier);
    const user = await findUserById(sql, flow.user_id);
    if (!user) throw badRequest('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    const { sessionId, refreshToken } = await createSession(sql, user, flow.authentication_method, ctx.header('user-agent'));
    const extra: Record<string, unknown> = {};
    if (flow.provider_access_token) extra.provider_token = flow.provider_access_token;
    if (flow.provider_refresh_token) extra.provider_refresh_token = flow.provider_refresh_token;
    return tokenResponse(app, sql, user.id, sessionId, refreshToken, extra);
  });
  ctx.json(200, response);
}
