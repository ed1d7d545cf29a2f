import { expect, test } from '../support/test';
import { goodPassword, uniqueEmail } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';
import { followEmailLink, mailTo } from '../support/mailbox';

// The main flow in three languages: sign up, confirm by email, land signed in, sign out.
const cases = [
  {
    locale: 'en',
    heading: 'Create your account',
    mailSubject: /Confirm your email/,
    signOut: 'Sign out',
    signIn: 'Sign in',
  },
  {
    locale: 'de',
    heading: 'Konto erstellen',
    mailSubject: /E-Mail-Adresse/,
    signOut: 'Abmelden',
    signIn: 'Anmelden',
  },
  {
    locale: 'ar',
    heading: 'إنشاء حسابك',
    mailSubject: /بريدك الإلكتروني/,
    signOut: 'تسجيل الخروج',
    signIn: 'تسجيل الدخول',
  },
];

for (const { locale, heading, mailSubject, signOut, signIn } of cases) {
  test(`sign up, confirm, land signed in and sign out (${locale})`, async ({ page }) => {
    const email = uniqueEmail(`signup-${locale}`);
    await page.goto(`/${locale}/sign-up`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The policy is visible before anything is submitted.
    await expect(page.getByTestId('password-requirements')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.locator('input[name="displayName"]').fill('Ada');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(goodPassword);
    await page.locator('form:has(input[name="displayName"]) button[type="submit"]').click();

    await expect(page).toHaveURL(`/${locale}/sign-up/check-email`);
    await expect(page.getByTestId('check-email-description')).toContainText(email);
    await expect(page.getByTestId('resend-countdown')).toHaveText(/\d/);
    await expectNoAxeViolations(page);

    const mail = await mailTo(email);
    expect(mail.subject).toMatch(mailSubject);
    expect(mail.code).toMatch(/^\d{6}$/);
    await followEmailLink(page, mail.confirmLink);
    await expect(page).toHaveURL(`/${locale}/account`);
    await expect(page.getByTestId('current-email')).toContainText(email);

    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: signOut }).click();
    await expect(page).toHaveURL(`/${locale}`);
    await expect(page.getByRole('banner').getByRole('link', { name: signIn })).toBeVisible();
    await page.goto(`/${locale}/account`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/sign-in\\?next=%2Faccount$`));
  });
}

test('sign-up errors are localized, linked to their fields and keep what was typed', async ({ page }) => {
  await page.goto('/en/sign-up');
  const form = page.locator('form:has(input[name="displayName"])');
  await form.locator('input[name="displayName"]').fill('   ');
  await form.locator('input[name="email"]').fill('not-an-email');
  await form.locator('input[name="password"]').fill('short');
  await form.locator('button[type="submit"]').click();

  const name = form.locator('input[name="displayName"]');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await name.getAttribute('aria-describedby')}`)).toHaveText(
    'Please enter more than spaces.',
  );
  await expect(page.getByText('Please enter an email address like name@example.com.')).toBeVisible();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await expect(form.locator('input[name="email"]')).toHaveValue('not-an-email');
  await expectNoAxeViolations(page);
});

test('resend is offered after the countdown', async ({ page }) => {
  await page.clock.install();
  const email = uniqueEmail('resend');
  await page.goto('/en/sign-up');
  await page.locator('input[name="displayName"]').fill('Bo');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(goodPassword);
  await page.locator('form:has(input[name="displayName"]) button[type="submit"]').click();
  await expect(page).toHaveURL('/en/sign-up/check-email');

  const resend = page.getByRole('button', { name: 'Send the email again' });
  await expect(resend).toBeDisabled();
  await expect(page.getByTestId('resend-countdown')).toHaveText(
    /You can ask for a new email in \d+ seconds?\./,
  );
  await page.clock.fastForward(61_000);
  await expect(resend).toBeEnabled();
  // The browser's countdown is only a courtesy: the auth server (max_frequency = "5s" locally, on real time)
  // still refuses a resend this soon, which the page answers as it answers a confirmed or unknown address
  // (tests/e2e/auth/enumeration.spec.ts): the email of a moment ago is on its way.
  await resend.click();
  await expect(page.getByTestId('form-message')).toHaveText(
    'We sent a new email. It can take a minute to arrive.',
  );
  await page.waitForTimeout(6_000);
  await page.clock.fastForward(61_000);
  await resend.click();
  await expect(page.getByTestId('form-message')).toHaveText(
    'We sent a new email. It can take a minute to arrive.',
  );
  await mailTo(email, 2);
});
