import { createClient } from '@supabase/supabase-js';
import { expect, test } from '../support/test';
import { createConfirmedUser, goodPassword, uniqueEmail } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';
import { followEmailLink, mailTo } from '../support/mailbox';
import { appUrl, publishableKey, supabaseUrl } from '../support/test-env';

async function requestEmailLink(page: import('@playwright/test').Page, email: string) {
  await page.goto('/en/sign-in/email-link?next=%2Faccount%3Ffrom%3Dlink');
  await expectNoAxeViolations(page);
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Email me a link and code' }).click();
  await expect(
    page.getByText(`We sent a sign-in link and a 6-digit code to ${email}.`, { exact: false }),
  ).toBeVisible();
}

test('sign in with the 6-digit code from the email, after a wrong one', async ({ page }) => {
  const user = await createConfirmedUser();
  await requestEmailLink(page, user.email);
  const mail = await mailTo(user.email);
  expect(mail.subject).toMatch(/Your sign-in link/);

  const code = page.locator('input[name="code"]');
  await code.fill('12');
  await page.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(page.getByText('Enter the 6 digits from the email.')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill(mail.code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(page.getByTestId('form-message')).toHaveText(
    'This code or link has expired or was already used. Ask for a new one.',
  );
  await expectNoAxeViolations(page);

  await code.fill(mail.code!);
  await page.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(page).toHaveURL('/en/account?from=link');
});

test('the magic link in another browser: signs in (token hash) or explains the missing verifier (PKCE)', async ({
  page,
  browser,
}) => {
  const user = await createConfirmedUser();
  await requestEmailLink(page, user.email);
  const mail = await mailTo(user.email);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await followEmailLink(otherPage, mail.confirmLink);
  if (mail.tokenHashLink) {
    // Token-hash links are verified on the server: no code verifier is needed in the opening browser.
    await expect(otherPage).toHaveURL('/en/account?from=link');
  } else {
    // Links through the auth server's /verify end in a PKCE code only the requesting browser can exchange.
    await expect(otherPage).toHaveURL('/en/auth/error?reason=other-browser');
    await expect(otherPage.getByTestId('link-error-reason')).toContainText('different browser');
  }
  await other.close();

  // Either way the link was single-use.
  await followEmailLink(page, mail.confirmLink);
  await expect(page).toHaveURL(/\/en\/auth\/error\?reason=expired(#.*)?$/);
  await expect(page.getByTestId('link-error-reason')).toHaveText(/expired or was already used/);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Get a new sign-in link or code' }).click();
  await expect(page).toHaveURL('/en/sign-in/email-link');
});

test('broken and foreign links get a clear page, never a 500', async ({ page }) => {
  for (const path of [
    '/en/auth/confirm',
    '/en/auth/confirm?token_hash=pkce_0000&type=magiclink',
    '/en/auth/confirm?token_hash=abc&type=not-a-type',
    '/en/auth/confirm?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid',
    '/en/auth/callback',
    '/en/auth/callback?code=00000000-0000-0000-0000-000000000000',
    '/en/auth/error?reason=%3Cscript%3E',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    if (page.url().includes('/auth/continue')) await page.locator('main form button[type="submit"]').click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link does not work' }),
      path,
    ).toBeVisible();
  }
  // A sign-in the visitor cancelled at the provider says so instead.
  const denied = await page.goto('/en/auth/callback?error=access_denied&error_description=denied');
  expect(denied?.status()).toBeLessThan(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in was cancelled' })).toBeVisible();
  await expect(page.getByTestId('link-error-reason')).toHaveAttribute('data-reason', 'denied');
});

test('a mail scanner opening the link does not use it up: the "Continue" button does', async ({
  page,
  playwright,
}) => {
  const user = await createConfirmedUser();
  await requestEmailLink(page, user.email);
  const mail = await mailTo(user.email);
  // Our templates link to the app's own page with the token hash, never to the auth server's /verify.
  expect(mail.tokenHashLink).toBe(true);

  // A scanner: no cookies, follows redirects, runs no script, reads the page.
  const scanner = await playwright.request.newContext();
  for (let i = 0; i < 2; i++) expect((await scanner.get(mail.confirmLink)).status()).toBe(200);
  await scanner.dispose();

  await page.context().clearCookies();
  await page.goto(mail.confirmLink);
  await expect(page).toHaveURL(/\/en\/auth\/continue\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with your email link');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/en/account?from=link');
});

test('the "Continue" page speaks every language and names the action', async ({ page }) => {
  const cases = [
    ['de', 'signup', 'E-Mail-Adresse bestätigen'],
    ['fr', 'recovery', 'Choisir un nouveau mot de passe'],
    ['es', 'email_change', 'Confirmar nueva dirección'],
    ['ja', 'magiclink', 'ログイン'],
    ['ar', 'invite', 'قبول الدعوة'],
  ] as const;
  for (const [locale, type, button] of cases) {
    await page.goto(`/${locale}/auth/confirm?token_hash=0123abcdef&type=${type}`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/continue\\?`));
    await expect(page.getByRole('button', { name: button })).toBeVisible();
    if (locale === 'ar') await expectNoAxeViolations(page);
  }
  // A forged token hash fails only when used, on the localized error page.
  await page.getByRole('button', { name: 'قبول الدعوة' }).click();
  await expect(page).toHaveURL(/\/ar\/auth\/error\?reason=/);
});

// GoTrue's .RedirectTo is bare site_url when a client asks for no redirect or one outside the allow-list;
// the templates used to append `&token_hash=…` to it, which is no URL. A client of our project other than the app.
for (const [label, emailRedirectTo] of [
  ['a disallowed redirect', 'https://evil.example.net/steal'],
  ['no redirect', undefined],
] as const) {
  test(`a sign-up through supabase-js with ${label}: the emailed link confirms the account in the app`, async ({
    page,
  }) => {
    const email = uniqueEmail('fallback');
    const client = createClient(supabaseUrl, publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { error } = await client.auth.signUp({
      email,
      password: goodPassword,
      options: { data: { locale: 'de' }, ...(emailRedirectTo ? { emailRedirectTo } : {}) },
    });
    expect(error).toBeNull();

    const mail = await mailTo(email);
    const link = new URL(mail.confirmLink);
    expect(`${link.origin}${link.pathname}`).toBe(`${appUrl}/de/auth/confirm`);
    expect(link.searchParams.get('type')).toBe('signup');
    await followEmailLink(page, mail.confirmLink);
    // No page of this site was asked for: the account page, in the user's language, signed in.
    await expect(page).toHaveURL('/de/account');
    await expect(page.getByTestId('current-email')).toContainText(email);
  });
}

test('a password reset through supabase-js with a disallowed redirect: the link leads to the new-password form', async ({
  page,
}) => {
  const user = await createConfirmedUser({ locale: 'fr' });
  const client = createClient(supabaseUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.resetPasswordForEmail(user.email, {
    redirectTo: 'https://evil.example.net/steal',
  });
  expect(error).toBeNull();

  const mail = await mailTo(user.email);
  expect(new URL(mail.confirmLink).pathname).toBe('/fr/auth/confirm');
  await followEmailLink(page, mail.confirmLink);
  await expect(page).toHaveURL('/fr/reset-password');
  await expect(page.locator('input[name="confirmPassword"]')).toBeVisible();
});
