import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '../support/test';
import {
  createConfirmedUser,
  findUser,
  goodPassword,
  signInWithPassword,
  uniqueEmail,
} from '../support/auth-users';
import { arabicIndic } from '../support/authenticator';
import { expectNoAxeViolations } from '../support/axe';
import { mailTo } from '../support/mailbox';

// Every email says "Or enter this code"; each flow that mails one has a field for it.

type Messages = typeof import('../../../messages/en.json');
function messages(locale: string): Messages {
  return JSON.parse(
    readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), 'utf8'),
  ) as Messages;
}
/** A server action's message as the form shows it: the address between Unicode isolates (i18n/isolate.tsx). */
const shown = (message: string, email: string) =>
  message.replace('<bdi>{email}</bdi>', `\u2068${email}\u2069`);
const withoutIsolates = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

/** A code that is not the emailed one. */
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** The code form of one type (and address), by its hidden fields. */
function codeForm(page: Page | Locator, type: string, email?: string): Locator {
  const address = email ? `:has(input[name="email"][value="${email}"])` : '';
  return page.locator(`form:has(input[name="type"][value="${type}"])${address}`);
}

async function signUp(page: Page, locale: string, email: string) {
  await page.goto(`/${locale}/sign-up`);
  await page.locator('input[name="displayName"]').fill('Ada');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(goodPassword);
  await page.locator('form:has(input[name="displayName"]) button[type="submit"]').click();
  await expect(page).toHaveURL(`/${locale}/sign-up/check-email`);
}

