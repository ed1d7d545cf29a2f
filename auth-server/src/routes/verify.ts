import type { App } from '../app.ts';
import { clientIp, requestRedirect } from '../auth-context.ts';
import { ApiError, badRequest, unprocessable } from '../errors.ts';
import { issueAuthCode } from '../flow-state.ts';
import type { RequestContext } from '../http/context.ts';
import type { Router } from '../http/router.ts';
import { tokenHash } from '../one-time-tokens.ts';
import { createSession, tokenResponse } from '../sessions.ts';
import { validateEmail } from '../validation.ts';
import { applyVerification, userByEmailAndOtp, userByTokenHash } from '../verification.ts';

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** The amr / flow-state method each verification type signs in with on the PKCE path. */
const PKCE_METHOD: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** OAuth error names GoTrue puts in `error` for a status (oauthErrorMap). */
const OAUTH_ERRORS: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };

/** Go's url.Values.Encode: keys sorted, spaces as '+'. */
function encodeSorted(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(values[k]!).replace(/%20/g, '+')}`)
    .join('&');
}

function withQuery(target: string, add: Record<string, string>): URL {
  const url = new URL(target);
  const query: Record<string, string> = Object.fromEntries(url.searchParams);
  Object.assign(query, add);
  url.search = encodeSorted(query);
  return url;
}

export function errorRedirect(target: string, err: ApiError, pkce: boolean): string {
  const params: Record<string, string> = { error_code: err.code, error_description: err.message };
  const oauthError = OAUTH_ERRORS[err.status];
  if (oauthError) params.error = oauthError;
  const url = pkce ? withQuery(target, params) : new URL(target);
  return `${url.toString().split('#')[0]}#${encodeSorted({ ...params, sb: '' })}`;
}

export function registerVerifyRoutes(router: Router, app: App): void {
  router.add('GET', '/verify', (ctx) => verifyGet(app, ctx));
  router.add('POST', '/verify', (ctx) => verifyPost(app, ctx));
}

async function verifyGet(app: App, ctx: RequestContext): Promise<void> {
  app.limits.checkIp('tokenVerifications', clientIp(app, ctx));
  const token = ctx.query.get('token') ?? '';
  const type = ctx.query.get('type') ?? '';
  const redirectTo = requestRedirect(app, ctx);
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const pkce = token.startsWith('pkce_');
  let location: string;
  try {
    location = await app.db.tx(async (sql) => {
      const found = await userByTokenHash(app, sql, type, token);
      const user = await applyVerification(app, sql, found.user, found.type, token);
      if (!user) {
        const url = pkce ? withQuery(redirectTo, { message: SINGLE_CONFIRMATION }) : new URL(redirectTo);
        return `${url.toString().split('#')[0]}#${encodeSorted({ message: SINGLE_CONFIRMATION, sb: '' })}`;
      }
      if (pkce) {
        const method = PKCE_METHOD[found.type] ?? found.type;
        let code: string;
        try {
          code = await issueAuthCode(sql, user.id, method);
        } catch (err) {
          throw err instanceof ApiError ? badRequest('flow_state_not_found', `No associated flow state found. ${err.message}`) : err;
        }
        return withQuery(redirectTo, { code }).toString();
      }
      const { sessionId, refreshToken } = await createSession(sql, user, 'otp', ctx.header('user-agent'));
      const t = await tokenResponse(app, sql, user.id, sessionId, refreshToken);
      const fragment = encodeSorted({
        access_token: String(t.access_token),
        expires_at: String(t.expires_at),
        expires_in: String(t.expires_in),
        refresh_token: String(t.refresh_token),
        sb: '',
        token_type: 'bearer',
        type: found.type,
      });
      return `${redirectTo.split('#')[0]}#${fragment}`;
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    location = errorRedirect(redirectTo, err, pkce);
  }
  ctx.redirect(303, location);
}

async function verifyPost(app: App, ctx: RequestContext): Promise<void> {
  app.limits.checkIp('tokenVerifications', clientIp(app, ctx));
  const body = await ctx.body('VerifyParams');
  const type = body.string('type');
  const token = body.string('token');
  const hash = body.string('token_hash');
  const rawEmail = body.string('email');
  const phone = body.string('phone');
  const redirectTo = body.string('redirect_to');
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((token === '') === (hash === '')) throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  let email = '';
  if (token !== '') {
    if (phone !== '' && rawEmail === '') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    if (!(rawEmail !== '' && phone === '')) {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    }
    try {
      email = validateEmail(rawEmail);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  } else if (rawEmail !== '' || phone !== '' || redirectTo !== '') {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }

  const result = await app.db.tx(async (sql) => {
    const found = hash !== '' ? await userByTokenHash(app, sql, type, hash) : await userByEmailAndOtp(app, sql, type, email, token);
    const verifiedHash = hash !== '' ? hash : tokenHash(email, token);
    const user = await applyVerification(app, sql, found.user, found.type, verifiedHash);
    if (!user) return undefined;
    const { sessionId, refreshToken } = await createSession(sql, user, 'otp', ctx.header('user-agent'));
    return tokenResponse(app, sql, user.id, sessionId, refreshToken);
  });
  if (!result) return ctx.json(200, { msg: SINGLE_CONFIRMATION, code: '200' });
  ctx.json(200, result);
}
