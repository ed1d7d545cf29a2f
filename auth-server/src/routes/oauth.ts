import type { App } from '../app.ts';
import { requestRedirect } from '../auth-context.ts';
import { ApiError, badRequest, OAuthError } from '../errors.ts';
import { createFlowState, type FlowStateRow, validatePkce } from '../flow-state.ts';
import { FLOW_STATE_EXPIRY_MS } from '../app.ts';
import type { RequestContext } from '../http/context.ts';
import type { Router } from '../http/router.ts';
import { consentPage, IdpCodes, subjectFor, TEST_IDENTITIES } from '../local-idp.ts';
import { accountForIdentity } from '../oauth-accounts.ts';
import { createSession, tokenResponse } from '../sessions.ts';
import { isUuid, validateEmail } from '../validation.ts';

/** GET /authorize → built-in consent page (/local-idp/authorize) → GET|POST /callback, as GoTrue's external.go. */
export function registerOAuthRoutes(router: Router, app: App): void {
  const codes = new IdpCodes();

  router.add('GET', '/authorize', async (ctx) => {
    const provider = ctx.query.get('provider') ?? '';
    if (!app.config.external[provider]?.enabled || !['github', 'google'].includes(provider)) {
      throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
    }
    const pkce = validatePkce(ctx.query.get('code_challenge') ?? '', ctx.query.get('code_challenge_method') ?? '');
    const flow = await createFlowState(app.db.sql, {
      codeChallenge: pkce?.codeChallenge ?? '',
      codeChallengeMethod: pkce?.codeChallengeMethod ?? '',
      userId: null,
      providerType: provider,
      authMethod: 'oauth',
      redirectTo: requestRedirect(app, ctx),
    });
    const url = `${app.externalUrl}/local-idp/authorize?${new URLSearchParams({ provider, state: flow.id })}`;
    if (ctx.query.get('skip_http_redirect') === 'true') return ctx.json(200, { url });
    ctx.redirect(302, url);
  });

  router.add('GET', '/local-idp/authorize', (ctx) => {
    ctx.html(200, consentPage(ctx.query.get('provider') ?? '', ctx.query.get('state') ?? ''));
  });

  router.add('POST', '/local-idp/authorize', async (ctx) => {
    const form = await ctx.form();
    const state = form.string('state');
    const provider = form.string('provider');
    const back = (params: Record<string, string>) => ctx.redirect(302, `${app.externalUrl}/callback?${new URLSearchParams({ ...params, state })}`);
    if (form.string('decision') !== 'allow') return back({ error: 'access_denied', error_description: 'The user denied the request' });
    const choice = form.string('identity');
    const preset = TEST_IDENTITIES.find((t) => t.email === choice);
    let email = preset?.email ?? form.string('email').trim();
    try {
      email = validateEmail(email);
    } catch {
      return ctx.html(400, consentPage(provider, state, 'Enter a valid email address, or pick one of the test identities.'));
    }
    const name = preset?.name ?? (form.string('name').trim() || email.split('@')[0]!);
    back({ code: codes.issue({ provider, subject: subjectFor(provider, email), email, name }) });
  });

  const callback = async (ctx: RequestContext) => {
    const input = ctx.method === 'POST' ? (await ctx.form()).raw : Object.fromEntries(ctx.query);
    const get = (k: string) => (typeof input[k] === 'string' ? (input[k] as string) : '');
    const state = get('state');
    const flow = isUuid(state)
      ? (await app.db.sql.query<FlowStateRow>('select * from auth.flow_state where id = $1', [state])).rows[0]
      : undefined;
    const redirectTo = flow?.redirect_to ?? app.config.siteUrl;
    try {
      if (get('error')) throw new OAuthError(get('error'), get('error_description'));
      if (!state) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
      if (!flow || flow.user_id) throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
      if (Date.now() > flow.created_at.getTime() + FLOW_STATE_EXPIRY_MS) throw badRequest('bad_oauth_state', 'OAuth state has expired');
      if (!get('code')) throw badRequest('bad_oauth_callback', 'OAuth callback with missing authorization code missing');
      const identity = codes.redeem(get('code'));
      if (!identity || identity.provider !== flow.provider_type) throw badRequest('bad_oauth_callback', 'OAuth authorization code is invalid or has expired');
      ctx.redirect(302, await finishSignIn(app, flow, identity));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      ctx.redirect(302, callbackErrorRedirect(redirectTo, err));
    }
  };
  router.add('GET', '/callback', callback);
  router.add('POST', '/callback', callback);
}

async function finishSignIn(app: App, flow: FlowStateRow, identity: Parameters<typeof accountForIdentity>[2]): Promise<string> {
  const redirectTo = flow.redirect_to ?? app.config.siteUrl;
  const providerToken = `local-${identity.provider}-token-${crypto.randomUUID()}`;
  return app.db.tx(async (sql) => {
    const user = await accountForIdentity(app, sql, identity);
    if (flow.code_challenge) {
      await sql.query(
        'update auth.flow_state set user_id = $2, auth_code_issued_at = now(), provider_access_token = $3, updated_at = now() where id = $1',
        [flow.id, user.id, providerToken],
      );
      const url = new URL(redirectTo);
      url.searchParams.set('code', flow.auth_code);
      return url.toString();
    }
    await sql.query('delete from auth.flow_state where id = $1', [flow.id]);
    const { sessionId, refreshToken } = await createSession(sql, user, 'oauth');
    const t = await tokenResponse(app, sql, user.id, sessionId, refreshToken);
    const fragment = new URLSearchParams({
      access_token: String(t.access_token),
      expires_at: String(t.expires_at),
      expires_in: String(t.expires_in),
      provider_token: providerToken,
      refresh_token: String(t.refresh_token),
      sb: '',
      token_type: 'bearer',
    });
    return `${redirectTo.split('#')[0]}#${fragment}`;
  });
}

/** GoTrue's redirectErrors: error details in the query and, for older clients, the fragment. */
function callbackErrorRedirect(target: string, err: ApiError): string {
  const url = new URL(target);
  const params: Record<string, string> =
    err instanceof OAuthError
      ? { error: err.code, error_description: err.message }
      : { error: err.status === 403 || err.code === 'signup_disabled' ? 'access_denied' : err.status === 400 ? 'invalid_request' : 'server_error', error_code: err.code, error_description: err.message };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.hash = new URLSearchParams({ ...params, sb: '' }).toString();
  return url.toString();
}
