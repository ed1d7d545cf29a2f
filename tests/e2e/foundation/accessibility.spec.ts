import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';

for (const locale of ['en', 'ar'] as const) {
  test(`home page in ${locale} has no axe violations`, async ({ page }) => {
    await page.goto(`/${locale}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test(`404 page in ${locale} has no axe violations`, async ({ page }) => {
    await page.goto(`/${locale}/no-such-page`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test(`home page in ${locale} and dark mode has no axe violations`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`/${locale}`);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoAxeViolations(page);
    await context.close();
  });
}

test('the home page fits a phone screen without horizontal scrolling', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  for (const locale of ['en', 'de', 'ar', 'ja']) {
    await page.goto(`/${locale}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, locale).toBeLessThanOrEqual(0);
  }
  await context.close();
});
