'use client';

import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, useTransition } from 'react';

/** A client navigation that lasts longer than this shows the progress bar; faster ones show nothing. */
const progressDelayMs = 150;
/** A client navigation that has not rendered by then becomes a full document load of its URL (once). */
const routeTimeoutMs = 3800;

// The client navigation under way, if any: written by the clicked link (components/navigation/link.tsx) or by
// useTrackedNavigation (navigations started in code), read by the one progress bar.
interface PendingNavigation {
  href: string;
}
let pending: PendingNavigation | null = null;
const listeners = new Set<() => void>();

function setPending(next: PendingNavigation | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks a navigation to `href` as under way; the returned function marks it done (rendered or replaced). */
export function trackNavigation(href: string): () => void {
  const navigation = { href };
  setPending(navigation);
  return () => {
    if (pending === navigation) setPending(null);
  };
}

/**
 * For navigations started in code (`router.replace`, `router.push`) to another path: runs them in a transition
 * and reports them to the progress bar and the route-load timeout until the path changes, as links do. (The
 * transition's own pending flag is not enough: a navigation started while the page hydrates runs outside it.)
 */
export function useTrackedNavigation(): [pending: boolean, navigate: (href: string, go: () => void) => void] {
  const [pending, startTransition] = useTransition();
  const pathname = usePathname();
  const done = useRef<(() => void) | null>(null);
  // Cleanup runs when the rendered path changes and on unmount: the navigation has ended either way.
  useEffect(
    () => () => {
      done.current?.();
      done.current = null;
    },
    [pathname],
  );
  const navigate = useCallback((href: string, go: () => void) => {
    done.current?.();
    done.current = trackNavigation(new URL(href, window.location.href).href);
    startTransition(go);
  }, []);
  return [pending, navigate];
}

/**
 * A thin bar at the top of the page while a link navigation takes longer than `progressDelayMs`. After
 * `routeTimeoutMs` the navigation is abandoned for a full document load of the same URL, as the Pages Router
 * does: a document load is not a client navigation, so this happens once and cannot loop.
 */
export function NavigationProgress({ label }: { label: string }) {
  const navigation = useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
  const [shownFor, setShownFor] = useState<PendingNavigation | null>(null);
  useEffect(() => {
    if (!navigation) return;
    const show = setTimeout(() => setShownFor(navigation), progressDelayMs);
    const fallBack = setTimeout(() => window.location.assign(navigation.href), routeTimeoutMs);
    return () => {
      clearTimeout(show);
      clearTimeout(fallBack);
    };
  }, [navigation]);

  if (!navigation || shownFor !== navigation) return null;
  // Indeterminate (no value): the bar grows from the inline start, the right edge in Arabic, and stands
  // still at full width for visitors who ask for reduced motion.
  return (
    <div role="progressbar" aria-label={label} className="fixed inset-x-0 top-0 z-50 h-0.5">
      <div className="h-full w-0 bg-primary animate-[navigation-progress_8s_cubic-bezier(0.1,0.7,0.3,1)_forwards] motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
