import { describe, expect, it } from 'vitest';
import type { AuthConfig } from '../../local-supabase/src/config/config.ts';
import type { Access, Route } from '../../local-supabase/src/auth/api/guards.ts';
import { ROUTES } from '../../local-supabase/src/auth/api/table.ts';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  PASSWORD,
  PUBLISHABLE_KEY,
  uniqueEmail,
} from './helpers.ts';

/**
 * The guards GoTrue puts on each route, read from supabase/auth internal/api/api.go: requireAdminCredentials,
 * requireAuthentication, limitHandler buckets (the CLI's sign_in_sign_ups is GoTrue's RATE_LIMIT_OTP) and the
 * feature middleware. Routes the local server does not have yet are listed so that adding one checks it too.
 */
function goTrueGuards(method: string, path: string): { access: Access; limit?: string; checks: string[] } {
  const admin = path === '/invite' || path.startsWith('/admin/');
  const user =
    ['/logout', '/reauthenticate'].includes(path) ||
    /^\/(user|factors)(\/|$)/.test(path) ||
    /^\/passkeys(\/registration\/[^/]+|\/\{[^}]+\})?$/.test(path) ||
    /^\/oauth\/(userinfo|authorizations\/)/.test(path);
  const otpBucket =
    ['/signup', '/recover', '/resend', '/magiclink', '/otp'].includes(path) ||
    (method === 'PUT' && path === '/user');
  const limited =
    /^\/factors\/(\{[^}]+\}\/(verify|challenge)|recovery-codes\/verify)$/.test(path) ||
    ['/passkeys/authentication/options', '/sso', '/sso/saml/acs', '/oauth/clients/register'].includes(path);
  const perRequest = path === '/token' || path === '/signup';
  const limit = perRequest
    ? 'per request'
    : otpBucket
      ? 'signInSignUps'
      : path === '/verify'
        ? 'tokenVerifications'
        : limited
          ? 'any'
          : undefined;
  const checks = [
    path === '/recover' && 'requireEmailProvider',
    path.startsWith('/passkeys') && 'requirePasskeyEnabled',
    path.startsWith('/sso') && 'requireSAMLEnabled',
    path.startsWith('/user/identities') && 'requireManualLinkingEnabled',
    /^\/(admin\/|user\/)?oauth\/|^\/\.well-known\/oauth-authorization-server$/.test(path) &&
      'requireOAuthServerEnabled',
    (path.startsWith('/factors') || path.startsWith('/passkeys/registration')) && 'requireNotAnonymous',
  ].filter((c): c is string => typeof c === 'string');
  return { access: admin ? 'admin' : user ? 'user' : 'public', limit, checks };
}

/** A feature gate mounted with r.Use answers before the limiter. */
const gated = (r: Route) => (r.gates ?? []).length > 0;
/** Gates of features this project's config.toml switches on: their routes are checked with the feature off too. */
const SWITCHABLE: Record<string, (config: AuthConfig, on: boolean) => void> = {
  requirePasskeyEnabled: (config, on) => {
    config.passkey.enabled = on;
  },
};
/** Gated routes whose gate is closed in this project (features the local server cannot switch on). */
const closed = (r: Route) => gated(r) && !r.gates!.every((g) => Object.hasOwn(SWITCHABLE, g.name));
const declaredLimit = (r: Route) =>
  r.limit === undefined ? undefined : typeof r.limit === 'function' ? 'per request' : r.limit;
const concrete = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? crypto.randomUUID());
const label = (r: Route) => `${r.method} ${r.path}`;

