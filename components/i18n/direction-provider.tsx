'use client';

import * as Direction from '@radix-ui/react-direction';
import type { ReactNode } from 'react';

/** Tells Radix menus the reading direction, so arrow keys and submenus mirror in Arabic. */
export function DirectionProvider({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  return <Direction.Provider dir={dir}>{children}</Direction.Provider>;
}
