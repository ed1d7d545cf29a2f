import localFont from 'next/font/local';

/**
 * Inter (variable, weights 100–900), self-hosted from @fontsource-variable/inter: nothing is
 * fetched from a font service at build or run time. Only the Latin subset (48 kB): it covers
 * everything en, de, fr and es need (ä, ß, é, œ, ñ, €…), and the Latin Extended file (86 kB more)
 * bought nothing but a slower first paint on mobile. Rarer letters in
 * user-entered text (ł, ő, ș…) come from the metric-matched fallback below. Japanese and Arabic use
 * system fonts (see `scriptFonts` in tailwind.config.ts).
 *
 * Fallback metrics: next/font's automatic metric fallback (`adjustFontFallback`) is `local(Arial)`
 * with no unicode-range, and Arial has Arabic glyphs, so Arabic text would render in a resized
 * Arial instead of the Arabic system fonts, and one size-adjust for all weights rewraps text on swap.
 * It is replaced by `InterFallbackLatin`: per weight, limited to Latin code points
 * (lib/typography/inter-fallback-faces.ts, emitted by a plugin in tailwind.config.ts).
 *
 * Not preloaded, and `display: 'optional'`: the font is fetched when the first text needs it, after the
 * stylesheet and without competing with it, and is used only if it is there for the first paint (from the
 * HTTP or service-worker cache on later pages). A first visit on a slow connection stays in the stand-in, so
 * text never rewraps or moves when the font arrives (tests/e2e/foundation/late-font.spec.ts).
 *
 * Usage (root layout): `<html className={inter.variable}>` and `font-sans` on <body>.
 */
export const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
  preload: false,
  variable: '--font-inter',
  adjustFontFallback: false,
  fallback: ['InterFallbackLatin'],
});
