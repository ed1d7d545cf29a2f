import { expect, test } from '../support/test';
import { presetConsent } from '../support/consent';
import { afterTwoFrames } from '../support/frames';
import { layoutShifts, recordLayoutShifts } from '../support/layout-shifts';
import { delayRequests } from '../support/slow-requests';

// A first visit on a slow connection: Inter arrives long after the first paint. The page must not move
// when it does (these pages and widths include a heading that rewrapped when the font swapped in).
const fontDelayMs = 1500;

test.beforeEach(async ({ context }) => {
  await presetConsent(context, false);
});

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 412, height: 823 },
]) {
  for (const locale of ['en', 'fr']) {
    test(`a late font does not move anything on /${locale} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await delayRequests(page, '**/*.woff2', fontDelayMs);
      await recordLayoutShifts(page);

      const fontArrived = page.waitForResponse((response) => response.url().endsWith('.woff2'));
      await page.goto(`/${locale}`);
      const heading = page.getByRole('heading', { level: 1 });
      const before = await heading.boundingBox();
      await fontArrived;
      await afterTwoFrames(page); // a swap would have been laid out and reported by now

      expect(await heading.boundingBox()).toEqual(before);
      expect((await layoutShifts(page)).all).toBe(0);
    });
  }
}
