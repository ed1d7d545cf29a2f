import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword, uniqueEmail } from '../support/auth-users';
import { publishableKey, secretKey, supabaseUrl } from '../support/test-env';

// ASVS 7.5.1: the email address, authenticator apps and passkeys change only in a session whose factors
// were all proven within REAUTHENTICATION_WINDOW_SECONDS. Waiting out the default 10 minutes is no test, so this
// spec starts a second server on the same build with a window of a few seconds (as require-second-factor does).

const windowSeconds = 6;
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
      REAUTHENTICATION_WINDOW_SECONDS: String(windowSeconds),
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

test('an older session signs in again before it changes the email address', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const user = await createConfirmedUser();
  const newEmail = uniqueEmail('reauth');
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/account');
  await page.waitForTimeout((windowSeconds + 1) * 1000);

  await page.locator('#email-change-email').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page).toHaveURL('/en/sign-in?next=%2Faccount%23email&status=sign-in-again');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'For your security, please sign in again to make this change.' }),
  ).toBeVisible();

  // Signed in again, the same change goes through. (Next keeps the previous page hidden: only visible fields.)
  const signIn = page.locator('form:has(input[name="password"])').filter({ visible: true });
  await signIn.locator('input[name="email"]').fill(user.email);
  await signIn.locator('input[name="password"]').fill(user.password);
  await signIn.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/account(#email)?$/);
  await page.locator('#email-change-email').filter({ visible: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).filter({ visible: true }).click();
  await expect(page.getByTestId('form-message').filter({ hasText: newEmail })).toBeVisible();
  await context.close();
});

test('an older session signs in again before it ends another session (ASVS 7.5.2)', async ({ browser }) => {
  test.setTimeout(90_000);
  const user = await createConfirmedUser();
  const [older, other] = [
    await browser.newContext({ baseURL: origin }),
    await browser.newContext({ baseURL: origin }),
  ];
  const [page, otherPage] = [await older.newPage(), await other.newPage()];
  await signInWithPassword(page, user.email, user.password);
  await signInWithPassword(otherPage, user.email, user.password);
  await page.waitForTimeout((windowSeconds + 1) * 1000);

  await page.goto('/en/account/sessions');
  await page.getByRole('button', { name: 'End all other sessions' }).click();
  await expect(page).toHaveURL('/en/sign-in?next=%2Faccount%2Fsessions&status=sign-in-again');
  // Nothing was ended: the other browser still opens its private pages.
  await otherPage.goto('/en/account');
  await expect(otherPage).toHaveURL('/en/account');
  await older.close();
  await other.close();
});
