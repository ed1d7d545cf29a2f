import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import type { SeedConfig } from '../db/project-migrations.ts';
import {
  type AuthConfig,
  DEFAULT_NOTIFICATIONS,
  DEFAULT_TEMPLATES,
  HOOK_NAMES,
  type HookName,
  LOCAL_MAILBOX_EMAIL_LIMIT,
  NOTIFICATION_KINDS,
  PASSWORD_REQUIREMENTS,
  TEMPLATE_KINDS,
  type EmailTemplate,
  type TemplateKind,
} from './defaults.ts';

export type { AuthConfig, NotificationKind, TemplateKind } from './defaults.ts';

type Table = Record<string, unknown>;
export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/**
 * The variables `env(NAME)` reads, as the CLI finds them (pkg/config loadNestedEnv): the process environment first,
 * then `.env.<SUPABASE_ENV>.local`, `.env.local` (not for `test`), `.env.<SUPABASE_ENV>` and `.env` in the config's
 * folder, then the same in the project root above it; SUPABASE_ENV defaults to `development`. An earlier source wins,
 * so `supabase/.env.development` holds the local values and `SUPABASE_ENV=production supabase config push` never
 * sees them.
 */
export function configEnv(configDir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const name = env.SUPABASE_ENV || 'development';
  const files = [`.env.${name}.local`, ...(name === 'test' ? [] : ['.env.local']), `.env.${name}`, '.env'];
  const found: Record<string, string> = {};
  for (const dir of [configDir, path.dirname(configDir)]) {
    for (const file of files) {
      const full = path.join(dir, file);
      if (!existsSync(full)) continue;
      for (const [key, value] of Object.entries(parseEnv(readFileSync(full, 'utf8'))))
        found[key] ??= value ?? '';
    }
  }
  return { ...found, ...env };
}

/**
 * Replaces `env(NAME)` string values as the Supabase CLI does; an unset variable becomes "". A list field given one
 * such string splits at commas, as the CLI's StringToSliceHookFunc(",") does.
 */
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

/** Go's time.Duration units in nanoseconds (µ as U+00B5 or U+03BC). */
const UNIT_NS = new Map<string, bigint>([
  ['ns', 1n],
  ['us', 1_000n],
  ['\u00b5s', 1_000n],
  ['\u03bcs', 1_000n],
  ['ms', 1_000_000n],
  ['s', 1_000_000_000n],
  ['m', 60_000_000_000n],
  ['h', 3_600_000_000_000n],
]);
const MAX_NS = 1n << 63n;

/** Go's time.quote: non-ASCII and control bytes as \xNN, `"` and `\` escaped. */
function goQuote(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code >= 0x80)
      for (const b of Buffer.from(ch)) out += `\\x${b.toString(16).padStart(2, '0')}`;
    else out += ch === '"' || ch === '\\' ? `\\${ch}` : ch;
  }
  return `${out}"`;
}

/**
 * Go's time.ParseDuration ("1h30m", "-1.5s", "0"): nanoseconds, or Go's exact error message (`time: invalid
 * duration "x"`, `time: missing unit in duration "x"`, `time: unknown unit "d" in duration "1d"`), int64 overflow
 * included. The CLI's config and GoTrue's ban_duration take durations this way.
 */
export function parseGoDuration(orig: string): { ns: bigint } | { error: string } {
  const invalid = { error: `time: invalid duration ${goQuote(orig)}` };
  let s = orig;
  let neg = false;
  if (s[0] === '-' || s[0] === '+') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return { ns: 0n };
  if (s === '') return invalid;
  let total = 0n;
  while (s !== '') {
    const number = /^(\d*)(?:\.(\d*))?/.exec(s)!;
    const [whole = '', fraction] = [number[1], number[2]];
    if (whole === '' && !fraction) return invalid;
    s = s.slice(number[0].length);
    const unitText = /^[^.\d]*/.exec(s)![0];
    if (unitText === '') return { error: `time: missing unit in duration ${goQuote(orig)}` };
    s = s.slice(unitText.length);
    const unit = UNIT_NS.get(unitText);
    if (unit === undefined)
      return { error: `time: unknown unit ${goQuote(unitText)} in duration ${goQuote(orig)}` };
    const v = BigInt(whole || '0');
    if (v > MAX_NS / unit) return invalid;
    let part = v * unit;
    // Go keeps the fraction's digits while they fit in int64 and scales them in float64.
    if (fraction) part += BigInt(Math.floor(Number(`0.${fraction}`) * Number(unit)));
    if (part > MAX_NS) return invalid;
    total += part;
    if (total > MAX_NS) return invalid;
  }
  if (!neg && total > MAX_NS - 1n) return invalid;
  return { ns: neg ? -total : total };
}

