import { expect, type Locator, type Page, test } from '../support/test';

// Rendering details a reader notices: text that must stay one run, focus that must be seen, words kept whole.

/**
 * A flex or grid item is blockified: a <bdi> that computes as block has become a separate item. (Isolated values are
 * inline-block, kept whole on one line: i18n/isolate.tsx.)
 */
async function display(locator: Locator) {
  return locator.evaluate((element) => getComputedStyle(element).display);
}

test('a sentence with an isolated value stays one run of text: the OAuth buttons and the sent message', async ({
  page,
}) => {
  await page.goto('/en/sign-in');
  const github = page.getByRole('button', { name: 'Continue with GitHub' });
  // In the button's own flex layout the words and the <bdi> were two items with a gap between them.
  expect(await display(github.locator('bdi'))).toMatch(/^inline/);

  await page.goto('/en/sign-in/email-link');
  await page.locator('input[name="email"]').fill(`look-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Email me a link and code' }).click();
  const sent = page.locator('[data-slot="alert-description"]').filter({ hasText: 'We sent a sign-in link' });
  await expect(sent).toBeVisible();
  // In the alert's grid the sentence broke into three lines, the full stop starting the last one.
  expect(await display(sent.locator('bdi'))).toMatch(/^inline/);
});

/** The focused element's indicator (a box-shadow ring, else the outline), composited over the page, as sRGB. */
async function focusContrast(page: Page) {
  return page.evaluate(async () => {
    // Two frames: a transition that has just started still reports its start value (no ring).
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
    // The ring is the shadow with a spread; the others Tailwind leaves as transparent 0px shadows.
    const ring = shadows
      .map((shadow) => shadow.trim())
      .find((shadow) => /\s[1-9][\d.]*px$/.test(shadow.replace(/\s+inset$/, '')));
    const color = ring
      ? ring.replace(/(\s-?[\d.]+px){2,4}$/, '')
      : style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? style.outlineColor
        : null;
    if (!color) return { name: element.outerHTML.slice(0, 80), ratio: 0 };
    const background = getComputedStyle(document.body).backgroundColor;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    const pixel = (fill: string, over?: string) => {
      context.clearRect(0, 0, 1, 1);
      if (over) {
        context.fillStyle = over;
        context.fillRect(0, 0, 1, 1);
      }
      context.fillStyle = fill;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const channel = value / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [a, b] = [luminance(pixel(color, background)), luminance(pixel(background))];
    return {
      name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName,
      ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every focus indicator in the header reaches 3:1 against the page (${colorScheme}, WCAG 1.4.11)`, async ({
    browser,
  }) => {
    // Reduced motion: the ring is drawn at once instead of growing over 150 ms (app/globals.css).
    const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const seen: string[] = [];
    for (let stop = 0; stop < 6; stop += 1) {
      await page.keyboard.press('Tab');
      const { name, ratio } = await focusContrast(page);
      seen.push(name);
      expect(ratio, `${name}: focus indicator contrast`).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(seen).size, seen.join(' | ')).toBe(6);
    await context.close();
  });
}

test('the focused skip link shows its whole text on one line, with room around it', async ({ page }) => {
  for (const locale of ['en', 'de', 'ar', 'ja']) {
    await page.goto(`/${locale}`);
    await page.keyboard.press('Tab');
    const link = page.locator('a[href="#main"]');
    await expect(link).toBeFocused();
    const box = await link.evaluate((element) => {
      const style = getComputedStyle(element);
      const text = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return {
        overflow: element.scrollWidth - element.clientWidth,
        lines: Math.round(text / parseFloat(style.lineHeight)),
        // Tailwind's not-sr-only sets the padding to 0: the text touched the ring.
        padded: parseFloat(style.paddingInlineStart) >= 12 && parseFloat(style.paddingTop) >= 6,
      };
    });
    expect(box, locale).toEqual({ overflow: 0, lines: 1, padded: true });
  }
});

test('Japanese headings break between phrases, not inside a word', async ({ page }) => {
  await page.goto('/ja');
  const heading = page.getByRole('heading', { level: 1 });
  expect(await heading.evaluate((element) => getComputedStyle(element).wordBreak)).toBe('auto-phrase');
});
