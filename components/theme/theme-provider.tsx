'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import type { ReactNode } from 'react';

/**
 * Class-based light/dark/system themes; next-themes' inline script prevents a flash of the wrong theme. Transitions
 * are switched off only around a change of theme (ThemeMenu), not by `disableTransitionOnChange`, which also
 * restyles the whole page twice as it hydrates.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <NextThemesProvider attribute="class" defaultTheme="system" enableSystem>
      {children}
    </NextThemesProvider>
  );
}
