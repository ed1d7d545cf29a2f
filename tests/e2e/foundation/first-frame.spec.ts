import { expect, test } from '../support/test';
import { delayRequests } from '../support/slow-requests';

const bannerSelector = '[data-testid="consent-banner"]';

// The first frame shows the whole shell (header, page, footer, consent banner), never half of it: a first
// paint of a partly parsed header shifts as the rest arrives. A late stylesheet makes the race likely:
// when it lands, the parser is still near the top of the body.
test('the first frame is painted only once the whole shell is parsed', async ({ page }) => {
  await delayRequests(page, '**/*.css', 300);
  await page.addInitScript((bannerSelector) => {
    requestAnimationFrame(() => {
      (window as { __firstFrame?: object }).__firstFrame = {
        footer: document.querySelector('footer') !== null,
        bannerButtons: document.querySelector(bannerSelector)?.querySelectorAll('button').length ?? 0,
      };
    });
  }, bannerSelector);

  for (const path of ['/en', '/ar/sign-in']) {
    await page.goto(path);
    await expect
      .poll(() => page.evaluate(() => (window as { __firstFrame?: object }).__firstFrame))
      .toEqual({ footer: true, bannerButtons: 3 });
  }
});

// Chromium lifts `rel="expect"` at the target's start tag: a banner painted before its content was parsed then
// grew by 60 px (a layout shift). Where the network splits the HTML decides whether that happens, so the order
// is checked directly.
test('the element the first frame waits for comes after the whole consent banner', async ({ page }) => {
  await page.goto('/en');
  const order = await page.evaluate((bannerSelector) => {
    const href = document.querySelector('link[rel="expect"][blocking="render"]')?.getAttribute('href') ?? '';
    const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
    const banner = document.querySelector(bannerSelector);
    if (!target || !banner) return 'missing';
    return !banner.contains(target) &&
      banner.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING
      ? 'after'
      : 'not after';
  }, bannerSelector);
  expect(order).toBe('after');
});
