import { createHash, randomBytes } from 'node:crypto';
import type { ProviderIdentity } from '../rules/accounts.ts';
import { isEmail } from '../rules/validation.ts';
import type { RequestContext } from '../../http/context.ts';

/**
 * The local identity provider that stands in for GitHub and Google: GET /authorize sends the browser to its consent
 * page, where a test identity is picked; Allow or Deny goes back to /callback with a one-use code or an error.
 */

/** What the built-in identity provider hands back for a chosen test identity. */
export interface IdpIdentity {
  provider: string;
  subject: string;
  email: string;
  name: string;
}

const TEST_IDENTITIES = [
  { email: 'ada@example.com', name: 'Ada Lovelace' },
  { email: 'grace@example.com', name: 'Grace Hopper' },
  { email: 'alan@example.com', name: 'Alan Turing' },
];

/** Stable provider subjects per email: numeric like GitHub's and Google's ids, so repeat sign-ins hit the same identity. */
function subjectFor(provider: string, email: string): string {
  const digest = createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest();
  const n = digest.readBigUInt64BE(0);
  return provider === 'google' ? (n % 10n ** 21n).toString().padStart(21, '1') : (n % 10n ** 9n).toString();
}

/** The identity with its claims shaped like GoTrue's provider.Claims for that provider. */
export function providerIdentity(id: IdpIdentity): ProviderIdentity {
  return { provider: id.provider, subject: id.subject, email: id.email, claims: identityClaims(id) };
}

function identityClaims(id: IdpIdentity): Record<string, unknown> {
  const avatar = `https://avatars.example.invalid/${id.subject}`;
  const common = {
    sub: id.subject,
    name: id.name,
    email: id.email,
    email_verified: true,
    phone_verified: false,
    full_name: id.name,
    avatar_url: avatar,
    provider_id: id.subject,
  };
  return id.provider === 'google'
    ? { iss: 'https://accounts.google.com', ...common, picture: avatar }
    : {
        iss: 'https://api.github.com',
        ...common,
        user_name: id.email.split('@')[0],
        preferred_username: id.email.split('@')[0],
      };
}

/** One-use authorization codes of the local IdP, kept in memory for a few minutes. */
export class IdpCodes {
  private readonly codes = new Map<string, { identity: IdpIdentity; expires: number }>();

  issue(identity: IdpIdentity): string {
    const code = randomBytes(20).toString('hex');
    this.codes.set(code, { identity, expires: Date.now() + 300_000 });
    return code;
  }

  redeem(code: string): IdpIdentity | undefined {
    const entry = this.codes.get(code);
    this.codes.delete(code);
    return entry && entry.expires > Date.now() ? entry.identity : undefined;
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET /local-idp/authorize: the consent page. */
export function consent(ctx: RequestContext): Response {
  return ctx.html(200, consentPage(ctx.query.get('provider') ?? '', ctx.query.get('state') ?? ''));
}

/** POST /local-idp/authorize: Allow issues a code for the chosen identity, Deny an access_denied error. */
export async function decide(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const form = await ctx.form();
  const state = form.string('state');
  const provider = form.string('provider');
  const back = (params: Record<string, string>) =>
    ctx.redirect(302, `${app.externalUrl}/callback?${new URLSearchParams({ ...params, state })}`);
  if (form.string('decision') !== 'allow')
    return back({ error: 'access_denied', error_description: 'The user denied the request' });
  const preset = TEST_IDENTITIES.find((t) => t.email === form.string('identity'));
  const typed = preset?.email ?? form.string('email').trim();
  if (!isEmail(typed))
    return ctx.html(
      400,
      consentPage(provider, state, 'Enter a valid email address, or pick one of the test identities.'),
    );
  const email = typed.toLowerCase();
  const name = preset?.name ?? (form.string('name').trim() || email.split('@')[0]!);
  return back({ code: app.idpCodes.issue({ provider, subject: subjectFor(provider, email), email, name }) });
}

/** The consent page: pick a test identity or type one, then Allow or Deny. Plain, labelled, keyboard-friendly. */
function consentPage(provider: string, state: string, error?: string): string {
  const title = `Sign in with ${provider === 'google' ? 'Google' : provider === 'github' ? 'GitHub' : provider} (local test provider)`;
  const options = TEST_IDENTITIES.map(
    (t, i) =>
      `<li><label><input type="radio" name="identity" value="${esc(t.email)}"${i === 0 ? ' checked' : ''}> ${esc(t.name)} &lt;${esc(t.email)}&gt;</label></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}fieldset{margin:1rem 0}ul{list-style:none;padding:0}button{font:inherit;padding:.4rem 1rem;margin-right:.5rem}input[type=email],input[type=text]{font:inherit;width:100%}[role=alert]{color:#a00}</style>
</head><body><main>
<h1>${esc(title)}</h1>
<p>This page stands in for the real identity provider on the local auth server. Nothing leaves this machine.</p>
${error ? `<p role="alert">${esc(error)}</p>` : ''}
<form method="post" action="authorize">
<input type="hidden" name="state" value="${esc(state)}"><input type="hidden" name="provider" value="${esc(provider)}">
<fieldset><legend>Choose a test identity</legend><ul>
${options}
<li><label><input type="radio" name="identity" value="custom"> Someone else (below)</label></li>
</ul></fieldset>
<fieldset><legend>Someone else</legend>
<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="off"></p>
<p><label for="name">Name</label><br><input id="name" name="name" type="text" autocomplete="off"></p>
</fieldset>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></main></body></html>`;
}
