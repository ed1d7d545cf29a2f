import * as z from 'zod/mini';
import {
  isLoopbackUrl,
  localPublishableKey,
  localSecretKey,
  localSmtpPort,
  localSupabaseUrl,
} from './local-supabase';

// The app's environment, read and checked once (server and edge only: never import it from a client component).
// Every NEXT_PUBLIC_* variable is read as a literal `process.env.NEXT_PUBLIC_X`, the only form Next inlines at build
// time. Without Supabase settings the app uses the local auth server, in development and tests; a deployment must
// name its project instead, so it fails at once rather than quietly sending visitors to 127.0.0.1.

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const schema = z.object({
  NODE_ENV: z.optional(z.enum(['development', 'production', 'test'])),
  VERCEL: z.optional(z.string()),
  NEXT_PUBLIC_SITE_URL: z.optional(httpUrl),
  NEXT_PUBLIC_SUPABASE_URL: z.optional(httpUrl),
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: z.optional(z.string()),
  SUPABASE_SECRET_KEY: z.optional(z.string()),
  NEXT_PUBLIC_GTM_ID: z.optional(z.string().check(z.regex(/^GTM-[A-Z0-9]+$/i, 'must look like GTM-XXXXXXX'))),
  NEXT_PUBLIC_VERCEL_ENV: z.optional(z.string()),
  TRUSTED_IP_HEADER: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9-]+$/, 'must be a header name, e.g. x-real-ip')),
  ),
  POLYGLOT_LOG: z.optional(z.enum(['on', 'off'])),
  REQUIRE_SECOND_FACTOR: z.optional(z.enum(['on', 'off'])),
  ATTEMPT_LIMITS_IN_APP: z.optional(z.enum(['on', 'off'])),
  REAUTHENTICATION_WINDOW_SECONDS: z.optional(
    z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'must be a number of seconds, e.g. 600')),
  ),
  NEXT_DIST_DIR: z.optional(z.string()),
  SMTP_URL: z.optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/,
          'must be an address, e.g. Polyglot <no-reply@example.com>',
        ),
      ),
  ),
});

type RawEnv = Partial<Record<keyof z.infer<typeof schema>, string>>;

interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  /** Absolute URLs: canonical, hreflang, sitemap, robots, emailed links. */
  siteUrl: URL;
  /** Auth cookies are Secure in production, except for a build served over plain-http loopback (e2e tests). */
  secureCookies: boolean;
  supabaseUrl: string;
  supabasePublishableKey: string;
  /** Server only. The local server's well-known key is the fallback on loopback only; hosted projects set it. */
  supabaseSecretKey: string | undefined;
  /** The local auth server on the loopback interface, the only place well-known keys are acceptable. */
  usesLocalSupabase: boolean;
  gtmId: string | undefined;
  vercelEnv: string | undefined;
  /**
   * The header that carries the visitor's IP (lib/supabase/auth-fetch.ts), lower case: `TRUSTED_IP_HEADER`, or on
   * Vercel `x-forwarded-for`, which Vercel's edge overwrites. Otherwise none: a header the visitor can set is never
   * sent on as their IP, and Next gives the app no socket address.
   */
  trustedIpHeader: string | undefined;
  /** On Vercel (`VERCEL=1`, set by the platform). */
  onVercel: boolean;
  /**
   * Every user must have an authenticator app or a passkey before any private page (ASVS 6.3.3): `on`, off by
   * default. Read from the server's environment when it starts, not at build time: one build serves both ways.
   */
  requireSecondFactor: boolean;
  /**
   * The per-account limits on wrong passwords and codes (ASVS 6.3.1) are kept by the auth server's hooks
   * (supabase/config.toml `[auth.hook.*]`); `ATTEMPT_LIMITS_IN_APP=on` where a hosted plan has no such hooks: the
   * app's server then applies the same rules itself (docs/deployment.md).
   */
  attemptLimitsInApp: boolean;
  /**
   * How recent every factor of a session must be to change the email address, an authenticator app or a passkey
   * (ASVS 7.5.1): `REAUTHENTICATION_WINDOW_SECONDS`, 10 minutes by default; read when the server starts.
   */
  reauthenticationWindowSeconds: number;
  /**
   * Where the app's own mail goes (lib/mail): `SMTP_URL`, e.g. smtps://resend:<key>@smtp.resend.com:465; with the
   * local auth server, its mailbox's SMTP port. Unset in production: no mail is sent, and the server says so.
   */
  smtpUrl: string | undefined;
  /** The From of the app's own mail: `MAIL_FROM`, else Polyglot at no-reply@ the site's host. */
  mailFrom: string;
  /** Next's build output folder (the service worker route reads the build's files). */
  distDir: string;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

const deploymentHint =
  'set it to your Supabase project (docs/configuration.md); to run a production build against the local ' +
  `auth server, set NEXT_PUBLIC_SUPABASE_URL=${localSupabaseUrl} explicitly`;