describe('the route table declares the guards GoTrue has', () => {
  it.each(ROUTES.map((r) => [label(r), r] as const))('%s', (_, r) => {
    const expected = goTrueGuards(r.method, r.path);
    expect(r.access).toBe(expected.access);
    if (expected.limit === 'any') expect(gated(r) || declaredLimit(r) !== undefined).toBe(true);
    else expect(declaredLimit(r)).toBe(expected.limit);
    expect([...(r.gates ?? []), ...(r.uses ?? []), ...(r.checks ?? [])].map((c) => c.name)).toEqual(
      expect.arrayContaining(expected.checks),
    );
  });

  it('declares each method and path once', () => {
    const labels = ROUTES.map(label);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

const IP_HEADER = 'X-Test-Client-IP';
const clientErrors: string[] = [];
const srv = authServerForFile({
  rateLimitHeader: IP_HEADER,
  configOverrides: {
    rateLimit: {
      signInSignUps: 1,
      tokenRefresh: 1,
      tokenVerifications: 1,
      passkey: 1,
      mfaChallengeAndVerify: 1,
    },
  },
  logClientErrors: (line) => clientErrors.push(line),
});

/** One request to a declared route, without credentials unless a token is given; JSON bodies are parsed. */
async function call(
  r: Route,
  init: { token?: string; ip?: string; params?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Supabase-Api-Version': '2024-01-01',
  };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.ip) headers[IP_HEADER] = init.ip;
  // An empty /signup body is an anonymous sign-in, refused (while off) before any bucket: send an email instead.
  const body =
    r.method === 'GET' ? undefined : r.path === '/signup' ? '{"email":"bucket@example.com"}' : '{}';
  const res = await fetch(`${srv.get().authUrl}${concrete(r.path, init.params)}`, {
    method: r.method,
    headers,
    body,
    redirect: 'manual',
  });
  const json = res.headers.get('content-type')?.startsWith('application/json') ?? false;
  return {
    status: res.status,
    body: json ? ((await res.json()) as Record<string, unknown>) : (await res.arrayBuffer(), {}),
  };
}

describe('the router enforces what the table declares', () => {
  const admin = ROUTES.filter((r) => r.access === 'admin');
  const user = ROUTES.filter((r) => r.access === 'user' && !closed(r));
  const open = ROUTES.filter((r) => r.access === 'public');

  it.each(admin.map((r) => [label(r), r] as const))(
    '%s: 401 without a key, 403 not_admin with the publishable key',
    async (_, r) => {
      const anonymous = await call(r);
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'no_authorization']);
      const publishable = await call(r, { token: PUBLISHABLE_KEY });
      expect([publishable.status, publishable.body.code]).toEqual([403, 'not_admin']);
    },
  );

  it.each(user.map((r) => [label(r), r] as const))('%s: 401 without a bearer token', async (_, r) => {
    const res = await call(r);
    expect([res.status, res.body.code]).toEqual([401, 'no_authorization']);
  });

  it.each(open.map((r) => [label(r), r] as const))('%s: answers without credentials', async (_, r) => {
    expect((await call(r)).status).not.toBe(401);
  });

  it.each(ROUTES.filter(gated).map((r) => [label(r), r] as const))(
    '%s: its feature gate answers 404 first',
    async (_, r) => {
      const switches = r.gates!.map((g) => SWITCHABLE[g.name]).filter((s) => s !== undefined);
      for (const turn of switches) turn(srv.get().config, false);
      try {
        const res = await call(r);
        expect(res.status).toBe(404);
        expect(res.body.code).toMatch(/_disabled$/);
      } finally {
        for (const turn of switches) turn(srv.get().config, true);
      }
    },
  );

  it.each(ROUTES.filter((r) => r.limit).map((r, i) => [label(r), r, `10.9.0.${i}`] as const))(
    '%s: a second request from one client IP within the bucket → 429',
    async (_, r, ip) => {
      const token = r.access === 'user' ? await accessToken() : undefined;
      // loadFactor answers before the limiter (GoTrue's r.Use on /factors/{factor_id}): name a factor of the caller.
      const params: Record<string, string> =
        token && r.path.includes('{factor_id}') ? { factor_id: await enrolledFactor(token) } : {};
      await call(r, { ip, token, params });
      const limited = await call(r, { ip, token, params });
      expect([limited.status, limited.body.code]).toEqual([429, 'over_request_rate_limit']);
    },
  );

  it('checks feature switches: /recover answers 400 email_provider_disabled when email logins are off', async () => {
    const server = srv.get();
    server.config.email.enableSignup = false;
    try {
      const res = await api(server, '/recover', {
        body: { email: 'someone@example.com' },
        headers: { [IP_HEADER]: '10.9.1.1' },
      });
      expect([res.status, res.body.code]).toEqual([400, 'email_provider_disabled']);
    } finally {
      server.config.email.enableSignup = true;
    }
  });

  it('logs each answered error as one line with the method, path, status and code', async () => {
    clientErrors.length = 0;
    await api(srv.get(), '/admin/users', { headers: { Authorization: '' } });
    await api(srv.get(), '/nowhere');
    expect(clientErrors).toEqual([
      'auth server: GET /admin/users 401 no_authorization',
      'auth server: GET /nowhere 404 not_found',
    ]);
  });
});

/** A signed-in user's token, signed in from an IP of its own (the per-IP buckets hold one request). */
let signIns = 0;
async function accessToken(): Promise<string> {
  const email = uniqueEmail();
  await adminClient(srv.get()).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  const { data, error } = await anonClient(srv.get(), 'implicit', {
    [IP_HEADER]: `10.9.2.${++signIns}`,
  }).auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return data.session.access_token;
}

/** A TOTP factor the token's user enrolls (POST /factors has no rate limit). */
async function enrolledFactor(token: string): Promise<string> {
  const res = await api(srv.get(), '/factors', {
    token,
    body: { factor_type: 'totp', friendly_name: 'bucket' },
  });
  expect(res.status).toBe(200);
  return String(res.body.id);
}
