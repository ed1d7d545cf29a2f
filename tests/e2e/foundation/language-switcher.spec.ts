import { expect, test } from '../support/test';
import { appUrl } from '../support/test-env';

test('the switcher keeps the page and query, and persists the choice for a year', async ({
  context,
  page,
}) => {
  await page.goto('/en?ref=newsletter');
  await page.waitForLoadState('networkidle'); // hydrated: the menu button has its handlers
  await page.getByRole('button', { name: 'Language: English' }).click();
  const item = page.getByRole('menuitemradio', { name: 'Deutsch' });
  await expect(page.getByRole('menuitemradio', { name: '日本語' })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'العربية' })).toBeVisible();
  await item.click();

  await expect(page).toHaveURL(`${appUrl}/de?ref=newsletter`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grundlage');

  const cookie = (await context.cookies(appUrl)).find((c) => c.name === 'NEXT_LOCALE');
  expect(cookie?.value).toBe('de');
  expect(cookie?.sameSite).toBe('Lax');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(366);
  expect(await page.evaluate(() => localStorage.getItem('NEXT_LOCALE'))).toBe('de');

  // The next unprefixed visit uses the stored choice.
  await page.goto('/');
  await expect(page).toHaveURL(`${appUrl}/de`);
});

test('the switcher works from the keyboard', async ({ page }) => {
  await page.goto('/en');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Language: English' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitemradio', { name: 'Français' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${appUrl}/fr`);
});

test('Arabic renders right-to-left; other languages left-to-right', async ({ page }) => {
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // Logical properties: the header controls sit on the left edge in RTL.
  const box = await page.getByRole('button', { name: /اللغة/ }).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x).toBeLessThan(width / 2);

  await page.goto('/ja');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
