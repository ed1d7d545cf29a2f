'use client';

import { useLinkStatus } from 'next/link';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { Link as LocaleLink } from '@/i18n/navigation';
import { trackNavigation } from './navigation-progress';

type LinkProps = ComponentProps<typeof LocaleLink>;

/** Inside the link: reports the navigation it started until it renders, is replaced, or the link goes away. */
function NavigationReporter() {
  const { pending } = useLinkStatus();
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const href = marker.current?.closest('a')?.href;
    return pending && href ? trackNavigation(href) : undefined;
  }, [pending]);
  return <span ref={marker} hidden />;
}

/**
 * next-intl's Link, prefetching on intent (pointer over it, touch, keyboard focus) instead of on sight. A
 * landing page shows links to a dozen pages (other languages, sign-in, sign-up); prefetching them all as
 * they scroll into view costs a phone data and main-thread time right when the page should become usable.
 * The pattern is the one in Next's prefetching guide ("Hover-triggered prefetch"). Each link also reports
 * its navigation to the progress bar and route-load timeout (navigation-progress.tsx).
 */
export function Link({ prefetch, onPointerEnter, onTouchStart, onFocus, children, ...props }: LinkProps) {
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
    >
      {children}
      <NavigationReporter />
    </LocaleLink>
  );
}
