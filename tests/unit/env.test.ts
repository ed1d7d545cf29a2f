import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLISHABLE_KEY, SECRET_KEY } from '@/local-supabase/src/crypto/keys';
import { EnvError, readEnv, startWarnings } from '@/lib/env/env';
import {
  isLoopbackUrl,
  localMailPort,
  localPublishableKey,
  localSecretKey,
  localSmtpPort,
  localSupabaseUrl,
} from '@/lib/env/local-supabase';

const hosted = {
  NEXT_PUBLIC_SUPABASE_URL: 'https://project.supabase.co',
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_hosted',
  SUPABASE_SECRET_KEY: 'sb_secret_hosted',
  NEXT_PUBLIC_SITE_URL: 'https://polyglot.example',
};

/** The message readEnv throws for a raw environment (fails the test when it throws nothing). */
function failure(raw: Parameters<typeof readEnv>[0]): string {
  try {
    readEnv(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error(`readEnv accepted ${JSON.stringify(raw)}`);
}

describe('the environment (lib/env/env.ts)', () => {
  it('uses the local auth server and its keys in development and tests when nothing is set', () => {
    for (const NODE_ENV of [undefined, 'development', 'test'] as const) {
      const env = readEnv({ NODE_ENV });
      expect(env.supabaseUrl).toBe(localSupabaseUrl);
      expect(env.supabasePublishableKey).toBe(localPublishableKey);
      expect(env.supabaseSecretKey).toBe(localSecretKey);
      expect(env.usesLocalSupabase).toBe(true);
      expect(env.siteUrl.href).toBe('http://localhost:3000/');
      expect(env.secureCookies).toBe(false);
    }
  });

  it('treats an empty value as unset', () => {
    expect(readEnv({ NEXT_PUBLIC_SUPABASE_URL: '', NEXT_PUBLIC_GTM_ID: '' }).supabaseUrl).toBe(
      localSupabaseUrl,
    );
  });

  it('fails a production build or start that names no Supabase project, saying how to ask for the local one', () => {
    const message = failure({ NODE_ENV: 'production' });
    expect(message).toContain('NEXT_PUBLIC_SUPABASE_URL: not set');
    expect(message).toContain(`NEXT_PUBLIC_SUPABASE_URL=${localSupabaseUrl}`);
  });

  it('runs a production build against the local server when asked for explicitly (as the e2e tests do)', () => {
    const env = readEnv({
      NODE_ENV: 'production',
      NEXT_PUBLIC_SUPABASE_URL: 'http://127.0.0.1:55421',
      NEXT_PUBLIC_SITE_URL: 'http://localhost:3100',
    });
    expect(env.supabaseUrl).toBe('http://127.0.0.1:55421');
    expect(env.supabasePublishableKey).toBe(localPublishableKey);
    expect(env.secureCookies).toBe(false);
  });

  it('fails on Vercel without a hosted project, with the local server, or without the site URL', () => {
    expect(failure({ VERCEL: '1' })).toContain('NEXT_PUBLIC_SUPABASE_URL: not set, and this is Vercel');
    expect(failure({ ...hosted, VERCEL: '1', NEXT_PUBLIC_SUPABASE_URL: localSupabaseUrl })).toContain(
      'points at the local auth server',
    );
    expect(failure({ ...hosted, VERCEL: '1', NEXT_PUBLIC_SITE_URL: undefined })).toContain(
      'NEXT_PUBLIC_SITE_URL: not set',
    );
    const env = readEnv({ ...hosted, VERCEL: '1', NODE_ENV: 'production' });
    expect(env.supabaseUrl).toBe(hosted.NEXT_PUBLIC_SUPABASE_URL);
    expect(env.secureCookies).toBe(true);
  });

  it('never pairs a hosted project with the well-known local keys', () => {
    expect(failure({ NEXT_PUBLIC_SUPABASE_URL: hosted.NEXT_PUBLIC_SUPABASE_URL })).toContain(
      'NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: not set',
    );
    const env = readEnv({ ...hosted, SUPABASE_SECRET_KEY: undefined });
    expect(env.supabasePublishableKey).toBe(hosted.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY);
    expect(env.supabaseSecretKey).toBeUndefined();
    expect(env.usesLocalSupabase).toBe(false);
  });

  it('names every malformed value', () => {
    const message = failure({
      NEXT_PUBLIC_SUPABASE_URL: 'project.supabase.co',
      NEXT_PUBLIC_SITE_URL: 'ftp://example.com',
      NEXT_PUBLIC_GTM_ID: '<script>',
      TRUSTED_IP_HEADER: 'x-real-ip: 1',
      POLYGLOT_LOG: 'quiet',
      NODE_ENV: 'staging',
    });
    for (const name of [
      'NEXT_PUBLIC_SUPABASE_URL',
      'NEXT_PUBLIC_SITE_URL',
      'NEXT_PUBLIC_GTM_ID',
      'TRUSTED_IP_HEADER',
      'POLYGLOT_LOG',
      'NODE_ENV',
    ])
      expect(message).toContain(`${name}: `);
  });
});

describe('the local auth server, declared once (lib/env/local-supabase.ts)', () => {
  it('has the keys the auth server accepts (its own copy in local-supabase/src/crypto/keys.ts)', () => {
    expect(localPublishableKey).toBe(PUBLISHABLE_KEY);
    expect(localSecretKey).toBe(SECRET_KEY);
  });

  it('has the ports the auth server and supabase/config.toml default to', () => {
    const main = readFileSync('local-supabase/src/main.ts', 'utf8');
    expect(main).toContain(`AUTH_PORT, ${new URL(localSupabaseUrl).port})`);
    expect(readFileSync('supabase/config.toml', 'utf8')).toMatch(
      new RegExp(`\\[api\\][^[]*port = ${new URL(localSupabaseUrl).port}`),
    );
    expect(main).toContain(`AUTH_MAIL_PORT, ${localMailPort})`);
    expect(main).toContain(`AUTH_SMTP_PORT, ${localSmtpPort})`);
  });

  it('recognizes loopback URLs only', () => {
    expect(isLoopbackUrl('http://127.0.0.1:54321')).toBe(true);
    expect(isLoopbackUrl('https://localhost/x')).toBe(true);
    expect(isLoopbackUrl('https://localhost.example.com')).toBe(false);
    expect(isLoopbackUrl('https://project.supabase.co')).toBe(false);
  });
});

describe('where the environment is read', () => {
  /** Source files of the app (not tests, the benchmark, the auth server or scripts). */
  function appFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => `${entry.parentPath}/${entry.name}`);
  }
  const files = [...appFiles('app'), ...appFiles('components'), ...appFiles('lib'), ...appFiles('i18n')];

  // Build-time defines are not the environment: the global-error texts (next.config.mjs) and the service worker's
  // constants (put in by app/serwist/[path]/route.ts). lib/http/security-headers.ts reads the two variables Next
  // inlines into the middleware, for next.config.mjs, which loads before the env module can.
  const defines = new Set([
    'app/global-error.tsx',
    'app/sw.ts',
    'app/serwist/[path]/route.ts',
    'lib/http/security-headers.ts',
  ]);

  it('only in lib/env/env.ts', () => {
    for (const file of files) {
      if (file === 'lib/env/env.ts' || defines.has(file)) continue;
      expect(readFileSync(file, 'utf8'), file).not.toContain('process.env');
    }
  });

  it('never in the browser: no client component imports lib/env/env.ts', () => {
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      if (/^['"]use client['"]/m.test(source)) expect(source, file).not.toContain('@/lib/env/env');
    }
  });

  it('warns a production server outside Vercel that no trusted IP header is set', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', ...hosted } as const;
    expect(startWarnings(readEnv(production))).toEqual([
      expect.stringContaining('TRUSTED_IP_HEADER is not set'),
    ]);
    expect(startWarnings(readEnv({ ...production, TRUSTED_IP_HEADER: 'X-Real-IP' }))).toEqual([]);
    expect(startWarnings(readEnv({ ...production, VERCEL: '1' }))).toEqual([]);
    expect(startWarnings(readEnv({ NODE_ENV: 'development' }))).toEqual([]);
  });

  it('warns a production server without a secret key that wrong passwords are not limited per account', () => {
    const production = {
      NODE_ENV: 'production',
      TRUSTED_IP_HEADER: 'X-Real-IP',
      SMTP_URL: 'smtp://mail.example.com',
      ...hosted,
      SUPABASE_SECRET_KEY: undefined,
    } as const;
    expect(startWarnings(readEnv(production))).toEqual([
      expect.stringContaining('SUPABASE_SECRET_KEY is not set'),
    ]);
    expect(startWarnings(readEnv({ ...production, SUPABASE_SECRET_KEY: 'sb_secret_hosted' }))).toEqual([]);
    // Where the auth server's lockout hooks are off, the app's server is the only one counting.
    expect(startWarnings(readEnv({ ...production, ATTEMPT_LIMITS_IN_APP: 'on' }))).toEqual([
      expect.stringContaining('wrong passwords and codes are not limited per account'),
    ]);
  });

  it('sends mail through SMTP_URL, else the local mailbox with the local server, else not at all (and warns)', () => {
    expect(readEnv({}).smtpUrl).toBe(`smtp://127.0.0.1:${localSmtpPort}`);
    expect(readEnv({ SMTP_URL: 'smtps://resend:re_key@smtp.resend.com:465' }).smtpUrl).toBe(
      'smtps://resend:re_key@smtp.resend.com:465',
    );
    expect(failure({ SMTP_URL: 'https://smtp.resend.com' })).toContain(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
    const production = { NODE_ENV: 'production', TRUSTED_IP_HEADER: 'X-Real-IP', ...hosted } as const;
    expect(readEnv(production).smtpUrl).toBeUndefined();
    expect(startWarnings(readEnv(production))).toEqual([expect.stringContaining('SMTP_URL is not set')]);
    expect(readEnv({ ...production, NEXT_PUBLIC_SITE_URL: 'https://polyglot.example' }).mailFrom).toBe(
      'Polyglot <no-reply@polyglot.example>',
    );
    expect(readEnv({ MAIL_FROM: 'Team <team@example.com>' }).mailFrom).toBe('Team <team@example.com>');
    expect(failure({ MAIL_FROM: 'Team <team@example.com>\r\nBcc: x@example.com' })).toContain('MAIL_FROM');
  });

  it('requires a second factor only when REQUIRE_SECOND_FACTOR=on', () => {
    expect(readEnv({}).requireSecondFactor).toBe(false);
    expect(readEnv({ REQUIRE_SECOND_FACTOR: 'off' }).requireSecondFactor).toBe(false);
    expect(readEnv({ REQUIRE_SECOND_FACTOR: 'on' }).requireSecondFactor).toBe(true);
    expect(failure({ REQUIRE_SECOND_FACTOR: 'yes' })).toContain('REQUIRE_SECOND_FACTOR');
  });
});
