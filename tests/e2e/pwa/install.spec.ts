import { expect, type Page, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { presetConsent } from '../support/consent';

const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Chromium's event, as the browser fires it once the app is installable. */
function offerInstall(page: Page) {
  return page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as { prompted?: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
}

test.beforeEach(async ({ context }) => {
  await presetConsent(context, false);
});

test('no install button until the browser offers installation', async ({ page }) => {
  await page.goto('/en');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test('the install button uses the browser prompt where offered', async ({ page }) => {
  await page.goto('/en');
  const install = page.getByRole('banner').getByRole('button', { name: 'Install app' });
  // Hydration timing varies: offer until the button shows up.
  await expect(async () => {
    await offerInstall(page);
    await expect(install).toBeVisible({ timeout: 500 });
  }).toPass();
  await install.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => (window as { prompted?: boolean }).prompted)).toBe(true);
  await expect(install).toHaveCount(0); // the prompt can be used once
});

test('with installation offered, the header still fits 320 and 360 px phones in every language', async ({
  browser,
}) => {
  // A header wider than the screen makes mobile browsers zoom the whole page out when the button
  // appears: a layout shift of everything, and text too small to read.
  for (const width of [320, 360]) {
    const context = await browser.newContext({
      viewport: { width, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await presetConsent(context, false);
    const page = await context.newPage();
    for (const locale of ['en', 'de', 'fr', 'es', 'ja', 'ar']) {
      await page.goto(`/${locale}`);
      const install = page.getByRole('banner').locator('button:has(.lucide-download)');
      await expect(async () => {
        await offerInstall(page);
        await expect(install).toBeVisible({ timeout: 500 });
      }).toPass();
      const widths = await page.evaluate(() => ({
        layout: window.innerWidth,
        content: document.documentElement.scrollWidth,
      }));
      expect(widths, `${locale} at ${width} px`).toEqual({ layout: width, content: width });
    }
    await context.close();
  }
});

test('on iOS Safari the button explains the two steps, in the page language', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: iphoneSafari,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await presetConsent(context, false);
  const page = await context.newPage();
  await page.goto('/de');
  await page.getByRole('button', { name: 'App installieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Polyglot installieren' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('„Teilen“');
  await expect(dialog).toContainText('„Zum Home-Bildschirm“');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await context.close();
});

test('the button hides itself when the app runs installed', async ({ browser }) => {
  // Launched from the home screen, iOS Safari sets navigator.standalone; an installed Chromium
  // app matches (display-mode: standalone), which Playwright cannot emulate, so it is stubbed.
  const context = await browser.newContext({
    userAgent: iphoneSafari,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await presetConsent(context, false);
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'standalone', { value: true });
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === '(display-mode: standalone)'
        ? { ...original(query), matches: true, media: query, addEventListener() {}, removeEventListener() {} }
        : original(query);
  });
  const page = await context.newPage();
  await page.goto('/en');
  await page.waitForLoadState('networkidle');
  await offerInstall(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  await context.close();
});