/** Sign-up's check-email page: a wrong code is refused in the page's language, the right one signs in. */
async function confirmSignUpWithCode(page: Page, locale: string, { axe }: { axe: boolean }) {
  const m = messages(locale);
  const email = uniqueEmail(`code-signup-${locale}`);
  await signUp(page, locale, email);
  const form = codeForm(page, 'signup');
  const code = form.locator('input[name="code"]');
  await expect(code).toBeVisible();
  if (axe) await expectNoAxeViolations(page);

  const mail = await mailTo(email);
  await code.fill(wrongCode(mail.code!));
  await form.getByRole('button', { name: m.EmailCode.signupSubmit }).click();
  await expect(form.getByTestId('form-message')).toHaveText(m.AuthErrors.otpExpired);
  // The page still knows where the code went.
  await expect(page.getByTestId('check-email-description')).toContainText(email);
  await expect(form.locator('input[name="email"]')).toHaveValue(email);

  // As an Arabic keyboard types it.
  await form.locator('input[name="code"]').fill(locale === 'ar' ? arabicIndic(mail.code!) : mail.code!);
  await form.getByRole('button', { name: m.EmailCode.signupSubmit }).click();
  await expect(page).toHaveURL(`/${locale}/account`);
  await expect(page.getByTestId('current-email')).toContainText(email);
}

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: sign-up confirmed with the emailed code on the check-email page`, async ({ page }) => {
    await confirmSignUpWithCode(page, locale, { axe: true });
  });

  test(`${locale}: forgot password, then the emailed code opens the new-password page`, async ({ page }) => {
    const m = messages(locale);
    const user = await createConfirmedUser({ locale });
    await page.goto(`/${locale}/forgot-password`);
    await page.locator('input[name="email"]').fill(user.email);
    await page.getByRole('button', { name: m.ForgotPassword.submit }).click();
    const form = codeForm(page, 'recovery');
    await expect(form.locator('input[name="code"]')).toBeVisible();
    await expectNoAxeViolations(page);

    const mail = await mailTo(user.email);
    await form.locator('input[name="code"]').fill(wrongCode(mail.code!));
    await form.getByRole('button', { name: m.EmailCode.recoverySubmit }).click();
    await expect(form.getByTestId('form-message')).toHaveText(m.AuthErrors.otpExpired);
    // What was typed stays.
    await expect(page.locator('input[name="email"][type="email"]')).toHaveValue(user.email);

    await form.locator('input[name="code"]').fill(mail.code!);
    await form.getByRole('button', { name: m.EmailCode.recoverySubmit }).click();
    await expect(page).toHaveURL(`/${locale}/reset-password`);
    await page.locator('input[name="password"]').fill('Brand-New-Pass9');
    await page.locator('input[name="confirmPassword"]').fill('Brand-New-Pass9');
    await page.getByRole('button', { name: m.ResetPassword.submit }).click();
    await expect(page).toHaveURL(`/${locale}/account?updated=password`);
  });

  test(`${locale}: an email change confirmed with both codes (secure email change)`, async ({ page }) => {
    const m = messages(locale);
    const user = await createConfirmedUser({ locale });
    const newEmail = uniqueEmail(`code-move-${locale}`);
    await signInWithPassword(page, user.email, user.password, { locale });
    const section = page.locator('section[aria-labelledby="email-title"]');
    await section.locator('#email-change-email').fill(newEmail);
    await section.getByRole('button', { name: m.Account.changeEmail }).click();
    const codes = section.getByTestId('email-change-codes');
    await expect(codes).toBeVisible();
    // The refreshed page keeps its title (it arrives just after the content).
    await expect(page).toHaveTitle(new RegExp(`^${m.Account.title}`));
    await expectNoAxeViolations(page);

    // One field per address that got a code, each labelled with it.
    const toNew = codeForm(codes, 'email_change', newEmail);
    const toCurrent = codeForm(codes, 'email_change', user.email);
    expect(withoutIsolates(await toNew.locator('label').textContent())).toContain(newEmail);
    expect(withoutIsolates(await toCurrent.locator('label').textContent())).toContain(user.email);

    const newCode = (await mailTo(newEmail)).code!;
    const currentCode = (await mailTo(user.email)).code!;
    await toNew.locator('input[name="code"]').fill(wrongCode(newCode));
    await toNew.getByRole('button', { name: m.EmailCode.emailChangeSubmit }).click();
    await expect(toNew.getByTestId('form-message')).toHaveText(m.AuthErrors.otpExpired);

    // GoTrue takes the new address's code first or second: the first only confirms its half.
    await toNew.locator('input[name="code"]').fill(newCode);
    await toNew.getByRole('button', { name: m.EmailCode.emailChangeSubmit }).click();
    const half = codes.getByTestId('form-message');
    await expect(half).toHaveText(shown(m.EmailCode.emailChangeHalf, newEmail));
    expect((await findUser(user.id))?.email).toBe(user.email);

    await toCurrent.locator('input[name="code"]').fill(currentCode);
    await toCurrent.getByRole('button', { name: m.EmailCode.emailChangeSubmit }).click();
    await expect(page).toHaveURL(`/${locale}/account?updated=email`);
    await expect(page.getByRole('status').filter({ hasText: m.Account.emailUpdated })).toBeVisible();
    await expect(page.getByTestId('current-email')).toContainText(newEmail);
    await expect(page.getByTestId('email-change-codes')).toHaveCount(0);
    expect((await findUser(user.id))?.email).toBe(newEmail);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sign-up confirmed with the emailed code as plain form posts', async ({ page }) => {
    await confirmSignUpWithCode(page, 'en', { axe: false });
  });

  test('forgot password, then the emailed code as plain form posts', async ({ page }) => {
    const m = messages('en');
    const user = await createConfirmedUser();
    await page.goto('/en/forgot-password');
    await page.locator('input[name="email"]').fill(user.email);
    await page.getByRole('button', { name: m.ForgotPassword.submit }).click();
    const form = codeForm(page, 'recovery');
    const mail = await mailTo(user.email);
    await form.locator('input[name="code"]').fill(mail.code!);
    await form.getByRole('button', { name: m.EmailCode.recoverySubmit }).click();
    await expect(page).toHaveURL('/en/reset-password');
  });

  test('an email change confirmed with both codes as plain form posts', async ({ page }) => {
    const m = messages('en');
    const user = await createConfirmedUser();
    const newEmail = uniqueEmail('code-move-noscript');
    await signInWithPassword(page, user.email, user.password);
    const section = page.locator('section[aria-labelledby="email-title"]');
    await section.locator('#email-change-email').fill(newEmail);
    await section.getByRole('button', { name: m.Account.changeEmail }).click();
    const codes = section.getByTestId('email-change-codes');
    const toCurrent = codeForm(codes, 'email_change', user.email);
    const currentCode = (await mailTo(user.email)).code!;
    await toCurrent.locator('input[name="code"]').fill(wrongCode(currentCode));
    await toCurrent.getByRole('button', { name: m.EmailCode.emailChangeSubmit }).click();
    await expect(toCurrent.getByTestId('form-message')).toHaveText(m.AuthErrors.otpExpired);

    await toCurrent.locator('input[name="code"]').fill(currentCode);
    await toCurrent.getByRole('button', { name: m.EmailCode.emailChangeSubmit }).click();
    await expect(codes.getByTestId('form-message')).toHaveText(
      shown(m.EmailCode.emailChangeHalf, user.email),
    );

    const toNew = codeForm(codes, 'email_change', newEmail);
    await toNew.locator('input[name="code"]').fill((await mailTo(newEmail)).code!);
    await toNew.getByRole('button', { name: m.EmailCode.emailChangeSubmit }).click();
    await expect(page).toHaveURL('/en/account?updated=email');
    await expect(page.getByTestId('current-email')).toContainText(newEmail);
  });
});