/** A Go duration in milliseconds, undefined when Go would refuse it. */
export function goDurationMs(text: string): number | undefined {
  const parsed = parseGoDuration(text);
  return 'ns' in parsed ? Number(parsed.ns / 1_000_000n) : undefined;
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

/** A whole-number environment variable; undefined when unset, an error when it is not a count. */
function envCount(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`config: ${name} is not a whole number: "${value}"`);
  return Number(value);
}

/** A GoTrue boolean variable (Go's strconv.ParseBool); undefined when unset. */
function envBool(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  throw new Error(`config: ${name} is not a boolean: "${value}"`);
}

/** A GoTrue float variable (seconds, events per minute); undefined when unset. */
function envNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`config: ${name} is not a number: "${value}"`);
  return n;
}

/**
 * `[auth.mfa]` as the CLI reads it (TOTP and WebAuthn off unless enabled), then GoTrue's variables. Phone factors
 * need SMS, which this server does not have, so they are refused.
 */
function loadMfa(auth: Table, env: NodeJS.ProcessEnv, rp: AuthConfig['webauthn']): AuthConfig['mfa'] {
  const mfa = table(auth.mfa);
  const totp = table(mfa.totp);
  const webAuthn = table(mfa.web_authn);
  for (const kind of ['totp', 'phone', 'web_authn']) {
    const t = table(mfa[kind]);
    if (t.enroll_enabled === true && t.verify_enabled !== true) {
      throw new Error(`Invalid MFA config: auth.mfa.${kind}.enroll_enabled requires verify_enabled`);
    }
  }
  const phone = table(mfa.phone);
  if (phone.enroll_enabled === true || phone.verify_enabled === true) {
    throw new Error(
      'config: the local auth server does not support [auth.mfa.phone] factors. Turn them off or use hosted Supabase.',
    );
  }
  const webAuthnFactors = {
    enrollEnabled:
      envBool(env, 'GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED') ?? bool(webAuthn.enroll_enabled, false),
    verifyEnabled:
      envBool(env, 'GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED') ?? bool(webAuthn.verify_enabled, false),
  };
  if (webAuthnFactors.enrollEnabled || webAuthnFactors.verifyEnabled) requireRelyingParty(rp);
  const factorExpiry = env.GOTRUE_MFA_FACTOR_EXPIRY_DURATION;
  return {
    maxEnrolledFactors:
      envNumber(env, 'GOTRUE_MFA_MAX_ENROLLED_FACTORS') ?? num(mfa.max_enrolled_factors, 10),
    maxVerifiedFactors: envCount(env, 'GOTRUE_MFA_MAX_VERIFIED_FACTORS') ?? 10,
    challengeExpirySeconds: envNumber(env, 'GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION') ?? 300,
    factorExpirySeconds: factorExpiry
      ? duration(factorExpiry, 'GOTRUE_MFA_FACTOR_EXPIRY_DURATION') / 1000
      : 300,
    totp: {
      enrollEnabled: envBool(env, 'GOTRUE_MFA_TOTP_ENROLL_ENABLED') ?? bool(totp.enroll_enabled, false),
      verifyEnabled: envBool(env, 'GOTRUE_MFA_TOTP_VERIFY_ENABLED') ?? bool(totp.verify_enabled, false),
    },
    webAuthn: webAuthnFactors,
    recoveryCodes: loadRecoveryCodes(env),
  };
}

