// Captures the install-dialog screenshots (public/screenshots/<locale>-{wide,narrow}.jpg) from a
// running production build: `node scripts/pwa/capture-screenshots.ts http://localhost:3000`.
// The JPEGs are committed; sizes must match lib/pwa/web-app-manifest.ts. Needs Japanese and Arabic fonts.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { locales } from '../../i18n/locales.ts';
import { missingFonts, missingFontsMessage } from './screenshot-fonts.ts';

const missing = missingFonts((lang) =>
  execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' }),
);
if (missing.length > 0) {
  console.error(missingFontsMessage(missing));
  process.exit(1);
}

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const formats = [
  { name: 'wide', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  { name: 'narrow', viewport: { width: 360, height: 640 }, deviceScaleFactor: 1.5 }, // 540x960 pixels
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
mkdirSync('public/screenshots', { recursive: true });
for (const { name, viewport, deviceScaleFactor } of formats) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor,
    colorScheme: 'light',
    serviceWorkers: 'block',
  });
  // A stored "no" keeps the consent banner out of the picture.
  const consent = encodeURIComponent(
    JSON.stringify({ v: 1, analytics: false, at: new Date().toISOString() }),
  );
  await context.addCookies([{ name: 'polyglot-consent', value: consent, url: baseUrl }]);
  const page = await context.newPage();
  for (const locale of locales) {
    await page.goto(`${baseUrl}/${locale}`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `public/screenshots/${locale}-${name}.jpg`, type: 'jpeg', quality: 80 });
  }
  await context.close();
}
await browser.close();
console.log(`Captured ${locales.length * formats.length} screenshots into public/screenshots/`);
