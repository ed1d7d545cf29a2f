// Renders the app icons (public/icons/*.png) from one SVG with Chromium. Run after changing the
// design: `node scripts/pwa/render-icons.ts`. The PNGs are committed; nothing runs at build time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const indigo = '#4f46e5';
// A "P" drawn as strokes, so the icon does not depend on installed fonts.
const glyph =
  '<path d="M184 372V140h70a76 76 0 0 1 0 152h-70" fill="none" stroke="#fff" stroke-width="48" stroke-linecap="round" stroke-linejoin="round"/>';

function svg(kind: 'any' | 'maskable' | 'apple'): string {
  // "any": rounded tile on transparency. Maskable/Apple: full-bleed, glyph inside the 80% safe zone.
  const background =
    kind === 'any'
      ? `<rect width="512" height="512" rx="112" fill="${indigo}"/>`
      : `<rect width="512" height="512" fill="${indigo}"/>`;
  const content =
    kind === 'any' ? glyph : `<g transform="translate(256 256) scale(0.8) translate(-256 -256)">${glyph}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}${content}</svg>`;
}

const targets: Array<{ file: string; size: number; kind: 'any' | 'maskable' | 'apple' }> = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'maskable-192.png', size: 192, kind: 'maskable' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, kind: 'apple' },
  { file: 'favicon-32.png', size: 32, kind: 'any' },
];

/** An ICO file holding one PNG image (every current browser reads PNG-in-ICO). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // image data offset
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
mkdirSync('public/icons', { recursive: true });
for (const { file, size, kind } of targets) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const markup = svg(kind).replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<body style="margin:0;background:transparent">${markup}</body>`);
  await page.locator('svg').screenshot({ path: `public/icons/${file}`, omitBackground: true });
  await page.close();
}
await browser.close();
// Browsers ask for /favicon.ico on their own; app/favicon.ico answers it.
writeFileSync('app/favicon.ico', icoFromPng(readFileSync('public/icons/favicon-32.png'), 32));
console.log(`Rendered ${targets.length} icons into public/icons/ and app/favicon.ico`);