/** GoTrue's RecoveryCodesFactorTypeConfiguration: defaults and bounds checked only when the feature is on. */
function loadRecoveryCodes(env: NodeJS.ProcessEnv): AuthConfig['mfa']['recoveryCodes'] {
  const prefix = 'GOTRUE_MFA_RECOVERY_CODES_';
  const lockout = env[`${prefix}LOCKOUT_DURATION`];
  const out = {
    enrollEnabled: envBool(env, `${prefix}ENROLL_ENABLED`) ?? false,
    verifyEnabled: envBool(env, `${prefix}VERIFY_ENABLED`) ?? false,
    count: envNumber(env, `${prefix}COUNT`) ?? 10,
    codeLength: envNumber(env, `${prefix}CODE_LENGTH`) ?? 16,
    maxVerifyAttempts: envNumber(env, `${prefix}MAX_VERIFY_ATTEMPTS`) ?? 5,
    lockoutMs: lockout ? duration(lockout, `${prefix}LOCKOUT_DURATION`) : 15 * 60_000,
  };
  if (!out.enrollEnabled && !out.verifyEnabled) return out;
  if (!Number.isInteger(out.count) || out.count < 4 || out.count > 16)
    throw new Error(`conf: ${prefix}COUNT must be between 4 and 16, got ${out.count}`);
  if (!Number.isInteger(out.codeLength) || out.codeLength < 13 || out.codeLength > 32)
    throw new Error(`conf: ${prefix}CODE_LENGTH must be between 13 and 32, got ${out.codeLength}`);
  if (!Number.isInteger(out.maxVerifyAttempts) || out.maxVerifyAttempts < 1)
    throw new Error(`conf: ${prefix}MAX_VERIFY_ATTEMPTS must be at least 1, got ${out.maxVerifyAttempts}`);
  return out;
}

/** CLI configs write `./supabase/templates/x.html` (project root); a path relative to supabase/ works too. */
function readTemplate(supabaseDir: string, contentPath: string): string {
  const fromRoot = path.resolve(path.dirname(supabaseDir), contentPath);
  return readFileSync(existsSync(fromRoot) ? fromRoot : path.resolve(supabaseDir, contentPath), 'utf8');
}

/**
 * `[auth.email.notification.<kind>]` as the CLI hands them to GoTrue: only an enabled kind is passed on (its
 * content_path read and checked), its subject whenever set; an unset body is GoTrue's own.
 */
function loadNotifications(baseDir: string, tables: Table): AuthConfig['notifications'] {
  const out = {} as AuthConfig['notifications'];
  for (const kind of NOTIFICATION_KINDS) {
    const t = table(tables[kind]);
    const enabled = bool(t.enabled, false);
    const contentPath = str(t.content_path, '');
    out[kind] = {
      enabled,
      subject: str(t.subject, DEFAULT_NOTIFICATIONS[kind].subject),
      content:
        enabled && contentPath ? readTemplate(baseDir, contentPath) : DEFAULT_NOTIFICATIONS[kind].content,
    };
  }
  return out;
}

/**
 * Names CLI 2 configs used, with the CLI 3 name that replaced them. CLI 3 refuses `[inbucket]` and warns on the
 * `enable_signup` keys; this server still reads them from older projects (a new name wins when both are there) and
 * notes each at start-up.
 */
const RENAMED = [
  { old: ['inbucket'], now: ['local_smtp'], shown: ['[inbucket]', '[local_smtp]'] },
  {
    old: ['auth', 'email', 'enable_signup'],
    now: ['auth', 'email', 'enabled'],
    shown: ['[auth.email] enable_signup', '[auth.email] enabled'],
  },
  {
    old: ['auth', 'sms', 'enable_signup'],
    now: ['auth', 'sms', 'enabled'],
    shown: ['[auth.sms] enable_signup', '[auth.sms] enabled'],
  },
] as const;

function lookup(root: Table, keys: readonly string[]): unknown {
  let value: unknown = root;
  for (const key of keys) value = table(value)[key];
  return value;
}

/** The value under a CLI 3 name, or under the CLI 2 name it replaced. */
function renamed(root: Table, now: readonly string[]): unknown {
  const entry = RENAMED.find((r) => r.now.join('.') === now.join('.'))!;
  return lookup(root, now) ?? lookup(root, entry.old);
}

/** Start-up notes for CLI 2 names in a config file (empty without a file or with none of them). */
export function legacyNameNotes(configPath: string | undefined): string[] {
  if (!configPath) return [];
  const root = table(parseToml(readFileSync(configPath, 'utf8')));
  return RENAMED.filter((r) => lookup(root, r.old) !== undefined).map(
    (r) =>
      `config.toml: ${r.shown[0]} is the Supabase CLI 2 name, which CLI 3 ${r.old.length === 1 ? 'refuses' : 'warns about'}; rename it ${r.shown[1]}`,
  );
}

