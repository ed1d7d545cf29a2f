import { useSyncExternalStore } from 'react';

// Values only the browser knows (the address, the user agent, the local time zone), read without an effect: the
// server's HTML and hydration use `onServer`, then the browser renders `inBrowser`. There is nothing to subscribe to.
const noSubscription = () => () => {};

/** `onServer()` in the server's HTML and during hydration, `inBrowser()` after; each must return a stable value. */
export function useBrowserValue<T>(inBrowser: () => T, onServer: () => T): T {
  return useSyncExternalStore(noSubscription, inBrowser, onServer);
}

/** False in the server's HTML and until hydration, true once the page's script runs. */
export function useHydrated(): boolean {
  return useBrowserValue(
    () => true,
    () => false,
  );
}
