import localFont from 'next/font/local';

/**
 * Inter (variable, weights 100–900), self-hosted from @fontsource-variable/inter: nothing is
 * fetched from a font service at build or run time. Latin + Latin Extended (covers en, de, fr,
 * es). Japanese and Arabic fall back to system fonts (see `fontSans` in tailwind.config.ts).
 *
 * The Latin file is listed last on purpose: for faces with identical descriptors the browser
 * tries the last-declared face first and falls back to the earlier one (latin-ext) for glyphs
 * the Latin subset does not contain.
 *
 * Fallback metrics: next/font's automatic metric fallback (`adjustFontFallback`) is `local(Arial)`
 * with no unicode-range, and Arial has Arabic glyphs, so Arabic text would render in a resized
 * Arial instead of the Arabic system fonts. It is replaced by `InterFallbackLatin`, declared in
 * app/globals.css with the same metric overrides but limited to Latin code points.
 *
 * Usage (root layout): `<html className={inter.variable}>` and `font-sans` on <body>.
 */
export const inter = localFont({
  src: [
    {
      path: '../node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2',
      weight: '100 900',
      style: 'normal',
    },
    {
      path: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
      weight: '100 900',
      style: 'normal',
    },
  ],
  display: 'swap',
  variable: '--font-inter',
  adjustFontFallback: false,
  fallback: ['InterFallbackLatin'],
});
