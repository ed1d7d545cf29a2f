import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import {
  type AuthConfig,
  DEFAULT_TEMPLATES,
  LOCAL_MAILBOX_EMAIL_LIMIT,
  PASSWORD_REQUIREMENTS,
  TEMPLATE_KINDS,
  type EmailTemplate,
  type TemplateKind,
} from './defaults.ts';

export type { AuthConfig, TemplateKind } from './defaults.ts';

type Table = Record<string, unknown>;
export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** Replaces `env(NAME)` string values as the Supabase CLI does; an unset variable becomes "". */
function substituteEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    const m = /^env\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)$/.exec(value.trim());
    return m ? (env[m[1]!] ?? '') : value;
  }
  if (Array.isArray(value)) return value.map((v) => substituteEnv(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteEnv(v, env)]));
  }
  return value;
}

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A Go duration string ("5s", "1m30s", "1h"), as the CLI's config and GoTrue's ban_duration take it, in ms. */
export function goDurationMs(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (const m of trimmed.matchAll(re)) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    consumed += m[0].length;
  }
  return consumed === 0 || consumed !== trimmed.length ? undefined : total;
}

function duration(text: string, key: string): number {
  const ms = goDurationMs(text);
  if (ms === undefined) throw new Error(`config: ${key} is not a duration: "${text}"`);
  return ms;
}

const table = (v: unknown): Table => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {});
const str = (v: unknown, d: string): string => (typeof v === 'string' ? v : d);
const num = (v: unknown, d: number): number => (typeof v === 'number' ? v : d);
const bool = (v: unknown, d: boolean): boolean => (typeof v === 'boolean' ? v : d);

/** CLI configs write `./supabase/templates/x.html` (project root); a path relative to supabase/ works too. */
function readTemplate(supabaseDir: string, contentPath: string): string {
  const fromRoot = path.resolve(path.dirname(supabaseDir), contentPath);
  return readFileSync(existsSync(fromRoot) ? fromRoot : path.resolve(supabaseDir, contentPath), 'utf8');
}

/** Providers the local identity page stands in for (routes/local-idp.ts). */
export const LOCAL_IDP_PROVIDERS = ['github', 'google'];

/**
 * Switches for features this server does not have. Left on, the app would pass locally against an API that ignores
 * them, so start-up stops and says which key to turn off.
 */
function refuseUnsupported(auth: Table): void {
  const on = (t: unknown, key = 'enabled') => table(t)[key] === true;
  const refused: string[] = [];
  if (on(auth.sms, 'enable_signup')) refused.push('[auth.sms] enable_signup (no SMS / phone logins)');
  for (const chain of ['solana', 'ethereum']) if (on(table(auth.web3)[chain])) refused.push(`[auth.web3.${chain}] enabled (no Web3 sign-in)`);
  if (on(auth.oauth_server)) refused.push('[auth.oauth_server] enabled (no OAuth 2.1 server)');
  if (on(auth.captcha)) refused.push('[auth.captcha] enabled (no captcha verification)');
  if (on(table(auth.email).smtp)) refused.push('[auth.email.smtp] enabled (mail goes to the local mailbox)');
  for (const [name, hook] of Object.entries(table(auth.hook))) if (on(hook)) refused.push(`[auth.hook.${name}] enabled (no auth hooks)`);
  for (const [name, provider] of Object.entries(table(auth.external))) {
    if (on(provider) && !LOCAL_IDP_PROVIDERS.includes(name)) refused.push(`[auth.external.${name}] enabled (the local identity page serves ${LOCAL_IDP_PROVIDERS.join(' and ')} only)`);
  }
  if (refused.length) throw new Error(`config: the local auth server does not support ${refused.join('; ')}. Turn these off or use hosted Supabase.`);
}

/**
 * Loads `[auth]` from a CLI-format config.toml. A missing file yields the CLI defaults.
 * `AUTH_SITE_URL` overrides `site_url` so e2e runs on other ports need no file edits.
 */
export function loadConfig(configPath: string | undefined, env: NodeJS.ProcessEnv = process.env): AuthConfig {
  let root: Table = {};
  let baseDir = process.cwd();
  if (configPath) {
    root = table(substituteEnv(parseToml(readFileSync(configPath, 'utf8')), env));
    baseDir = path.dirname(path.resolve(configPath));
  }
  const auth = table(root.auth);
  refuseUnsupported(auth);
  const email = table(auth.email);
  const rate = table(auth.rate_limit);
  const requirements = str(auth.password_requirements, '');
  const chars = PASSWORD_REQUIREMENTS[requirements];
  if (!chars) throw new Error(`config: unknown password_requirements "${requirements}"`);

  const external: AuthConfig['external'] = {};
  for (const [name, value] of Object.entries(table(auth.external))) {
    const t = table(value);
    external[name] = { enabled: bool(t.enabled, false), clientId: str(t.client_id, '') };
  }

  const templates = {} as Record<TemplateKind, EmailTemplate>;
  const templateTables = table(email.template);
  for (const kind of TEMPLATE_KINDS) {
    const t = table(templateTables[kind]);
    const contentPath = str(t.content_path, '');
    templates[kind] = {
      subject: str(t.subject, DEFAULT_TEMPLATES[kind].subject),
      content: contentPath ? readTemplate(baseDir, contentPath) : DEFAULT_TEMPLATES[kind].content,
    };
  }

  return {
    siteUrl: env.AUTH_SITE_URL || str(auth.site_url, 'http://127.0.0.1:3000'),
    additionalRedirectUrls: Array.isArray(auth.additional_redirect_urls)
      ? auth.additional_redirect_urls.filter((u): u is string => typeof u === 'string' && u !== '')
      : [],
    jwtExpiry: num(auth.jwt_expiry, 3600),
    enableRefreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
    refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    enableSignup: bool(auth.enable_signup, true),
    enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    enableManualLinking: bool(auth.enable_manual_linking, false),
    signingKeysPath: str(auth.signing_keys_path, '') && path.resolve(baseDir, str(auth.signing_keys_path, '')),
    minimumPasswordLength: num(auth.minimum_password_length, 6),
    passwordRequiredCharacters: chars,
    email: {
      enableSignup: bool(email.enable_signup, true),
      enableConfirmations: bool(email.enable_confirmations, false),
      doubleConfirmChanges: bool(email.double_confirm_changes, true),
      securePasswordChange: bool(email.secure_password_change, false),
      maxFrequencySeconds: duration(str(email.max_frequency, '1s'), '[auth.email] max_frequency') / 1000,
      otpLength: num(email.otp_length, 6),
      otpExpiry: num(email.otp_expiry, 3600),
    },
    rateLimit: {
      emailSent: LOCAL_MAILBOX_EMAIL_LIMIT,
      tokenRefresh: num(rate.token_refresh, 150),
      signInSignUps: num(rate.sign_in_sign_ups, 30),
      tokenVerifications: num(rate.token_verifications, 30),
      anonymousUsers: num(rate.anonymous_users, 30),
    },
    external,
    templates,
  };
}

/** Deep-merges test overrides (plain objects merge, everything else replaces). */
export function mergeConfig<T>(base: T, overrides: DeepPartial<T> | undefined): T {
  if (!overrides) return base;
  const out: Table = { ...(base as Table) };
  for (const [k, v] of Object.entries(overrides as Table)) {
    const current = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && current && typeof current === 'object' && !Array.isArray(current)
        ? mergeConfig(current, v as DeepPartial<typeof current>)
        : v;
  }
  return out as T;
}
