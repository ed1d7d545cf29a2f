'use client';

import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Says the page may be out of date while the browser is offline: the service worker then answers public pages
 * with the copy it kept (app/sw.ts). The server render assumes online, so nothing shows until the browser says
 * otherwise. The live region (not a status role: pages have their own) stays in the page, empty and flat, so screen readers announce the note when it appears.
 */
export function OfflineNote({ label }: { label: string }) {
  const offline = useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
  return (
    <p
      aria-live="polite"
      className="border-b bg-muted px-4 py-2 text-center text-sm text-muted-foreground empty:border-0 empty:p-0"
    >
      {offline ? label : null}
    </p>
  );
}
