import { expect, test } from '@playwright/test';

test('the chosen theme persists across reloads without a flash of the wrong theme', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  // Record the <html> classes at the first animation frame, i.e. before the first paint.
  await context.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrameClass: string }).firstFrameClass = document.documentElement.className;
    });
  });
  const page = await context.newPage();
  await page.goto('/en');
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => (window as unknown as { firstFrameClass: string }).firstFrameClass)).toContain('dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');

  // "System" follows the operating system's preference again.
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await context.close();
});
