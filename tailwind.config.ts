import type { Config } from 'tailwindcss';
import plugin from 'tailwindcss/plugin';
import { interFallbackFaces } from './lib/typography/inter-fallback-faces';

/**
 * Design tokens (single source of truth). Loaded from app/globals.css with `@config`;
 * Tailwind 4 does not pick this file up on its own. Colors are NOT here: they are shadcn
 * CSS variables (light/dark) in app/globals.css.
 */

/** Height of interactive controls (buttons, inputs, selects): `h-control`, `min-h-control`, `size-control`. */
export const controlHeight = '36px';

/** Corner radii: `rounded-sm` 4px, `rounded-md` 6px (controls), `rounded-lg` 8px, `rounded-xl` 12px (cards). */
export const radii = {
  sm: '4px',
  md: '6px',
  lg: '8px',
  xl: '12px',
} as const;

/**
 * Named system fonts for the scripts Inter lacks. Each list applies only to pages in its language
 * (`--font-script`, set per `lang` by the plugin below): every family the browser has to look for and
 * cannot find costs layout time, so an English page should not search for twelve Japanese and Arabic fonts.
 */
export const scriptFonts = {
  // Japanese: before the generic system stack, so kanji get Japanese glyph forms.
  ja: ['"Hiragino Sans"', '"Hiragino Kaku Gothic ProN"', '"Yu Gothic UI"', '"Yu Gothic"', '"Noto Sans JP"', '"Noto Sans CJK JP"', 'Meiryo'],
  ar: ['"Geeza Pro"', '"Noto Sans Arabic"', '"Noto Sans Arabic UI"', '"Segoe UI Arabic"', 'Tahoma'],
} as const;

/**
 * `font-sans`: Inter (self-hosted via next/font/local, see lib/fonts.ts, which sets `--font-inter`
 * on <html>, including its Latin-only metric fallback), then the page language's script fonts,
 * then the system UI stack.
 */
export const fontSans = ['var(--font-inter)', 'var(--font-script)', 'ui-sans-serif', 'system-ui', 'sans-serif'];

const scriptFontsByLanguage = plugin(({ addBase }) => {
  addBase({ ':root': { '--font-script': 'system-ui' } });
  for (const [lang, families] of Object.entries(scriptFonts)) {
    addBase({ [`:root:lang(${lang})`]: { '--font-script': families.join(', ') } });
  }
});

/** Inter's metric stand-in (lib/typography/inter-fallback-faces.ts), named as next/font's fallback in lib/fonts.ts. */
const interFallback = plugin(({ addBase }) => {
  addBase({ '@font-face': interFallbackFaces() });
});

const config = {
  theme: {
    extend: {
      spacing: {
        control: controlHeight,
      },
      borderRadius: { ...radii },
      fontFamily: {
        sans: fontSans,
      },
    },
  },
  plugins: [scriptFontsByLanguage, interFallback],
} satisfies Config;

export default config;
