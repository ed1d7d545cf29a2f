import { createServerClient } from '@supabase/ssr';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEFAULT_TEMPLATES } from '../../local-supabase/src/config/defaults.ts';
import { PUBLISHABLE_KEY, SECRET_KEY } from '../../local-supabase/src/crypto/keys.ts';
import {
  startLocalSupabase,
  type LocalSupabaseOptions,
  type RunningLocalSupabase,
} from '../../local-supabase/src/server.ts';

export {
  ANON_KEY,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
} from '../../local-supabase/src/crypto/keys.ts';

/** Meets the project's policy (8+ characters) and GoTrue's composition rules, for servers that set one. */
export const PASSWORD = 'Passw0rdOne';
export const OTHER_PASSWORD = 'Passw0rdTwo';
export const APP_URL = 'http://localhost:3000';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Every test talks from 127.0.0.1: the per-IP limits are raised unless a file sets its own. */
const TEST_RATE_LIMITS = {
  signInSignUps: 100_000,
  tokenRefresh: 100_000,
  tokenVerifications: 100_000,
  mfaChallengeAndVerify: 100_000,
};

/**
 * Link mails with GoTrue's default bodies (`{{ .ConfirmationURL }}`: GET /verify on the auth server), which is what
 * these tests exercise. The project's bodies link to the app's own page with the token hash instead (checked in
 * tests/unit/email-templates.test.ts, project-templates.test.ts and end to end); subjects stay the project's.
 */
const GOTRUE_LINK_BODIES = Object.fromEntries(
  (['confirmation', 'invite', 'recovery', 'magic_link', 'email_change'] as const).map((kind) => [
    kind,
    { content: DEFAULT_TEMPLATES[kind].content },
  ]),
);

const OTHER_PROJECT = {
  hooks: {
    password_verification_attempt: { enabled: false },
    mfa_verification_attempt: { enabled: false },
  },
};

/** One in-memory server per test file, on free ports, with the project's supabase/config.toml. */
export function authServerForFile(options: LocalSupabaseOptions & { projectTemplates?: true } = {}): {
  get: () => RunningLocalSupabase;
} {
  let server: RunningLocalSupabase | undefined;
  const logged: string[] = [];
  const configOverrides = {
    // Another project than the repo's lacks the functions the repo's config.toml names as hooks.
    ...(options.projectDir ? OTHER_PROJECT : {}),
    ...options.configOverrides,
    templates: {
      ...(options.projectTemplates ? {} : GOTRUE_LINK_BODIES),
      ...options.configOverrides?.templates,
    },
    rateLimit: { ...TEST_RATE_LIMITS, ...options.configOverrides?.rateLimit },
  };
  beforeAll(async () => {
    server = await startLocalSupabase({
      memory: true,
      port: 0,
      mailPort: 0,
      smtpPort: 0,
      log: (line) => logged.push(line),
      ...options,
      configOverrides,
    });
  });
  afterAll(async () => {
    await server?.stop();
    // Every handler error must be an answered GoTrue error, never an unexpected 500.
    expect(logged).toEqual([]);
  });
  return {
    get: () => {
      if (!server) throw new Error('auth server not started');
      return server;
    },
  };
}

const nodeAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/** A plain supabase-js client with the publishable key (implicit flow unless told otherwise). */
export function anonClient(
  server: RunningLocalSupabase,
  flowType: 'implicit' | 'pkce' = 'implicit',
  headers: Record<string, string> = {},
): SupabaseClient {
  return createClient(server.url, PUBLISHABLE_KEY, { auth: { ...nodeAuth, flowType }, global: { headers } });
}

/** The admin client with the secret key. */
export function adminClient(server: RunningLocalSupabase): SupabaseClient {
  return createClient(server.url, SECRET_KEY, { auth: nodeAuth });
}

export interface CookieJar {
  cookies: Map<string, string>;
  writes: { name: string; value: string; options: Record<string, unknown> }[];
  headers: Record<string, string>;
}

/** An @supabase/ssr server client over an in-test cookie jar (getAll/setAll as a Next.js route would). */
export function serverClient(
  server: RunningLocalSupabase,
  jar: CookieJar = newJar(),
): { client: SupabaseClient; jar: CookieJar } {
  const client = createServerClient(server.url, PUBLISHABLE_KEY, {
    cookies: {
      getAll: () => [...jar.cookies].map(([name, value]) => ({ name, value })),
      setAll: (toSet, headers) => {
        for (const { name, value, options } of toSet) {
          jar.writes.push({ name, value, options: options as Record<string, unknown> });
          if (options?.maxAge === 0 || value === '') jar.cookies.delete(name);
          else jar.cookies.set(name, value);
        }
        Object.assign(jar.headers, headers);
      },
    },
  });
  return { client, jar };
}

