import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import {
  appPort,
  appUrl,
  authPort,
  mailPort,
  publishableKey,
  secretKey,
  smtpPort,
  supabaseUrl,
  trustedIpHeader,
  usesLocalAuth,
} from './tests/e2e/support/test-env';

// Debian's Chromium when present (nothing downloads); otherwise Playwright's own browser, if installed.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

const appEnv = {
  NEXT_PUBLIC_SITE_URL: appUrl,
  NEXT_PUBLIC_SUPABASE_URL: supabaseUrl,
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: publishableKey,
  SUPABASE_SECRET_KEY: secretKey,
  // The app's own mail (security notices) goes to the local mailbox, where the specs read it.
  ...(usesLocalAuth ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } : {}),
  // As behind a proxy that writes the client's IP: specs that send it get their own per-IP limits at GoTrue.
  TRUSTED_IP_HEADER: trustedIpHeader,
  NEXT_TELEMETRY_DISABLED: '1',
  // The server-side error log stays quiet in tests (some specs stop the auth server on purpose).
  POLYGLOT_LOG: 'off',
  // Builds the GTM + Consent Mode wiring so tests/e2e/consent can check it against a local stub
  // (page.route). Safe for every other test: GTM is mounted only after a visitor accepts, so
  // without consent the page requests nothing from Google.
  NEXT_PUBLIC_GTM_ID: 'GTM-TEST',
};

// The local auth server and the production app. The cross-engine suite (tests/e2e-engines) starts the same two;
// E2E_SKIP_BUILD=1 serves the build already in .next, as `npm test` does for that suite right after the Chromium
// suite built the app with the same environment.
export const webServers = [
  ...(usesLocalAuth
    ? [
        {
          command: `node --liftoff-only local-supabase/src/main.ts --memory --port ${authPort} --mail-port ${mailPort} --smtp-port ${smtpPort}`,
          url: `${supabaseUrl}/auth/v1/health`,
          // Sb-Forwarded-For trusted with the secret key as in development; every spec signs in from one IP, so GoTrue's per-IP limits
          // (its own variables) are raised (local-supabase/README.md, Rate limits).
          env: {
            AUTH_SITE_URL: appUrl,
            GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED: 'true',
            // As in development (scripts/dev.ts): a password change names the current password.
            GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: 'true',
            GOTRUE_RATE_LIMIT_OTP: '100000',
            GOTRUE_RATE_LIMIT_VERIFY: '100000',
            GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '100000',
            GOTRUE_RATE_LIMIT_PASSKEY: '100000',
            // Passkeys are bound to the page's origin: the e2e app's, whatever E2E_APP_PORT says.
            GOTRUE_WEBAUTHN_RP_ORIGINS: appUrl,
            GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: '100000',
          },
          reuseExistingServer: false,
          timeout: 30_000,
        },
      ]
    : []),
  {
    // The production build, as users get it; a build that logs errors fails (scripts/checked-build.ts).
    command: `${process.env.E2E_SKIP_BUILD ? '' : 'node scripts/checked-build.ts && '}npm run start -- -p ${appPort}`,
    url: `${appUrl}/api/health`,
    env: appEnv,
    reuseExistingServer: false,
    timeout: 300_000,
  },
];

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: appUrl,
    trace: 'retain-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: systemChromium,
      args: ['--disable-gpu', '--disable-quic'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /\.last\.spec\.ts$/ },
    // Specs that take shared servers down run only after all the others, whatever the number of workers.
    {
      name: 'last',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /\.last\.spec\.ts$/,
      dependencies: ['chromium'],
    },
  ],
  webServer: webServers,
});