/** `[db] major_version`: the Postgres major hosted projects run (the CLI's default, 17, when unset). */
export function loadDbMajorVersion(configPath: string | undefined): number {
  if (!configPath) return 17;
  const major = table(table(parseToml(readFileSync(configPath, 'utf8'))).db).major_version;
  if (major === undefined) return 17;
  if (typeof major !== 'number' || !Number.isInteger(major))
    throw new Error(`config: [db] major_version must be a whole number, was ${JSON.stringify(major)}`);
  return major;
}

/** Providers the local identity page stands in for (routes/local-idp.ts). */
export const LOCAL_IDP_PROVIDERS = ['github', 'google'];

/**
 * Switches for features this server does not have. Left on, the app would pass locally against an API that ignores
 * them, so start-up stops and says which key to turn off.
 */
function refuseUnsupported(root: Table): void {
  const auth = table(root.auth);
  const on = (t: unknown, key = 'enabled') => table(t)[key] === true;
  const refused: string[] = [];
  if (renamed(root, ['auth', 'sms', 'enabled']) === true)
    refused.push('[auth.sms] enabled (no SMS / phone logins)');
  for (const chain of ['solana', 'ethereum'])
    if (on(table(auth.web3)[chain])) refused.push(`[auth.web3.${chain}] enabled (no Web3 sign-in)`);
  if (on(auth.oauth_server)) refused.push('[auth.oauth_server] enabled (no OAuth 2.1 server)');
  if (on(auth.captcha)) refused.push('[auth.captcha] enabled (no captcha verification)');
  for (const name of UNSUPPORTED_HOOKS)
    if (on(table(auth.hook)[name])) refused.push(`[auth.hook.${name}] enabled (not run by this server)`);
  for (const [name, provider] of Object.entries(table(auth.external))) {
    if (on(provider) && !LOCAL_IDP_PROVIDERS.includes(name))
      refused.push(
        `[auth.external.${name}] enabled (the local identity page serves ${LOCAL_IDP_PROVIDERS.join(' and ')} only)`,
      );
  }
  if (refused.length)
    throw new Error(
      `config: the local auth server does not support ${refused.join('; ')}. Turn these off or use hosted Supabase.`,
    );
}

/** Hooks this server does not call: the mail and SMS senders (mail stays in the mailbox) and after_user_created. */
const UNSUPPORTED_HOOKS: HookName[] = ['send_email', 'send_sms', 'after_user_created'];

/** The CLI's hookSecretPattern. */
const HOOK_SECRET = /^v1,whsec_[A-Za-z0-9+/=]{32,88}$/;
/** GoTrue's postgresNamesRegexp, for the schema and function of a pg-functions URI. */
const POSTGRES_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/;

/**
 * `[auth.hook.<name>]` as the CLI checks and passes it (pkg/config hookConfig.validate), then GoTrue's
 * GOTRUE_HOOK_<NAME>_* variables and its own check of every URI (conf ValidateExtensibilityPoint).
 */
function loadHooks(auth: Table, env: NodeJS.ProcessEnv): AuthConfig['hooks'] {
  const tables = table(auth.hook);
  const out = {} as AuthConfig['hooks'];
  for (const name of HOOK_NAMES) {
    const t = table(tables[name]);
    const enabled = bool(t.enabled, false);
    const uri = str(t.uri, '');
    const secrets = str(t.secrets, '');
    if (enabled) {
      if (uri === '') throw new Error(`config: Missing required field in config: auth.hook.${name}.uri`);
      const scheme = (/^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(uri)?.[1] ?? '').toLowerCase();
      if (scheme === 'http' || scheme === 'https') {
        if (secrets === '')
          throw new Error(`config: Missing required field in config: auth.hook.${name}.secrets`);
        if (secrets.split('|').some((secret) => !HOOK_SECRET.test(secret)))
          throw new Error(
            `config: Invalid hook config: auth.hook.${name}.secrets must be formatted as "v1,whsec_<base64_encoded_secret>" with a minimum length of 32 characters.`,
          );
      } else if (scheme === 'pg-functions') {
        if (secrets !== '')
          throw new Error(
            `config: Invalid hook config: auth.hook.${name}.secrets is unsupported for pg-functions URI`,
          );
      } else {
        throw new Error(
          `config: Invalid hook config: auth.hook.${name}.uri should be a HTTP, HTTPS, or pg-functions URI`,
        );
      }
    }
    // The CLI passes a hook to GoTrue only when it is enabled.
    const prefix = `GOTRUE_HOOK_${name.toUpperCase()}_`;
    const hook = {
      enabled: envBool(env, `${prefix}ENABLED`) ?? enabled,
      uri: env[`${prefix}URI`] || (enabled ? uri : ''),
      secrets: (env[`${prefix}SECRETS`] || (enabled ? secrets : '')).split('|').filter(Boolean),
    };
    validateHookUri(name, hook);
    out[name] = hook;
  }
  return out;
}

