import { expect, test } from '@playwright/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { stopListener } from '../support/stop-listener';
import { authPort, supabaseUrl, usesLocalAuth } from '../support/test-env';

// Runs in its own Playwright project after every other test (playwright.config.ts): it stops this run's
// local auth server for good.
test.describe.configure({ mode: 'serial' });
test.skip(!usesLocalAuth, 'Only the local auth server can be stopped from a test.');

test('with the auth server stopped, public pages work and forms say the service is unavailable', async ({ page, browser }) => {
  const signedIn = await browser.newContext();
  const signedInPage = await signedIn.newPage();
  const user = await createConfirmedUser();
  await signInWithPassword(signedInPage, user.email, user.password);

  stopListener(authPort);
  await expect.poll(async () => fetch(`${supabaseUrl}/auth/v1/health`).then(() => 'up', () => 'down')).toBe('down');

  for (const path of ['/en', '/en/sign-in', '/de/sign-up', '/ar/forgot-password']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The health check says so, and still answers 200: the app itself runs (issue 18).
  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'degraded', auth: 'unreachable' });
  // A signed-in visitor's public page view does not fail either.
  expect((await signedInPage.goto('/en'))?.status()).toBe(200);
  await signedIn.close();

  await page.goto('/en/sign-in');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page.getByTestId('form-message')).toHaveText('The sign-in service cannot be reached right now. Please try again in a moment.');
  await expect(page.locator('input[name="email"]')).toHaveValue(user.email);

  await page.goto('/de/forgot-password');
  await page.locator('input[name="email"]').fill(user.email);
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page.getByTestId('form-message')).toHaveText('Der Anmeldedienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.');
});