/** Checks a raw environment and derives the app's settings; throws EnvError naming every problem. */
export function readEnv(raw: RawEnv): Env {
  // A blank line in .env.local (`X=`) means unset, as it did before.
  const given = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = z.safeParse(schema, given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n- ${problems.join('\n- ')}`);
  }
  const values = parsed.data;
  const nodeEnv = values.NODE_ENV ?? 'development';
  const onVercel = values.VERCEL === '1';
  const configuredUrl = values.NEXT_PUBLIC_SUPABASE_URL;
  const problems: string[] = [];

  if (!configuredUrl && (onVercel || nodeEnv === 'production'))
    problems.push(
      `NEXT_PUBLIC_SUPABASE_URL: not set, and this is ${onVercel ? 'Vercel' : 'a production build'}: ${deploymentHint}`,
    );
  if (onVercel && configuredUrl && isLoopbackUrl(configuredUrl))
    problems.push('NEXT_PUBLIC_SUPABASE_URL: points at the local auth server on a Vercel deployment');
  if (onVercel && !values.NEXT_PUBLIC_SITE_URL)
    problems.push(
      'NEXT_PUBLIC_SITE_URL: not set on a Vercel deployment (canonical URLs and emailed links need it)',
    );
  const usesLocalSupabase = isLoopbackUrl(configuredUrl ?? localSupabaseUrl);
  if (!usesLocalSupabase && !values.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY)
    problems.push(
      'NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: not set for a hosted Supabase project (the local key only works locally)',
    );
  if (problems.length > 0) throw new EnvError(`Invalid environment:\n- ${problems.join('\n- ')}`);

  const siteUrl = values.NEXT_PUBLIC_SITE_URL;
  return {
    nodeEnv,
    siteUrl: new URL(siteUrl ?? 'http://localhost:3000'),
    secureCookies: nodeEnv === 'production' && !(siteUrl?.startsWith('http:') && isLoopbackUrl(siteUrl)),
    supabaseUrl: configuredUrl ?? localSupabaseUrl,
    supabasePublishableKey: values.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? localPublishableKey,
    supabaseSecretKey: values.SUPABASE_SECRET_KEY ?? (usesLocalSupabase ? localSecretKey : undefined),
    usesLocalSupabase,
    gtmId: values.NEXT_PUBLIC_GTM_ID,
    vercelEnv: values.NEXT_PUBLIC_VERCEL_ENV,
    trustedIpHeader: values.TRUSTED_IP_HEADER?.toLowerCase() ?? (onVercel ? 'x-forwarded-for' : undefined),
    onVercel,
    requireSecondFactor: values.REQUIRE_SECOND_FACTOR === 'on',
    attemptLimitsInApp: values.ATTEMPT_LIMITS_IN_APP === 'on',
    reauthenticationWindowSeconds: Number(values.REAUTHENTICATION_WINDOW_SECONDS ?? 600),
    distDir: values.NEXT_DIST_DIR ?? '.next',
    smtpUrl: values.SMTP_URL ?? (usesLocalSupabase ? `smtp://127.0.0.1:${localSmtpPort}` : undefined),
    mailFrom:
      values.MAIL_FROM ?? `Polyglot <no-reply@${new URL(siteUrl ?? 'http://localhost:3000').hostname}>`,
  };
}

export const env = readEnv({
  NODE_ENV: process.env.NODE_ENV,
  VERCEL: process.env.VERCEL,
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
  NEXT_PUBLIC_SUPABASE_URL: process.env.NEXT_PUBLIC_SUPABASE_URL,
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY: process.env.SUPABASE_SECRET_KEY,
  NEXT_PUBLIC_GTM_ID: process.env.NEXT_PUBLIC_GTM_ID,
  NEXT_PUBLIC_VERCEL_ENV: process.env.NEXT_PUBLIC_VERCEL_ENV,
  TRUSTED_IP_HEADER: process.env.TRUSTED_IP_HEADER,
  POLYGLOT_LOG: process.env.POLYGLOT_LOG,
  REQUIRE_SECOND_FACTOR: process.env.REQUIRE_SECOND_FACTOR,
  ATTEMPT_LIMITS_IN_APP: process.env.ATTEMPT_LIMITS_IN_APP,
  REAUTHENTICATION_WINDOW_SECONDS: process.env.REAUTHENTICATION_WINDOW_SECONDS,
  NEXT_DIST_DIR: process.env.NEXT_DIST_DIR,
  SMTP_URL: process.env.SMTP_URL,
  MAIL_FROM: process.env.MAIL_FROM,
});

/**
 * What a production server should say when it starts: a setting that is allowed but leaves a protection off.
 * Without a trusted IP header the auth server sees every visitor as the app's own address, so its per-IP limits
 * (sign-in attempts, emails, codes) count all visitors together and one visitor can lock everybody out.
 */
export function startWarnings({
  nodeEnv,
  onVercel,
  trustedIpHeader,
  supabaseSecretKey,
  smtpUrl,
  attemptLimitsInApp,
}: Env): string[] {
  if (nodeEnv !== 'production') return [];
  const warnings = [];
  if (!onVercel && !trustedIpHeader)
    warnings.push(
      'TRUSTED_IP_HEADER is not set: the auth server gets no visitor IP (Sb-Forwarded-For), so its per-IP rate ' +
        'limits count every visitor together. Set it to the header your proxy overwrites with the client IP ' +
        '(docs/configuration.md).',
    );
  if (!supabaseSecretKey)
    warnings.push(
      `SUPABASE_SECRET_KEY is not set: ${
        attemptLimitsInApp
          ? 'wrong passwords and codes are not limited per account (ATTEMPT_LIMITS_IN_APP=on)'
          : 'browsers an account signed in from are not exempt from its lockout'
      }, and the visitor IP cannot reach the auth server (docs/configuration.md).`,
    );
  if (!smtpUrl)
    warnings.push(
      'SMTP_URL is not set: the app sends none of its own mail (security notices such as a recovery code used). ' +
        'Set it to your provider, e.g. smtps://resend:<key>@smtp.resend.com:465 (docs/deployment.md).',
    );
  return warnings;
}

/** Whether the server log is silenced (under tests, or POLYGLOT_LOG=off). Read per call: tests switch it. */
export function logSilenced(): boolean {
  return process.env.NODE_ENV === 'test' || process.env.POLYGLOT_LOG === 'off';
}
