'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { themes, themeStorageKey } from '@/lib/theme/theme-script';

// next-themes' own inline script is left inert (a type no browser runs): the layout's ThemeScript does its work with
// a text the Content-Security-Policy can allow by its hash (lib/theme/theme-script.ts).
const inertScript = { type: 'text/plain' };

/**
 * Class-based light/dark/system themes; the layout's ThemeScript prevents a flash of the wrong theme. Transitions
 * are switched off only around a change of theme (ThemeMenu), not by `disableTransitionOnChange`, which also
 * restyles the whole page twice as it hydrates.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <NextThemesProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      storageKey={themeStorageKey}
      themes={[...themes]}
      scriptProps={inertScript}
    >
      {children}
    </NextThemesProvider>
  );
}
