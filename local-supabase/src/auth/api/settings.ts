import { KNOWN_PROVIDERS } from '../../config/defaults.ts';
import type { RequestContext } from '../../http/context.ts';

/** GET /health, /settings, the JWKS and OpenID discovery (health.go, settings.go, jwks.go), and the local counters. */

const SERVER_VERSION = 'v2.196.0-local';

const DISCOVERY_CACHE = { 'Cache-Control': 'public, max-age=600' };

export function health(ctx: RequestContext): Response {
  return ctx.json(200, {
    version: SERVER_VERSION,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

export function settings(ctx: RequestContext): Response {
  const { config } = ctx.app;
  const external: Record<string, boolean> = {};
  for (const name of KNOWN_PROVIDERS) external[name] = config.external[name]?.enabled ?? false;
  external.anonymous_users = config.enableAnonymousSignIns;
  external.email = config.email.enableSignup;
  external.phone = false;
  external.saml = false;
  return ctx.json(200, {
    external,
    disable_signup: !config.enableSignup,
    mailer_autoconfirm: !config.email.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: config.passkey.enabled,
  });
}

export function jwks(ctx: RequestContext): Response {
  return ctx.json(200, { keys: ctx.app.key.publicJwks }, DISCOVERY_CACHE);
}

export function openIdConfiguration(ctx: RequestContext): Response {
  const issuer = ctx.app.externalUrl;
  return ctx.json(
    200,
    {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      userinfo_endpoint: `${issuer}/user`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
    },
    DISCOVERY_CACHE,
  );
}

/** GET /__local/stats: requests per route since start or the last reset (local only, for tests and the bench). */
export function requestStats(ctx: RequestContext): Response {
  return ctx.json(200, ctx.app.stats.snapshot());
}

export function resetRequestStats(ctx: RequestContext): Response {
  ctx.app.stats.reset();
  return ctx.json(200, ctx.app.stats.snapshot());
}
