import { expect, test, type Page } from '../support/test';
import { presetConsent } from '../support/consent';

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** The fonts Chromium actually drew the element's own text with (web fonts are `isCustomFont`). */
async function fontsDrawing(page: Page, selector: string): Promise<PlatformFont[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

test.beforeEach(async ({ context }) => {
  await presetConsent(context, false);
});

test('the page declares Inter and no other face, so the first layout looks up no local fonts', async ({
  page,
}) => {
  await page.goto('/en');
  const faces = await page.evaluate(() => [...document.fonts].map((face) => `${face.family} ${face.weight}`));
  expect(faces).toEqual(['inter 100 900']);
});

test('English text is drawn in Inter, Arabic text in a system font that has its letters', async ({
  page,
}) => {
  await page.goto('/en');
  await page.evaluate(() => document.fonts.ready);
  // `optional` may leave Inter unused on a cold first visit; a reload finds it in the cache.
  await page.reload();
  const english = await fontsDrawing(page, 'h1');
  expect(english.filter((font) => font.isCustomFont).map((font) => font.familyName)).toContain('Inter');

  await page.goto('/ar');
  const arabic = await fontsDrawing(page, 'h1');
  const system = arabic.filter((font) => !font.isCustomFont);
  expect(system.length, JSON.stringify(arabic)).toBeGreaterThan(0);
  expect(system.reduce((sum, font) => sum + font.glyphCount, 0)).toBeGreaterThan(5);
});
