import { expect, test } from '@playwright/test';
import { consentBannerId } from '@/lib/consent/consent-banner-id';
import { delayRequests } from '../support/slow-requests';

// The first frame shows the whole shell (header, page, footer, consent banner), never half of it: a first
// paint of a partly parsed header shifts as the rest arrives. A late stylesheet makes the race likely:
// when it lands, the parser is still near the top of the body.
test('the first frame is painted only once the whole shell is parsed', async ({ page }) => {
  await delayRequests(page, '**/*.css', 300);
  await page.addInitScript((bannerId) => {
    requestAnimationFrame(() => {
      (window as { __firstFrame?: object }).__firstFrame = {
        footer: document.querySelector('footer') !== null,
        banner: document.getElementById(bannerId) !== null,
      };
    });
  }, consentBannerId);

  for (const path of ['/en', '/ar/sign-in']) {
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => (window as { __firstFrame?: object }).__firstFrame)).toEqual({ footer: true, banner: true });
  }
});
