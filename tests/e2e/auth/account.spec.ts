import { expect, test } from '../support/test';
import {
  createConfirmedUser,
  findUser,
  goodPassword,
  signInWithPassword,
  uniqueEmail,
} from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';
import { followEmailLink, mailTo } from '../support/mailbox';

test('the account page is private and passes axe', async ({ page }) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const response = await page.goto('/en/account');
  const cacheControl = response?.headers()['cache-control'] ?? '';
  expect(cacheControl).toContain('private');
  expect(cacheControl).toContain('no-store');
  await expectNoAxeViolations(page);
});

test('a query value names only its own messages: ?updated=constructor shows nothing', async ({ page }) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  for (const value of ['constructor', '__proto__', 'toString']) {
    await page.goto(`/en/account?updated=${value}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main [role="status"]')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('native code');
  }
  await page.goto('/en/account?updated=profile');
  await expect(page.locator('main [role="status"]')).toHaveText('Your profile has been saved.');
  const other = await page.context().browser()!.newPage();
  await other.goto('/en/sign-in?status=constructor');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.locator('main')).not.toContainText('native code');
  await other.close();
});

test('in Arabic, the address in "you sign in with …" stays whole, after the words, before the full stop', async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  await page.goto('/ar/account');
  const sentence = page.getByTestId('current-email');
  await expect(sentence.locator('bdi')).toHaveText(user.email);
  const layout = await sentence.evaluate((paragraph) => {
    const box = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect();
    };
    const address = paragraph.querySelector('bdi')!;
    return {
      lines: address.getClientRects().length,
      words: box(paragraph.firstChild!),
      address: box(address),
      stop: box(paragraph.lastChild!),
    };
  });
  expect(layout.lines).toBe(1);
  // Right to left: the Arabic words, then (to their left) the address, then (further left) the full stop.
  expect(layout.address.right).toBeLessThanOrEqual(layout.words.left + 1);
  expect(layout.stop.right).toBeLessThanOrEqual(layout.address.left + 1);
  expect(Math.abs(layout.stop.top - layout.address.top)).toBeLessThan(2);
});

test('changing the preferred language switches the interface and later emails', async ({ page }) => {
  const user = await createConfirmedUser({ displayName: 'Before' });
  await signInWithPassword(page, user.email, user.password);
  await page.locator('#profile-displayName').fill('Después');
  await page.locator('#profile-preferredLocale').selectOption('es');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL('/es/account?updated=profile');
  await expect(page.getByRole('status').filter({ hasText: 'Tu perfil se ha guardado.' })).toBeVisible();
  // Next keeps the previous page's tree hidden (Activity); only the visible header counts.
  await expect(page.getByTestId('user-menu-trigger').filter({ visible: true })).toContainText('Después');
  expect((await findUser(user.id))?.user_metadata.locale).toBe('es');

  // The next email (a password reset) comes in Spanish.
  await page.goto('/en/forgot-password');
  await page.locator('input[name="email"]').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  expect((await mailTo(user.email)).subject).toMatch(/Restablece tu contraseña/);
});

test('email change takes effect once the new address is confirmed', async ({ page }) => {
  const user = await createConfirmedUser();
  const newEmail = uniqueEmail('changed');
  await signInWithPassword(page, user.email, user.password);
  await page.locator('#email-change-email').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByTestId('form-message').filter({ hasText: newEmail })).toBeVisible();
  expect((await findUser(user.id))?.email).toBe(user.email);

  // With secure email change (double_confirm_changes) the old address must confirm too.
  // The first link confirms its half only, and the page says what is left (not "updated").
  await followEmailLink(page, (await mailTo(newEmail)).confirmLink);
  await expect(page.getByRole('status')).toHaveText(
    'Address confirmed. To finish the change, open the link we sent to your other address.',
  );
  expect((await findUser(user.id))?.email).toBe(user.email);
  await followEmailLink(page, (await mailTo(user.email)).confirmLink);
  await expect(page.getByRole('status')).toHaveText('Your email address has been updated.');
  await expect.poll(async () => (await findUser(user.id))?.email).toBe(newEmail);
  await page.goto('/en/account');
  await expect(page.getByTestId('current-email')).toContainText(newEmail);
});

test('password change: the current password asked for, same password refused, new one accepted, other devices signed out', async ({
  page,
  browser,
}) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInWithPassword(otherPage, user.email, user.password);
  const section = page.locator('section[aria-labelledby="password-title"]');
  // ASVS 6.2.3: a session alone cannot change the password (update_password_require_current_password).
  await section.locator('input[name="password"]').fill(`${goodPassword}x`);
  await section.locator('input[name="confirmPassword"]').fill(`${goodPassword}x`);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByTestId('form-message')).toHaveText(
    'Enter your current password to choose a new one.',
  );
  await section.getByLabel('Current password').fill('Not-the-password-1');
  await section.locator('input[name="password"]').fill(`${goodPassword}x`);
  await section.locator('input[name="confirmPassword"]').fill(`${goodPassword}x`);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByTestId('form-message')).toHaveText('Your current password is not correct.');

  await section.getByLabel('Current password').fill(user.password);
  await section.locator('input[name="password"]').fill(user.password);
  await section.locator('input[name="confirmPassword"]').fill(user.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByTestId('form-message')).toHaveText(
    'The new password must be different from your current one.',
  );
  await section.getByLabel('Current password').fill(user.password);
  await section.locator('input[name="password"]').fill(`${goodPassword}x`);
  await section.locator('input[name="confirmPassword"]').fill(`${goodPassword}x`);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByTestId('form-message')).toHaveText(
    'Your password has been changed. Other devices have been signed out.',
  );
  await otherPage.goto('/en/account');
  await expect(otherPage).toHaveURL(/\/en\/sign-in\?.*status=session-ended/);
  await page.reload();
  await expect(page).toHaveURL('/en/account');
  await other.close();
});

test("sign out everywhere ends this session and the other device's (ending only the others: sessions.spec.ts)", async ({
  page,
  browser,
}) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInWithPassword(otherPage, user.email, user.password);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL('/en/sign-in?status=signed-out-everywhere');
  await expect(
    page.getByRole('status').filter({ hasText: 'You have been signed out on all devices.' }),
  ).toBeVisible();
  // The other device's cookie still holds an unexpired access token: its next private request goes to sign-in.
  await otherPage.goto('/en/account');
  await expect(otherPage).toHaveURL('/en/sign-in?next=%2Faccount&status=session-ended');
  await other.close();
});

test('deleting the account needs the confirmation word and uses the server only', async ({ page }) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const field = page.locator('#delete-confirmation');
  await field.fill('remove');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('The word you typed does not match.')).toBeVisible();
  await expect(field).toHaveValue('remove');
  await field.fill('delete');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/en/sign-in?status=account-deleted');
  expect(await findUser(user.id)).toBeNull();
});

// GoTrue's wait between two emails to one user names the seconds left, and the form says them.
for (const { locale, wait } of [
  { locale: 'en', wait: /^We just sent you an email\. You can ask for another one in [1-5] seconds?\.$/ },
  {
    locale: 'ar',
    wait: /^أرسلنا إليك رسالة للتو\. يمكنك طلب رسالة أخرى بعد (?:ثانية واحدة|ثانيتين|[3-5] ثوانٍ)\.$/,
  },
]) {
  test(`a second email change asked for too soon says how many seconds to wait (${locale})`, async ({
    page,
  }) => {
    const user = await createConfirmedUser({ locale });
    await signInWithPassword(page, user.email, user.password, { locale });
    const section = page.locator('section[aria-labelledby="email-title"]');
    const submit = section.locator('form:has(#email-change-email) button[type="submit"]');
    const newEmail = uniqueEmail('too-soon');
    await section.locator('#email-change-email').fill(newEmail);
    await submit.click();
    const message = section.locator('form:has(#email-change-email)').getByTestId('form-message');
    await expect(message).toContainText(newEmail);
    // The local auth server waits max_frequency = "5s" between two emails to one user, as GoTrue does.
    await section.locator('#email-change-email').fill(newEmail);
    await submit.click();
    await expect(section.locator('form:has(#email-change-email)').getByTestId('form-message')).toHaveText(
      wait,
    );
  });
}
