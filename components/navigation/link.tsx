'use client';

import { type ComponentProps, useState } from 'react';
import { Link as LocaleLink } from '@/i18n/navigation';

type LinkProps = ComponentProps<typeof LocaleLink>;

/**
 * next-intl's Link, prefetching on intent (pointer over it, touch, keyboard focus) instead of on sight. A
 * landing page shows links to a dozen pages (other languages, sign-in, sign-up); prefetching them all as
 * they scroll into view costs a phone data and main-thread time right when the page should become usable.
 * The pattern is the one in Next's prefetching guide ("Hover-triggered prefetch").
 */
export function Link({ prefetch, onPointerEnter, onTouchStart, onFocus, ...props }: LinkProps) {
  const [intent, setIntent] = useState(false);
  // Marks the intent, then runs the caller's own handler.
  const withIntent =
    <E,>(handler?: (event: E) => void) =>
    (event: E) => {
      setIntent(true);
      handler?.(event);
    };
  return (
    <LocaleLink
      {...props}
      prefetch={intent ? prefetch : false}
      onPointerEnter={withIntent(onPointerEnter)}
      onTouchStart={withIntent(onTouchStart)}
      onFocus={withIntent(onFocus)}
    />
  );
}
