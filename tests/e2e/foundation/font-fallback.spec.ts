import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { presetConsent } from '../support/consent';

// Every string the Latin-script languages show, as the fallback has to match Inter on real copy.
function latinCopy(): string[] {
  const strings: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const locale of ['en', 'de', 'fr', 'es']) {
    collect(JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')));
  }
  return strings;
}

test.beforeEach(async ({ context }) => {
  await presetConsent(context, false);
});

test('the stand-in for Inter takes the same room as Inter at every weight, letters and space', async ({ page }) => {
  await page.goto('/en');
  const widths = await page.evaluate(async (copy) => {
    // Inter is `display: optional`, so the page may have left it unused; load the file it fetched under a name of its own.
    await document.fonts.ready;
    const src = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('.woff2'))!.name;
    const probe = new FontFace('InterProbe', `url(${src})`, { weight: '100 900' });
    document.fonts.add(await probe.load());
    const inter = 'InterProbe';
    const width = (family: string, weight: number, text: string) => {
      const span = document.createElement('span');
      span.style.cssText = `position:absolute;white-space:pre;font-size:100px;font-weight:${weight};font-family:${family}`;
      span.textContent = text;
      document.body.append(span);
      const result = span.getBoundingClientRect().width;
      span.remove();
      return result;
    };
    return [400, 500, 600, 700].map((weight) => {
      const total = (family: string) => copy.reduce((sum, text) => sum + width(family, weight, text), 0);
      const space = (family: string) => width(family, weight, 'a a a a a a a a a a a') - width(family, weight, 'aaaaaaaaaaa');
      return {
        weight,
        loaded: document.fonts.check(`${weight} 16px ${inter}`),
        copy: total(inter) / total('InterFallbackLatin'),
        space: space(inter) / space('InterFallbackLatin'),
      };
    });
  }, latinCopy());

  for (const { weight, loaded, copy, space } of widths) {
    expect(loaded, `Inter ${weight} loaded`).toBe(true);
    expect(Math.abs(copy - 1), `copy at ${weight}: Inter ÷ stand-in = ${copy.toFixed(4)}`).toBeLessThan(0.005);
    expect(Math.abs(space - 1), `space at ${weight}: Inter ÷ stand-in = ${space.toFixed(4)}`).toBeLessThan(0.01);
  }
});
