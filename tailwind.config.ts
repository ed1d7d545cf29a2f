import type { Config } from 'tailwindcss';

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
 * `font-sans`: Inter (self-hosted via next/font/local, see lib/fonts.ts, which sets `--font-inter`
 * on <html>, including its Latin-only metric fallback), then good system fonts for Japanese and
 * Arabic, which Inter does not cover, then the usual system UI stack.
 */
export const fontSans = [
  'var(--font-inter)',
  // Japanese (listed before the generic system stack so kanji get Japanese glyph forms)
  '"Hiragino Sans"',
  '"Hiragino Kaku Gothic ProN"',
  '"Yu Gothic UI"',
  '"Yu Gothic"',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  'Meiryo',
  // Arabic
  '"Geeza Pro"',
  '"Noto Sans Arabic"',
  '"Noto Sans Arabic UI"',
  '"Segoe UI Arabic"',
  'Tahoma',
  // System UI, then generic + emoji
  'ui-sans-serif',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
  '"Noto Color Emoji"',
];

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
} satisfies Config;

export default config;