/** GoTrue's ValidateExtensibilityPoint: pg-functions paths, http only to this machine, well-formed secrets. */
function validateHookUri(name: HookName, hook: AuthConfig['hooks'][HookName]): void {
  if (hook.uri === '') {
    if (hook.enabled)
      throw new Error(`config: GOTRUE_HOOK_${name.toUpperCase()}_URI is required when enabled`);
    return;
  }
  const fail = (reason: string) => {
    throw new Error(`config: auth hook ${name}: ${reason}`);
  };
  let url: URL;
  try {
    url = new URL(hook.uri);
  } catch {
    return fail(`"${hook.uri}" is not a URI`);
  }
  const secretsValid = () => {
    if (hook.secrets.some((secret) => !HOOK_SECRET.test(secret))) fail('invalid secret format');
  };
  switch (url.protocol) {
    case 'pg-functions:': {
      const [, schema = '', fn = ''] = url.pathname.split('/');
      if (url.pathname.split('/').length < 3) fail('URI path does not contain enough parts');
      if (!POSTGRES_NAME.test(schema)) fail(`invalid schema name: ${schema}`);
      if (!POSTGRES_NAME.test(fn)) fail(`invalid table name: ${fn}`);
      return;
    }
    case 'http:':
      if (!['localhost', '127.0.0.1', '[::1]', 'host.docker.internal'].includes(url.hostname))
        fail('only localhost, 127.0.0.1, and ::1 are supported with http');
      return secretsValid();
    case 'https:':
      return secretsValid();
    default:
      return fail('only postgres hooks and HTTPS functions are supported at the moment');
  }
}

