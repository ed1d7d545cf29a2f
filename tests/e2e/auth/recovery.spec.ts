import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { enrollFactors } from '../support/authenticator';
import { expectNoAxeViolations } from '../support/axe';
import { followEmailLink, mailTo } from '../support/mailbox';

const cases = [
  {
    locale: 'en',
    subject: /Reset your password/,
    submit: 'Send reset link',
    save: 'Save new password',
    done: 'Your new password has been saved.',
  },
  {
    locale: 'de',
    subject: /Passwort zurücksetzen/,
    submit: 'Link zum Zurücksetzen senden',
    save: 'Neues Passwort speichern',
    done: 'Ihr neues Passwort wurde gespeichert.',
  },
  {
    locale: 'ar',
    subject: /إعادة تعيين كلمة المرور/,
    submit: 'إرسال رابط إعادة التعيين',
    save: 'حفظ كلمة المرور الجديدة',
    done: 'حُفظت كلمة المرور الجديدة.',
  },
];

for (const { locale, subject, submit, save, done } of cases) {
  test(`forgot password, then reset it from the emailed link (${locale})`, async ({ page, browser }) => {
    const user = await createConfirmedUser({ locale });
    await page.goto(`/${locale}/forgot-password`);
    await expectNoAxeViolations(page);
    await page.locator('input[name="email"]').fill(user.email);
    await page.getByRole('button', { name: submit }).click();
    await expect(page.getByTestId('form-message')).toContainText(user.email);

    const mail = await mailTo(user.email);
    expect(mail.subject).toMatch(subject);
    await followEmailLink(page, mail.confirmLink);
    await expect(page).toHaveURL(`/${locale}/reset-password`);
    await expectNoAxeViolations(page);
    await page.locator('input[name="password"]').fill('Brand-New-Pass9');
    await page.locator('input[name="confirmPassword"]').fill('Brand-New-Pass9');
    await page.getByRole('button', { name: save }).click();
    await expect(page).toHaveURL(`/${locale}/account?updated=password`);
    await expect(page.getByRole('status').filter({ hasText: done })).toBeVisible();

    // The new password works elsewhere; the used link does not work twice.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInWithPassword(otherPage, user.email, 'Brand-New-Pass9', { locale });
    await followEmailLink(otherPage, mail.confirmLink);
    // (Links through the auth server's /verify also bring its error in the URL fragment.)
    await expect(otherPage).toHaveURL(
      new RegExp(`/${locale}/auth/error\\?reason=expired&flow=recovery(#.*)?$`),
    );
    await expect(otherPage.getByRole('link', { name: /./ }).first()).toBeVisible();
    await other.close();
  });
}

test('the reset page without a recovery session offers a new link', async ({ page }) => {
  await page.goto('/en/reset-password');
  await expect(
    page.getByText('This reset link has expired or was already used. Ask for a new one.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL('/en/forgot-password');
});

test('the new-password page sets a password only in the session a recovery link opened (ASVS 6.2.3)', async ({
  page,
}) => {
  // A signed-in session (a borrowed laptop, a stolen cookie) changes the password on the account page, with the
  // current one; here it is sent away as a used link would be.
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  await page.goto('/en/reset-password');
  await page.locator('input[name="password"]').fill('Brand-New-Pass9');
  await page.locator('input[name="confirmPassword"]').fill('Brand-New-Pass9');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByTestId('form-message')).toHaveText(
    'This code or link has expired or was already used. Ask for a new one.',
  );
  await page.context().clearCookies();
  await signInWithPassword(page, user.email, user.password);
});

test('a reset link of a user with an authenticator app asks for its code before the new password is set (ASVS 6.4.3)', async ({
  page,
  browser,
}) => {
  const user = await createConfirmedUser();
  const [app] = await enrollFactors(user.email, user.password, ['Phone']);
  // Adding the app mailed its notice first; the reset link is the second mail.
  await mailTo(user.email, 1);
  await page.goto('/en/forgot-password');
  await page.locator('input[name="email"]').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('form-message')).toContainText(user.email);
  const mail = await mailTo(user.email, 2);
  expect(mail.subject).toMatch(/Reset your password/);
  await followEmailLink(page, mail.confirmLink);
  // The link's session is aal1: the code step comes first.
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Freset-password');
  // Nor does the new-password page open from that aal1 session: it sends it back to the code step.
  await page.goto('/en/reset-password');
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Freset-password');
  await expect(page.locator('input[name="password"]')).toHaveCount(0);
  // The old password still signs in (up to the code step): nothing was changed.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInWithPassword(otherPage, user.email, user.password);
  await expect(otherPage).toHaveURL(/\/en\/sign-in\/verify/);
  await other.close();
  // With the code, the same recovery session sets the new password.
  await page.getByLabel('6-digit code').fill(await app!.freshCode());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/reset-password');
  await page.locator('input[name="password"]').fill('Brand-New-Pass9');
  await page.locator('input[name="confirmPassword"]').fill('Brand-New-Pass9');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).not.toHaveURL(/\/reset-password/);
  await page.context().clearCookies();
  await signInWithPassword(page, user.email, 'Brand-New-Pass9');
  await expect(page).toHaveURL(/\/en\/sign-in\/verify/);
});
