import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import type english from '../../../messages/en.json';

// How text sits on the page where languages differ: Japanese line breaks, start-aligned lines in both directions,
// addresses among Arabic words, and what a page says when a control needs JavaScript.

const messages = (locale: string) =>
  JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as typeof english;

test('Japanese body text breaks between phrases, not inside words, as headings do', async ({ page }) => {
  await page.goto('/ja');
  for (const element of [page.locator('main p').first(), page.locator('footer p').first()])
    expect(await element.evaluate((node) => getComputedStyle(node).wordBreak)).toBe('auto-phrase');
  // Latin text elsewhere keeps the usual rules.
  await page.goto('/en');
  expect(
    await page
      .locator('main p')
      .first()
      .evaluate((node) => getComputedStyle(node).wordBreak),
  ).toBe('normal');
});

for (const locale of ['en', 'ar'] as const) {
  test(`${locale} at 390 px: the footer's "Privacy settings" starts where the lines above it start`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${locale}`);
    const footer = page.locator('footer');
    const tagline = (await footer.locator('p').first().boundingBox())!;
    const button = footer.getByRole('button', { name: messages(locale).Consent.footerLink });
    const text = await button.evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    });
    if (locale === 'ar') expect(Math.abs(text.right - (tagline.x + tagline.width))).toBeLessThan(2);
    else expect(Math.abs(text.left - tagline.x)).toBeLessThan(2);
  });
}

test('without JavaScript, the greyed "Sign in with a passkey" says why', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const passkeys = messages('en').Passkeys;
  await page.goto('/en/sign-in');
  await expect(page.getByRole('button', { name: passkeys.signIn })).toBeDisabled();
  // In a <noscript> (Playwright's text locators skip those): shown by browsers that run no script.
  const reason = page.locator('noscript p');
  await expect(reason).toBeVisible();
  await expect(reason).toHaveText(passkeys.needsScript);
  await context.close();
  // With JavaScript the button works and the reason is not shown.
  const scripted = await browser.newPage();
  await scripted.goto('/en/sign-in');
  await expect(scripted.getByRole('button', { name: passkeys.signIn })).toBeEnabled();
  await expect(scripted.locator('noscript p')).toHaveCount(0);
  await scripted.close();
});

test('ar at 390 px: an address among Arabic words moves to the next line whole, not split at a hyphen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createConfirmedUser({ email: `anne-marie.dubois-${Date.now() % 1000}@exemple-mail.fr` });
  await signInWithPassword(page, user.email, user.password, { locale: 'ar' });
  await page.goto('/ar/account');
  const address = page.getByTestId('current-email').locator('bdi');
  await expect(address).toHaveText(user.email);
  const layout = await address.evaluate((node) => {
    const lineHeight = parseFloat(getComputedStyle(node.parentElement!).lineHeight);
    const { height } = node.getBoundingClientRect();
    // As plain inline text, the same address would be split across two lines here.
    node.style.display = 'inline';
    const inlineLines = node.getClientRects().length;
    node.style.display = '';
    return { lines: Math.round(height / lineHeight), inlineLines };
  });
  expect(layout.inlineLines).toBeGreaterThan(1);
  expect(layout.lines).toBe(1);
});
