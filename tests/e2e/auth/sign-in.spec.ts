import { expect, test } from '../support/test';
import { createConfirmedUser, goodPassword, signInWithPassword, uniqueEmail } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';
import { submitSignInWithoutPassword } from '../support/sign-in-form';

test('a protected page sends signed-out visitors to sign-in and back to that page afterwards', async ({
  page,
}) => {
  // (With JavaScript the hidden `next` field comes from the address bar; without it, from the Referer.)
  const user = await createConfirmedUser();
  const response = await page.goto('/en/account?updated=profile');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL('/en/sign-in?next=%2Faccount%3Fupdated%3Dprofile');
  await expectNoAxeViolations(page);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page).toHaveURL('/en/account?updated=profile');
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
});

test('after sign-in the user lands in their preferred language, and sign-in pages send them on', async ({
  page,
}) => {
  const user = await createConfirmedUser({ locale: 'de' });
  await signInWithPassword(page, user.email, user.password, { locale: 'en', next: '/account' });
  await expect(page).toHaveURL('/de/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Konto' })).toBeVisible();
  await page.goto('/de/sign-in');
  await expect(page).toHaveURL('/de/account');
});

test('an unsafe next is ignored', async ({ page }) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password, { next: '//evil.example/steal' });
  await expect(page).toHaveURL('/en/account');
});

test('wrong password and unconfirmed email get their own messages, keeping the email', async ({ page }) => {
  const user = await createConfirmedUser();
  await page.goto('/en/sign-in');
  const form = page.locator('form:has(input[name="password"])');
  await form.locator('input[name="email"]').fill(user.email);
  await form.locator('input[name="password"]').fill('Wrong-password-1');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('form-message')).toHaveText('The email address or password is not correct.');
  await expect(form.locator('input[name="email"]')).toHaveValue(user.email);
  await expect(form.locator('input[name="password"]')).toHaveValue('');
  await expectNoAxeViolations(page);

  // Signed up through the UI but never confirmed.
  const email = uniqueEmail('unconfirmed');
  await page.goto('/en/sign-up');
  await page.locator('input[name="displayName"]').fill('Cy');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(goodPassword);
  await page.locator('form:has(input[name="displayName"]) button[type="submit"]').click();
  await expect(page).toHaveURL('/en/sign-up/check-email');
  await page.goto('/en/sign-in');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(goodPassword);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('form-message')).toHaveText(
    'Please confirm your email address first. Check your inbox for our link.',
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sign-in and sign-out work as plain form posts', async ({ page }) => {
    const user = await createConfirmedUser({ displayName: 'No Script' });
    await page.goto('/en/sign-in');
    const form = page.locator('form:has(input[name="password"])');
    await form.locator('input[name="email"]').fill(user.email);
    await form.locator('input[name="password"]').fill(user.password);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL('/en/account');
    // The account page renders in one piece, so its content and plain sign-out form need no script.
    await expect(page.getByTestId('current-email')).toContainText(user.email);
    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL('/en');
    await page.goto('/en/account');
    await expect(page).toHaveURL(/\/en\/sign-in\?next=/);
  });

  test('server-side validation messages re-render without JavaScript', async ({ page }) => {
    await submitSignInWithoutPassword(page);
  });
});
