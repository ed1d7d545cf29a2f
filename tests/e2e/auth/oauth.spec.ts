import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';

/** Picks "someone else" on the local auth server's identity page (standing in for GitHub/Google). */
async function allowAs(page: import('@playwright/test').Page, email: string) {
  await page.getByLabel('Someone else (below)').check();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('OAuth Person');
  await page.getByRole('button', { name: 'Allow' }).click();
}

for (const provider of ['GitHub', 'Google']) {
  test(`sign in with ${provider} and land on next`, async ({ page }) => {
    await page.goto('/en/sign-in?next=%2Faccount%3Fvia%3Doauth');
    await page.getByRole('button', { name: `Continue with ${provider}` }).click();
    await allowAs(page, uniqueEmail(provider.toLowerCase()));
    await expect(page).toHaveURL('/en/account?via=oauth');
    await expect(page.getByTestId('user-menu-trigger')).toContainText('OAuth Person');
  });
}

// Deny at the provider comes back as GoTrue passes it on (error=access_denied); nothing is broken.
for (const { locale, heading } of [
  { locale: 'en', heading: 'Sign-in was cancelled' },
  { locale: 'ar', heading: 'أُلغي تسجيل الدخول' },
]) {
  test(`a denied provider consent says that sign-in was cancelled (${locale})`, async ({ page }) => {
    await page.goto(`/${locale}/sign-in`);
    await page.getByRole('button', { name: /GitHub/ }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/error\\?reason=denied&flow=oauth(?:#|$)`));
    // The heading says the sign-in was cancelled, not that the link does not work.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(new RegExp(`^${heading}`));
    await expectNoAxeViolations(page);
  });
}

test('a PKCE callback opened in another browser (no code verifier) gets its own page', async ({
  page,
  browser,
}) => {
  // The provider's redirect back to the app carries the code; this browser also holds the verifier.
  let callbackUrl = '';
  page.on('request', (request) => {
    if (request.url().includes('/en/auth/callback?')) callbackUrl = request.url();
  });
  await page.goto('/en/sign-in');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await allowAs(page, uniqueEmail('crossbrowser'));
  await expect.poll(() => callbackUrl).toContain('code=');
  await expect(page).toHaveURL('/en/account');

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const response = await otherPage.goto(callbackUrl);
  expect(response?.status()).toBeLessThan(500);
  await expect(otherPage).toHaveURL('/en/auth/error?reason=other-browser&flow=oauth');
  await expect(otherPage.getByTestId('link-error-reason')).toContainText('different browser');
  await other.close();
});
