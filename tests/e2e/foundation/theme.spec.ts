import { expect, test } from '@playwright/test';

test('the chosen theme persists across reloads without a flash of the wrong theme', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  // Record the <html> classes when the first content (the header) enters the document, before it can paint.
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('header')) return;
      (window as unknown as { classAtFirstContent: string }).classAtFirstContent = document.documentElement.className;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto('/en');
  await page.waitForLoadState('networkidle'); // hydrated: the menu button has its handlers
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => (window as unknown as { classAtFirstContent: string }).classAtFirstContent)).toContain('dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');

  // "System" follows the operating system's preference again.
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await context.close();
});
