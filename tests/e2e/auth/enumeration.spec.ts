import { expect, type Page, test } from '../support/test';
import { createConfirmedUser, goodPassword, uniqueEmail } from '../support/auth-users';

// ASVS 6.3.8: the forms that take an address answer alike whether an account uses it or not, a second
// try within the auth server's wait between two emails to one address (max_frequency = "5s" locally) included.

/** What the visitor sees after a submit, with the address they typed written as `<email>`. */
async function answer(page: Page, email: string): Promise<string> {
  const message = page.getByTestId('form-message');
  const text = (await message.count()) > 0 ? await message.innerText() : '';
  return `${new URL(page.url()).pathname} ${text.replaceAll(email, '<email>')}`;
}

async function forgotPasswordTwice(page: Page, email: string): Promise<string[]> {
  await page.goto('/en/forgot-password');
  await page.locator('input[name="email"]').fill(email);
  const answers: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    const started = Date.now();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('form-message')).toBeVisible();
    // The pending state ends with the answer; wait for it so the second click is a second request.
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
    answers.push(await answer(page, email));
    expect(Date.now() - started).toBeLessThan(5_000);
  }
  return answers;
}

test('forgot password answers the same for a known and an unknown address, twice each', async ({ page }) => {
  const known = await createConfirmedUser();
  const unknown = uniqueEmail('nobody');
  const knownAnswers = await forgotPasswordTwice(page, known.email);
  const unknownAnswers = await forgotPasswordTwice(page, unknown);
  expect(knownAnswers[0]).toBe(
    '/en/forgot-password If an account exists for \u2068<email>\u2069, we just sent it a link to reset the password.',
  );
  expect(knownAnswers).toEqual([knownAnswers[0], knownAnswers[0]]);
  expect(unknownAnswers).toEqual(knownAnswers);
});

/** Signs up twice with one address (within 5 s), then asks for the email again at once: every answer seen. */
async function signUpTwiceAndResend(page: Page, email: string): Promise<string[]> {
  await page.clock.install();
  const answers: string[] = [];
  let firstSubmit = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.goto('/en/sign-up');
    await page.locator('input[name="displayName"]').fill('Ada');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(goodPassword);
    if (attempt === 0) firstSubmit = Date.now();
    await page.locator('form:has(input[name="displayName"]) button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname !== '/en/sign-up');
    answers.push(
      `${await answer(page, email)} ${await page.getByTestId('check-email-description').innerText()}`,
    );
  }
  // The browser's countdown is a courtesy: skip it, so the resend reaches the auth server's wait.
  await page.clock.fastForward(61_000);
  // Still within the auth server's wait since the first email (measured), or this would test nothing.
  expect(Date.now() - firstSubmit).toBeLessThan(5_000);
  await page.getByRole('button', { name: 'Send the email again' }).click();
  await expect(page.getByTestId('form-message')).toBeVisible();
  answers.push(await answer(page, email));
  return answers.map((text) => text.replaceAll(email, '<email>'));
}

test('sign-up and its resend answer the same for a known and an unknown address, twice each', async ({
  page,
  browser,
}) => {
  const known = await createConfirmedUser();
  const knownAnswers = await signUpTwiceAndResend(page, known.email);
  expect(knownAnswers).toEqual([
    '/en/sign-up/check-email  We sent a confirmation link to <email>. Open it to finish creating your account.',
    '/en/sign-up/check-email  We sent a confirmation link to <email>. Open it to finish creating your account.',
    '/en/sign-up/check-email We sent a new email. It can take a minute to arrive.',
  ]);
  const context = await browser.newContext();
  const unknownAnswers = await signUpTwiceAndResend(await context.newPage(), uniqueEmail('newcomer'));
  expect(unknownAnswers).toEqual(knownAnswers);
  await context.close();
});
