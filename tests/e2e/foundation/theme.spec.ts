import { expect, test } from '../support/test';
import { afterTwoFrames } from '../support/frames';

test('the chosen theme persists across reloads without a flash of the wrong theme', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  // Record the <html> classes when the first content (the header) enters the document, before it can paint.
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('header')) return;
      (window as unknown as { classAtFirstContent: string }).classAtFirstContent =
        document.documentElement.className;
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
  expect(
    await page.evaluate(() => (window as unknown as { classAtFirstContent: string }).classAtFirstContent),
  ).toContain('dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');

  // "System" follows the operating system's preference again.
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await context.close();
});

test('starting up adds no stylesheet: the theme is applied without restyling the whole page', async ({
  page,
}) => {
  // next-themes' disableTransitionOnChange injects a transition-blocking <style> on every load (two full restyles).
  await page.addInitScript(() => {
    const added: string[] = [];
    (window as unknown as { addedStyles: string[] }).addedStyles = added;
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const node of records.flatMap((record) => [...record.addedNodes])) {
          if (node instanceof HTMLStyleElement) added.push(node.textContent ?? '');
        }
      }).observe(document.head, { childList: true });
    });
  });
  await page.goto('/en');
  await page.waitForLoadState('networkidle'); // hydrated: the theme provider's effects have run
  await expect(page.locator('html')).toHaveClass(/light/);
  expect(await page.evaluate(() => (window as unknown as { addedStyles: string[] }).addedStyles)).toEqual([]);
});

test('switching the theme changes every colour at once, with no transitions', async ({ page }) => {
  await page.goto('/en');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const runs: string[] = [];
    (window as unknown as { transitionRuns: string[] }).transitionRuns = runs;
    document.addEventListener('transitionrun', (event) => {
      const target = event.target as Element;
      // The menu's own closing and the focus ring returning to its button are not colour changes of the page.
      if (target === document.activeElement || target.closest('[role="menu"]')) return;
      runs.push(`${target.tagName.toLowerCase()} ${event.propertyName}`);
    });
  });
  // Keyboard only, so that no element is hovered while the colours change.
  await page.getByRole('button', { name: 'Theme' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitemradio', { name: 'Dark' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await afterTwoFrames(page); // transitionrun is dispatched on the frames after the change
  expect(
    await page.evaluate(() => (window as unknown as { transitionRuns: string[] }).transitionRuns),
  ).toEqual([]);
  // Transitions are back on afterwards.
  await expect(page.locator('style', { hasText: 'transition:none' })).toHaveCount(0);
});
