'use client';

import { cloneElement, type ReactElement, type ReactNode, Suspense, useState } from 'react';

export type TriggerElement = ReactElement<{
  onClick?: () => void;
  onFocus?: () => void;
  onPointerEnter?: () => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  disabled?: boolean;
}>;

interface DeferredMenuProps {
  /** The button that opens the menu; rendered as is until first use. */
  trigger: TriggerElement;
  /** Starts downloading the menu's code (called on hover and focus, before the click). */
  preload: () => unknown;
  /** The lazily loaded menu, opened at once, wrapping the same trigger. */
  children: (trigger: TriggerElement) => ReactNode;
}

/**
 * Keeps Radix's menu code (and floating-ui) out of the first load: a plain button stands in until the
 * visitor first opens the menu, then the real dropdown loads and opens in its place.
 */
export function DeferredMenu({ trigger, preload, children }: DeferredMenuProps) {
  const [active, setActive] = useState(false);
  if (active) return <Suspense fallback={trigger}>{children(trigger)}</Suspense>;
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setActive(true),
  });
}
