import { useEffect, useSyncExternalStore } from 'react';
import { readBrowserCookie } from '@/lib/http/browser-cookies';
import { PRESENCE_HINT_COOKIE, presenceHint } from './types';

// Browser: who is signed in, as far as a static page can know (the presence hint; no Supabase client here).

const readCookie = () => readBrowserCookie(PRESENCE_HINT_COOKIE);

type CookieChangeTarget = {
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
};

/** Cookie changes (sign-in or sign-out in a server action, another tab) without a page load. */
function subscribe(onChange: () => void): () => void {
  const cookieStore = (window as unknown as { cookieStore?: CookieChangeTarget }).cookieStore;
  cookieStore?.addEventListener('change', onChange);
  window.addEventListener('focus', onChange);
  // Browsers without the Cookie Store API: a cheap look every second.
  const timer = cookieStore ? undefined : window.setInterval(onChange, 1000);
  return () => {
    cookieStore?.removeEventListener('change', onChange);
    window.removeEventListener('focus', onChange);
    window.clearInterval(timer);
  };
}

const useHintCookie = () => useSyncExternalStore(subscribe, readCookie, () => undefined);

/** The signed-in user's name from the hint cookie, kept in step with <html data-session>. Null when signed out. */
export function useSessionPresence(): string | null {
  const name = presenceHint(useHintCookie())?.name ?? null;
  useEffect(() => {
    document.documentElement.dataset.session = name ? 'in' : 'out';
  }, [name]);
  return name;
}

/** The version of the signed-in user's profile picture from the hint cookie; null when there is none (or no one). */
export function useSessionPicture(): string | null {
  return presenceHint(useHintCookie())?.picture ?? null;
}