export function newJar(): CookieJar {
  return { cookies: new Map(), writes: [], headers: {} };
}

/** Decodes the ssr session cookie (single or chunked, `base64-` encoded). */
export function sessionFromJar(
  jar: CookieJar,
  key = 'sb-127-auth-token',
): Record<string, unknown> | undefined {
  let raw = jar.cookies.get(key);
  if (raw === undefined) {
    const chunks: string[] = [];
    for (let i = 0; jar.cookies.has(`${key}.${i}`); i++) chunks.push(jar.cookies.get(`${key}.${i}`)!);
    if (!chunks.length) return undefined;
    raw = chunks.join('');
  }
  const json = raw.startsWith('base64-') ? Buffer.from(raw.slice(7), 'base64url').toString('utf8') : raw;
  return JSON.parse(json) as Record<string, unknown>;
}

export interface MailSummary {
  ID: string;
  Subject: string;
  To: { Address: string }[];
  Created: string;
}

export interface MailMessage {
  ID: string;
  Subject: string;
  HTML: string;
  Text: string;
  To: { Address: string }[];
  From: { Name: string; Address: string };
}

/** All messages to an address, newest first, through the Mailpit-shaped search API. */
export async function mailsTo(server: RunningLocalSupabase, email: string): Promise<MailSummary[]> {
  const res = await fetch(`${server.mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
  return ((await res.json()) as { messages: MailSummary[] }).messages;
}

export async function latestMailTo(server: RunningLocalSupabase, email: string): Promise<MailMessage> {
  const [latest] = await mailsTo(server, email);
  if (!latest) throw new Error(`no mail to ${email}`);
  return (await (await fetch(`${server.mailboxUrl}/api/v1/message/${latest.ID}`)).json()) as MailMessage;
}

/** The verify link and 6-digit code as written in the plain-text version. */
export function linkAndCode(mail: MailMessage): { link: string; code: string } {
  const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.Text)?.[1];
  const code = /\b(\d{6})\b/.exec(mail.Text)?.[1];
  return { link: link ?? '', code: code ?? '' };
}

/** Opens a link without following redirects; returns status and Location. */
export async function open(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; location: string }> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

/** Raw fetch against the auth API with the headers supabase-js sends. */
export async function api(
  server: RunningLocalSupabase,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${server.authUrl}${path}`, {
    method: init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET'),
    headers: {
      apikey: PUBLISHABLE_KEY,
      Authorization: `Bearer ${init.token ?? PUBLISHABLE_KEY}`,
      'Content-Type': 'application/json;charset=UTF-8',
      'X-Supabase-Api-Version': '2024-01-01',
      ...init.headers,
    },
    body: init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}

/** Creates a confirmed user through the admin API and returns a signed-in client for it. */
export async function signedInUser(
  server: RunningLocalSupabase,
  metadata: Record<string, unknown> = {},
): Promise<{ email: string; client: SupabaseClient; userId: string }> {
  const email = uniqueEmail();
  const { data, error } = await adminClient(server).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: metadata,
  });
  if (error) throw error;
  const client = anonClient(server);
  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { email, client, userId: data.user.id };
}

export function decodeJwtPart(token: string, part: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[part]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * Drives the local IdP like a browser from an /authorize URL (or the IdP URL itself, as /user/identities/authorize
 * answers it): consent page → form post → /callback → app redirect.
 */
export async function throughLocalIdp(
  authorizeUrl: string,
  provider: string,
  form: Record<string, string>,
): Promise<string> {
  const toIdp = authorizeUrl.includes('/local-idp/authorize')
    ? { location: authorizeUrl }
    : await open(authorizeUrl);
  if ('status' in toIdp) expect(toIdp.status).toBe(302);
  const page = await fetch(toIdp.location);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<form method="post"');
  const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
  const action = new URL('authorize', toIdp.location).toString();
  const posted = await open(action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, provider, ...form }).toString(),
  });
  expect(posted.status).toBe(302);
  expect(posted.location).toContain('/auth/v1/callback?');
  const back = await open(posted.location);
  expect(back.status).toBe(302);
  return back.location;
}
