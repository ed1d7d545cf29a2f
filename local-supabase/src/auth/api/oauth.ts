import type { App } from '../../app.ts';
import { accountForIdentity, linkIdentityToUser } from '../rules/accounts.ts';
import { signIn } from '../rules/session-tokens.ts';
import { isUuid, validatePkce } from '../rules/validation.ts';
import { LOCAL_IDP_PROVIDERS } from '../../config/config.ts';
import type { RequestContext } from '../../http/context.ts';
import { ApiError, badRequest } from '../../errors.ts';
import {
  completeOAuthFlow,
  createFlowState,
  deleteFlowState,
  findFlowState,
  FLOW_STATE_EXPIRY_MS,
  type FlowStateRow,
} from '../store/flow-state.ts';
import type { SessionClient } from '../store/sessions.ts';
import { sessionClientOf } from './guards.ts';
import { type IdpIdentity, providerIdentity } from './local-idp.ts';

/** Sign-in with an external provider as GoTrue's external.go: GET /authorize → provider → GET|POST /callback. */

/** GET /authorize?provider=…: starts the flow and sends the browser to the (local) provider. */
export async function authorize(ctx: RequestContext): Promise<Response> {
  return startFlow(ctx, undefined);
}

/**
 * The start of GoTrue's GetExternalProviderRedirectURL, for /authorize and /user/identities/authorize (which names
 * the signed-in user the identity will be linked to).
 */
export async function startFlow(ctx: RequestContext, linkingTargetId: string | undefined): Promise<Response> {
  const { app } = ctx;
  const provider = ctx.query.get('provider') ?? '';
  if (
    !LOCAL_IDP_PROVIDERS.includes(provider) ||
    !Object.hasOwn(app.config.external, provider) ||
    !app.config.external[provider]!.enabled
  ) {
    throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
  }
  const pkce = validatePkce(
    ctx.query.get('code_challenge') ?? '',
    ctx.query.get('code_challenge_method') ?? '',
  );
  const flow = await createFlowState(app.db.sql, {
    pkce,
    userId: null,
    providerType: provider,
    authMethod: 'oauth',
    redirectTo: ctx.redirectTarget(),
    linkingTargetId,
  });
  const url = `${app.externalUrl}/local-idp/authorize?${new URLSearchParams({ provider, state: flow.id })}`;
  if (ctx.query.get('skip_http_redirect') === 'true') return ctx.json(200, { url });
  return ctx.redirect(302, url);
}

/** GET|POST /callback: the provider's answer; redirects to redirect_to with a code, a session or the error. */
export async function callback(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const input = ctx.method === 'POST' ? (await ctx.form()).raw : Object.fromEntries(ctx.query);
  const get = (k: string) => (typeof input[k] === 'string' ? (input[k] as string) : '');
  const state = get('state');
  const flow = isUuid(state) ? await findFlowState(app.db.sql, state) : undefined;
  const redirectTo = flow?.redirect_to ?? app.config.siteUrl;
  if (get('error'))
    return ctx.redirect(
      302,
      errorRedirect(redirectTo, { error: get('error'), error_description: get('error_description') }),
    );
  try {
    if (!state) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
    if (!flow || flow.user_id) throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
    if (Date.now() > flow.created_at.getTime() + FLOW_STATE_EXPIRY_MS)
      throw badRequest('bad_oauth_state', 'OAuth state has expired');
    if (!get('code'))
      throw badRequest('bad_oauth_callback', 'OAuth callback with missing authorization code missing');
    const identity = app.idpCodes.redeem(get('code'));
    if (!identity || identity.provider !== flow.provider_type)
      throw badRequest('bad_oauth_callback', 'OAuth authorization code is invalid or has expired');
    return ctx.redirect(302, await finishSignIn(app, flow, identity, sessionClientOf(ctx)));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return ctx.redirect(302, errorRedirect(redirectTo, errorParams(err)));
  }
}

/** Links or creates the account; PKCE flows get a code to exchange, implicit flows the session in the fragment. */
async function finishSignIn(
  app: App,
  flow: FlowStateRow,
  identity: IdpIdentity,
  client: SessionClient,
): Promise<string> {
  const redirectTo = flow.redirect_to ?? app.config.siteUrl;
  const providerToken = `local-${identity.provider}-token-${crypto.randomUUID()}`;
  return app.db.tx(async (sql) => {
    const user = flow.linking_target_id
      ? await linkIdentityToUser(app, sql, flow.linking_target_id, providerIdentity(identity))
      : await accountForIdentity(app.config, sql, providerIdentity(identity));
    if (flow.code_challenge) {
      await completeOAuthFlow(sql, flow.id, user.id, providerToken);
      const url = new URL(redirectTo);
      url.searchParams.set('code', flow.auth_code);
      return url.toString();
    }
    await deleteFlowState(sql, flow.id);
    const t = await signIn(app, sql, user.id, 'oauth', client);
    const fragment = new URLSearchParams({
      access_token: t.access_token,
      expires_at: String(t.expires_at),
      expires_in: String(t.expires_in),
      provider_token: providerToken,
      refresh_token: t.refresh_token,
      sb: '',
      token_type: 'bearer',
    });
    return `${redirectTo.split('#')[0]}#${fragment}`;
  });
}

/** GoTrue's OAuth error names for an error it answers on the callback. */
function errorParams(err: ApiError): Record<string, string> {
  const error =
    err.status === 403 || err.code === 'signup_disabled'
      ? 'access_denied'
      : err.status === 400
        ? 'invalid_request'
        : 'server_error';
  return { error, error_code: err.code, error_description: err.message };
}

/** GoTrue's redirectErrors: error details in the query and, for older clients, the fragment. */
function errorRedirect(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.hash = new URLSearchParams({ ...params, sb: '' }).toString();
  return url.toString();
}