/** Loads `[db.seed]` from a CLI-format config.toml as the CLI reads it (on by default); null = the CLI's defaults. */
export function loadSeedConfig(
  configPath: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): SeedConfig {
  if (!configPath) return { enabled: true };
  const root = table(substituteEnv(parseToml(readFileSync(configPath, 'utf8')), env));
  const seed = table(table(root.db).seed);
  const paths = seed.sql_paths;
  if (paths !== undefined && (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')))
    throw new Error('config: [db.seed] sql_paths must be a list of paths');
  return {
    enabled: bool(seed.enabled, true),
    ...(paths === undefined ? {} : { sqlPaths: paths as string[] }),
  };
}

/**
 * Loads `[auth]` from a CLI-format config.toml. A missing file yields the CLI defaults.
 * `AUTH_SITE_URL` overrides `site_url` so e2e runs on other ports need no file edits.
 */
export function loadConfig(configPath: string | undefined, env: NodeJS.ProcessEnv = process.env): AuthConfig {
  let root: Table = {};
  let baseDir = process.cwd();
  if (configPath) {
    baseDir = path.dirname(path.resolve(configPath));
    env = configEnv(baseDir, env);
    root = table(substituteEnv(parseToml(readFileSync(configPath, 'utf8')), env));
  }
  const auth = table(root.auth);
  refuseUnsupported(root);
  const email = table(auth.email);
  const rate = table(auth.rate_limit);
  const requirements = str(auth.password_requirements, '');
  const chars = Object.hasOwn(PASSWORD_REQUIREMENTS, requirements)
    ? PASSWORD_REQUIREMENTS[requirements]
    : undefined;
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

  const passkeys = passkeyConfig(auth, env);
  return {
    siteUrl: env.AUTH_SITE_URL || str(auth.site_url, 'http://127.0.0.1:3000'),
    additionalRedirectUrls: stringList(auth.additional_redirect_urls),
    jwtExpiry: num(auth.jwt_expiry, 3600),
    enableRefreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
    refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    enableSignup: bool(auth.enable_signup, true),
    enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    enableManualLinking: bool(auth.enable_manual_linking, false),
    signingKeysPath:
      str(auth.signing_keys_path, '') && path.resolve(baseDir, str(auth.signing_keys_path, '')),
    minimumPasswordLength: num(auth.minimum_password_length, 6),
    passwordRequiredCharacters: chars,
    passwordHibp: envBool(env, 'GOTRUE_PASSWORD_HIBP_ENABLED') ?? false,
    email: {
      enableSignup: bool(renamed(root, ['auth', 'email', 'enabled']), true),
      enableConfirmations: bool(email.enable_confirmations, false),
      doubleConfirmChanges: bool(email.double_confirm_changes, true),
      securePasswordChange: bool(email.secure_password_change, false),
      maxFrequencySeconds: duration(str(email.max_frequency, '1s'), '[auth.email] max_frequency') / 1000,
      otpLength: num(email.otp_length, 6),
      otpExpiry: num(email.otp_expiry, 3600),
    },
    // GoTrue's own variables override the file, as they do for GoTrue (the e2e stack raises them).
    rateLimit: {
      emailSent: LOCAL_MAILBOX_EMAIL_LIMIT,
      tokenRefresh: envCount(env, 'GOTRUE_RATE_LIMIT_TOKEN_REFRESH') ?? num(rate.token_refresh, 150),
      signInSignUps: envCount(env, 'GOTRUE_RATE_LIMIT_OTP') ?? num(rate.sign_in_sign_ups, 30),
      tokenVerifications: envCount(env, 'GOTRUE_RATE_LIMIT_VERIFY') ?? num(rate.token_verifications, 30),
      anonymousUsers: envCount(env, 'GOTRUE_RATE_LIMIT_ANONYMOUS_USERS') ?? num(rate.anonymous_users, 30),
      // No TOML keys: GoTrue's variables or their defaults.
      passkey: envCount(env, 'GOTRUE_RATE_LIMIT_PASSKEY') ?? 30,
      mfaChallengeAndVerify: envNumber(env, 'GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY') ?? 15,
    },
    sessions: loadSessions(auth, env),
    updatePasswordRequireCurrentPassword:
      envBool(env, 'GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD') ?? false,
    ...passkeys,
    mfa: loadMfa(auth, env, passkeys.webauthn),
    external,
    templates,
    notifications: loadNotifications(baseDir, table(email.notification)),
    sender: mailSender(root, email),
    hooks: loadHooks(auth, env),
  };
}

/**
 * The sender the CLI hands GoTrue: `[auth.email.smtp]`'s admin_email and sender_name when the section is on (present
 * means on unless `enabled = false`), with the CLI's required fields; otherwise `[local_smtp]`'s, which default to the
 * CLI's `Admin <admin@email.com>`. The mail itself always goes to the local mailbox, never to the SMTP server.
 */
function mailSender(root: Table, email: Table): AuthConfig['sender'] {
  const smtp = table(email.smtp);
  if (email.smtp !== undefined && bool(smtp.enabled, true)) {
    for (const key of ['host', 'port', 'user', 'pass', 'admin_email'])
      if (smtp[key] === undefined || smtp[key] === '' || smtp[key] === 0)
        throw new Error(`config: Missing required field in config: auth.email.smtp.${key}`);
    // `"env(NAME)"` gives the port as a string, which the CLI decodes as a number.
    const port = Number(smtp.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`config: auth.email.smtp.port is not a port number: ${JSON.stringify(smtp.port)}`);
    return { name: str(smtp.sender_name, ''), address: str(smtp.admin_email, '') };
  }
  const localSmtp = table(renamed(root, ['local_smtp']));
  return {
    name: str(localSmtp.sender_name, '') || 'Admin',
    address: str(localSmtp.admin_email, '') || 'admin@email.com',
  };
}

/** A TOML list of strings, or one comma-separated string (what `"env(NAME)"` gives a list field). */
function stringList(value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return items
    .filter((u): u is string => typeof u === 'string')
    .map((u) => u.trim())
    .filter(Boolean);
}

/**
 * `[auth.sessions]` as the CLI passes it (GOTRUE_SESSIONS_* only when positive), then GoTrue's own variables, which
 * it refuses when not positive (conf SessionsConfiguration.Validate).
 */
function loadSessions(auth: Table, env: NodeJS.ProcessEnv): AuthConfig['sessions'] {
  const sessions = table(auth.sessions);
  const read = (key: string, variable: string): number => {
    const fromEnv = env[variable];
    if (fromEnv !== undefined && fromEnv !== '') {
      const ms = duration(fromEnv, variable);
      if (ms <= 0) throw new Error(`config: ${variable} must be positive when set, was "${fromEnv}"`);
      return ms;
    }
    return Math.max(0, duration(str(sessions[key], '0s'), `[auth.sessions] ${key}`));
  };
  return {
    timeboxMs: read('timebox', 'GOTRUE_SESSIONS_TIMEBOX'),
    inactivityTimeoutMs: read('inactivity_timeout', 'GOTRUE_SESSIONS_INACTIVITY_TIMEOUT'),
  };
}

/**
 * `[auth.passkey]` and `[auth.webauthn]` as the CLI passes them to GoTrue (each variable only when its section
 * exists), with the CLI's validation, then GoTrue's own variables on top (e2e runs add their origin this way).
 */
function passkeyConfig(auth: Table, env: NodeJS.ProcessEnv): Pick<AuthConfig, 'passkey' | 'webauthn'> {
  const section = table(auth.passkey);
  const rp = table(auth.webauthn);
  const tomlEnabled = bool(section.enabled, false);
  const origins = stringList(rp.rp_origins);
  if (tomlEnabled) {
    if (auth.webauthn === undefined)
      throw new Error(
        'config: Missing required config section: auth.webauthn (required when auth.passkey.enabled is true)',
      );
    if (str(rp.rp_id, '') === '')
      throw new Error('config: Missing required field in config: auth.webauthn.rp_id');
    if (!origins.length)
      throw new Error('config: Missing required field in config: auth.webauthn.rp_origins');
  }
  const envOrigins = env.GOTRUE_WEBAUTHN_RP_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const webauthn = {
    rpId: env.GOTRUE_WEBAUTHN_RP_ID || str(rp.rp_id, ''),
    rpDisplayName: env.GOTRUE_WEBAUTHN_RP_DISPLAY_NAME || str(rp.rp_display_name, ''),
    rpOrigins: envOrigins?.length ? envOrigins : origins,
    challengeExpiryMs: duration(
      env.GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION || '5m',
      'GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION',
    ),
  };
  const enabled = envBool(env, 'GOTRUE_PASSKEY_ENABLED') ?? tomlEnabled;
  if (enabled) requireRelyingParty(webauthn);
  return {
    passkey: { enabled, maxPerUser: envCount(env, 'GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER') ?? 10 },
    webauthn,
  };
}

/**
 * Passkeys and WebAuthn factors need the relying party. GoTrue only warns and then fails every request with a 500;
 * refusing to start says what is missing up front.
 */
function requireRelyingParty(webauthn: AuthConfig['webauthn']): void {
  for (const [value, name] of [
    [webauthn.rpId, 'RP_ID'],
    [webauthn.rpDisplayName, 'RP_DISPLAY_NAME'],
    [webauthn.rpOrigins.join(','), 'RP_ORIGINS'],
  ] as const) {
    if (value === '') throw new Error(`config: GOTRUE_WEBAUTHN_${name} is required when WebAuthn is enabled`);
  }
  for (const origin of webauthn.rpOrigins) {
    if (!URL.canParse(origin)) throw new Error(`config: the WebAuthn origin "${origin}" is not a URL`);
  }
}

/** Deep-merges test overrides (plain objects merge, everything else replaces). */
export function mergeConfig<T>(base: T, overrides: DeepPartial<T> | undefined): T {
  if (!overrides) return base;
  const out: Table = { ...(base as Table) };
  for (const [k, v] of Object.entries(overrides as Table)) {
    const current = out[k];
    out[k] =
      v &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      current &&
      typeof current === 'object' &&
      !Array.isArray(current)
        ? mergeConfig(current, v as DeepPartial<typeof current>)
        : v;
  }
  return out as T;
}
