import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { Authenticator } from '../support/authenticator';
import { expectNoAxeViolations } from '../support/axe';
import { publishableKey, secretKey, supabaseUrl } from '../support/test-env';

// ASVS 6.3.3: with REQUIRE_SECOND_FACTOR=on, a user without an authenticator app or a passkey reaches no
// private page until they add one. The setting is read when the server starts, so this spec starts a second server
// on the same build with it on; the shared server (and every other spec) keeps the default, off.

let server: ChildProcess | undefined;
let origin = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = spawn('node', ['scripts/start.ts', '-p', String(port)], {
    env: {
      ...process.env,
      NEXT_PUBLIC_SUPABASE_URL: supabaseUrl,
      NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: publishableKey,
      SUPABASE_SECRET_KEY: secretKey,
      POLYGLOT_LOG: 'off',
      REQUIRE_SECOND_FACTOR: 'on',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

test('a password-only user reaches no private page until they add a second factor', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/sign-in/enroll?next=%2Faccount');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a second way to sign in' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Every private page, in every language, waits for the second factor.
  await page.goto('/en/account?updated=profile');
  await expect(page).toHaveURL('/en/sign-in/enroll?next=%2Faccount');
  await page.goto('/en/sign-in/verify');
  await expect(page).toHaveURL('/en/sign-in/enroll?next=%2Faccount');
  await page.goto('/de/account');
  await expect(page).toHaveURL('/de/sign-in/enroll?next=%2Faccount');
  await expect(page.getByRole('heading', { level: 1, name: 'Zweiten Anmeldeweg einrichten' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An authenticator app, added on that page, opens them.
  await page.goto('/en/sign-in/enroll?next=%2Faccount');
  const section = page.locator('section[aria-labelledby="two-factor-title"]');
  await section.getByLabel('Name for this app').fill('Phone');
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await section.getByTestId('two-factor-secret').textContent()) ?? '';
  const app = new Authenticator(secret);
  await section.getByLabel('Code shown in the app').fill(await app.freshCode());
  await section.getByRole('button', { name: 'Turn on' }).click();
  // The recovery codes made with the first app are shown before the user goes on.
  await expect(section.getByTestId('recovery-code')).toHaveCount(10);
  await expect(page).toHaveURL('/en/sign-in/enroll?next=%2Faccount');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/account');
  await page.goto('/de/account');
  await expect(page).toHaveURL('/de/account');
  await expect(page.getByTestId('current-email')).toContainText(user.email);
  await context.close();
});

test('the setting is off by default: the shared server opens the account page to a password-only user', async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/account');
});
