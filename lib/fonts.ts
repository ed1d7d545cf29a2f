import localFont from 'next/font/local';

/**
 * Inter (variable, weights 100–900), self-hosted from @fontsource-variable/inter: nothing is
 * fetched from a font service at build or run time. Only the Latin subset (48 kB): it covers
 * everything en, de, fr and es need (ä, ß, é, œ, ñ, €…), and the Latin Extended file (86 kB more)
 * bought nothing but a slower first paint on mobile. Other letters come from the system fonts of
 * `fontSans` (tailwind.config.ts).
 *
 * Preloaded, with `display: 'optional'`: Chrome holds the first paint briefly for a preloaded optional font,
 * so text appears in Inter when the font comes in time and otherwise stays in the system font for the whole
 * page. It never swaps, so nothing rewraps or moves when it arrives (tests/e2e/foundation/late-font.spec.ts).
 * Not preloading it was measured too: the first visit then misses Inter every time.
 *
 * No metric-matched fallback face (`adjustFontFallback`, or `local()` faces of our own): with no swap there is
 * nothing for it to keep in place, and every `local()` name is a font lookup in the first layout (38 of them
 * on a cold /ar page in Chromium on Linux).
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
});
