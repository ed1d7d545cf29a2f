import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { webAppManifest } from '@/lib/pwa/web-app-manifest';
import { missingFonts, missingFontsMessage } from '@/scripts/pwa/screenshot-fonts';

/** Width and height from a baseline or progressive JPEG's frame header. */
function jpegSize(bytes: Buffer): string {
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1];
    if (marker === 0xc0 || marker === 0xc2)
      return `${bytes.readUInt16BE(offset + 7)}x${bytes.readUInt16BE(offset + 5)}`;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  throw new Error('no JPEG frame header');
}

// What `fc-list :lang=<lang> family` prints on Debian with and without fonts-noto-cjk and fonts-noto-core.
const bare = {
  ja: 'Droid Sans Fallback\n',
  ar: 'DejaVu Sans Mono\nDejaVu Sans\nDejaVu Sans,DejaVu Sans Condensed\n',
};
const noto = {
  ja: 'Noto Serif CJK JP\nNoto Sans CJK JP,Noto Sans CJK JP Bold\n',
  ar: 'Noto Sans Arabic\nNoto Naskh Arabic\nDejaVu Sans\n',
};
const fcList = (fonts: Record<string, string>) => (lang: string) => fonts[lang] ?? '';

describe('the screenshot script', () => {
  it('refuses without the Japanese and Arabic fonts, naming what to install', () => {
    const missing = missingFonts(fcList(bare));
    expect(missing).toEqual(['Noto Sans CJK JP', 'Noto Sans Arabic or Noto Naskh Arabic']);
    expect(missingFontsMessage(missing)).toMatch(
      /^Refusing .*Noto Sans CJK JP.*fonts-noto-cjk fonts-noto-core/,
    );
    expect(missingFonts(fcList({ ja: noto.ja, ar: bare.ar }))).toEqual([
      'Noto Sans Arabic or Noto Naskh Arabic',
    ]);
  });

  it("accepts Debian's Noto fonts", () => {
    expect(missingFonts(fcList(noto))).toEqual([]);
  });

  it('checks the fonts before it starts Chromium', () => {
    const script = readFileSync('scripts/pwa/capture-screenshots.ts', 'utf8');
    const check = script.indexOf('if (missing.length > 0)');
    expect(script.replace(/\s+/g, ' ')).toContain(
      "missingFonts((lang) => execFileSync('fc-list', [`:lang=${lang}`, 'family']",
    );
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(script.indexOf('chromium.launch'));
  });
});

describe.each(locales)('install screenshots of %s', (locale) => {
  it('exist with the size the manifest states', () => {
    const texts = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')).Manifest;
    const { screenshots } = webAppManifest(locale, texts);
    expect(screenshots.map((s) => s.src).sort()).toEqual([
      `/screenshots/${locale}-narrow.jpg`,
      `/screenshots/${locale}-wide.jpg`,
    ]);
    for (const { src, sizes } of screenshots) expect(jpegSize(readFileSync(`public${src}`)), src).toBe(sizes);
  });
});
