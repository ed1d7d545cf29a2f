import type { Check, Handler } from './guards.ts';

/**
 * Routes of GoTrue features the local server does not have: SAML SSO and the OAuth 2.1 server. The table declares
 * them with GoTrue's gate, which always refuses here (the CLI cannot switch SAML on; start-up refuses
 * `[auth.oauth_server] enabled = true`), so clients get GoTrue's "disabled" answer rather than a bare 404.
 */
export function closedBy(gate: Check): Handler {
  return (ctx) => {
    gate.run(ctx, undefined);
    throw new Error(`${gate.name} let ${ctx.method} ${ctx.path} through`);
  };
}
