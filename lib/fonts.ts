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
 * Preloaded, with `display: 'optional'`: Chrome holds the first paint briefly for a preloaded optional font,
 * so text appears in Inter when the font comes in time and otherwise stays in the stand-in for the whole page.
 * It never swaps, so nothing rewraps or moves when it arrives (tests/e2e/foundation/late-font.spec.ts). Not
 * preloading it was measured too: the first visit then misses Inter every time.
 *
 * Usage (root layout): `<html className={inter.variable}>` and `font-sans` on <body>.
 */
export const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
  variable: '--font-inter',
  adjustFontFallback: false,
  fallback: ['InterFallbackLatin'],
});
