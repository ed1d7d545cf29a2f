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
 * `font-sans`: Inter (self-hosted via next/font/local, see lib/fonts.ts, which sets `--font-inter` on <html>),
 * then the system's UI font. Japanese and Arabic, which Inter lacks, come from the system's fallback for the
 * element's `lang` (Hiragino or Yu Gothic, Geeza Pro or Segoe UI, Noto on Android and Linux). Fonts are not
 * named one by one: each name the system lacks is a lookup in the first layout, and on every platform some
 * of them are missing. No `ui-sans-serif`: Chrome does not know it, and Safari's is `system-ui`.
 */
export const fontSans = ['var(--font-inter)', 'system-ui', 'sans-serif'];

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
