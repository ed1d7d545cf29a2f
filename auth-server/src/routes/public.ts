import type { App } from '../app.ts';
import { KNOWN_PROVIDERS } from '../config-defaults.ts';
import type { Router } from '../http/router.ts';

export const SERVER_VERSION = 'v2.196.0-local';

/** GET /settings, /health, /.well-known/jwks.json and the OpenID configuration. */
export function registerPublicRoutes(router: Router, app: App): void {
  router.add('GET', '/health', (ctx) => {
    ctx.json(200, { version: SERVER_VERSION, name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
  });

  router.add('GET', '/settings', (ctx) => {
    const { config } = app;
    const external: Record<string, boolean> = {};
    for (const name of KNOWN_PROVIDERS) external[name] = config.external[name]?.enabled ?? false;
    external.anonymous_users = config.enableAnonymousSignIns;
    external.email = config.email.enableSignup;
    external.phone = false;
    external.saml = false;
    ctx.json(200, {
      external,
      disable_signup: !config.enableSignup,
      mailer_autoconfirm: !config.email.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    });
  });

  router.add('GET', '/.well-known/jwks.json', (ctx) => {
    ctx.json(200, { keys: [app.key.publicJwk] }, { 'Cache-Control': 'public, max-age=600' });
  });

  router.add('GET', '/.well-known/openid-configuration', (ctx) => {
    ctx.json(200, {
      issuer: app.externalUrl,
      authorization_endpoint: `${app.externalUrl}/authorize`,
      token_endpoint: `${app.externalUrl}/token`,
      jwks_uri: `${app.externalUrl}/.well-known/jwks.json`,
      userinfo_endpoint: `${app.externalUrl}/user`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
    }, { 'Cache-Control': 'public, max-age=600' });
  });
}
