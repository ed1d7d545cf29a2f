import type { IpLimit } from '../rules/rate-limits.ts';
import { refreshGrant, signIn } from '../rules/session-tokens.ts';
import { pkceVerifierMatches } from '../../crypto/codes.ts';
import { passwordWeakness, verifyPassword } from '../../crypto/passwords.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, notFound, OAuthError, unprocessable } from '../../errors.ts';
import type { Sql } from '../../db/database.ts';
import {
  deleteFlowState,
  findFlowStateByCode,
  FLOW_STATE_EXPIRY_MS,
  type FlowStateRow,
} from '../store/flow-state.ts';
import { attemptDecision, HOOK_REJECTION, hookEnabled, runHook } from '../rules/hooks.ts';
import { endSessions } from '../store/sessions.ts';
import { sessionClientOf } from './guards.ts';
import { idTokenGrant } from './token-oidc.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed } from '../store/users.ts';

/** POST /token?grant_type=password|refresh_token|pkce|id_token|web3 (token.go, token_refresh.go). */
export async function token(ctx: RequestContext): Promise<Response> {
  const grantType = ctx.query.get('grant_type') ?? '';
  if (grantType === 'password') return passwordGrant(ctx);
  if (grantType === 'refresh_token') {
    const refreshToken = (await ctx.body('RefreshTokenGrantParams')).string('refresh_token');
    if (refreshToken === '') throw new OAuthError('invalid_request', 'refresh_token required');
    return ctx.json(200, await refreshGrant(ctx.app, refreshToken, sessionClientOf(ctx)));
  }
  if (grantType === 'pkce') return pkceGrant(ctx);
  if (grantType === 'id_token') return idTokenGrant(ctx);
  // web3.go Web3Grant: the CLI's [auth.web3.*] cannot be switched on here (start-up refuses it).
  if (grantType === 'web3') throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}

/** The rate-limit bucket of a /token request: refreshes count as token_refresh, sign-ins as sign_in_sign_ups. */
export function tokenLimit(ctx: RequestContext): IpLimit {
  return ctx.query.get('grant_type') === 'refresh_token' ? 'tokenRefresh' : 'signInSignUps';
}

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

async function passwordGrant(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const body = await ctx.body('PasswordGrantParams');
  const email = body.string('email');
  const phone = body.string('phone');
  const password = body.string('password');
  if (email !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (email === '' && phone === '') throw badRequest('validation_failed', 'missing email or phone');
  if (phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!app.config.email.enableSignup)
    throw unprocessable('email_provider_disabled', 'Email logins are disabled');

  const user = await findUserByEmail(app.db.sql, email);
  // GoTrue's order: a user without a password is unknown here, banned or not; a banned one is told so.
  if (!user?.encrypted_password) throw invalidCredentials();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  const valid = await verifyPassword(password, user.encrypted_password);
  if (hookEnabled(app, 'password_verification_attempt')) {
    const client = sessionClientOf(ctx);
    const output = await runHook(
      app,
      'password_verification_attempt',
      client.ip,
      { user_id: user.id, valid },
      { decode: attemptDecision },
    );
    if (output.decision === HOOK_REJECTION) {
      if (output.should_logout_user) await app.db.tx((sql) => endSessions(sql, user.id, 'global', undefined));
      throw badRequest(
        'invalid_credentials',
        output.message || 'Further password verification attempts will be rejected.',
      );
    }
  }
  if (!valid) throw invalidCredentials();
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const weakness = passwordWeakness(app.config, password);
  const extra = weakness ? { weak_password: weakness } : {};
  return ctx.json(
    200,
    await app.db.tx((sql) => signIn(app, sql, user.id, 'password', sessionClientOf(ctx), extra)),
  );
}

async function pkceGrant(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const body = await ctx.body('PKCEGrantParams');
  const authCode = body.string('auth_code');
  const verifier = body.string('code_verifier');
  if (authCode === '' || verifier === '') {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const response = await app.db.tx(async (sql) => {
    const flow = await consumeFlowState(sql, authCode, verifier);
    const user = await findUserById(sql, flow.user_id);
    if (!user) throw badRequest('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    const extra: Record<string, unknown> = {};
    if (flow.provider_access_token) extra.provider_token = flow.provider_access_token;
    if (flow.provider_refresh_token) extra.provider_refresh_token = flow.provider_refresh_token;
    return signIn(app, sql, user.id, flow.authentication_method, sessionClientOf(ctx), extra);
  });
  return ctx.json(200, response);
}

/** Checks an auth code and its verifier against the stored flow (unexpired, challenge matched) and consumes it. */
async function consumeFlowState(
  sql: Sql,
  authCode: string,
  verifier: string,
): Promise<FlowStateRow & { user_id: string }> {
  const flow = await findFlowStateByCode(sql, authCode);
  if (!flow || !flow.user_id)
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const startedAt =
    flow.auth_code_issued_at && flow.authentication_method === 'magiclink'
      ? flow.auth_code_issued_at
      : flow.created_at;
  if (Date.now() > startedAt.getTime() + FLOW_STATE_EXPIRY_MS) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (flow.code_challenge_method !== 's256' && flow.code_challenge_method !== 'plain') {
    throw badRequest('bad_code_verifier', 'code challenge method not supported');
  }
  if (!pkceVerifierMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await deleteFlowState(sql, flow.id);
  return { ...flow, user_id: flow.user_id };
}
