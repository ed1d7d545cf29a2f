// Browser-side consent state shared by the banner, the settings dialog, the footer link and the
// analytics loaders (a tiny external store for useSyncExternalStore).
import { readBrowserCookie, writeBrowserCookie } from '@/lib/http/browser-cookies';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  type ConsentChoice,
  parseConsent,
  serializeConsent,
} from './consent-cookie';

export interface ConsentState {
  /** undefined: not known yet (server render, before hydration); null: the visitor has not chosen. */
  choice: ConsentChoice | null | undefined;
  settingsOpen: boolean;
}

const serverState: ConsentState = { choice: undefined, settingsOpen: false };
let state: ConsentState | undefined;
const listeners = new Set<() => void>();

function update(next: Partial<ConsentState>): void {
  state = { ...getConsentState(), ...next };
  listeners.forEach((listener) => listener());
}

export function getConsentState(): ConsentState {
  state ??= { choice: parseConsent(readBrowserCookie(CONSENT_COOKIE)), settingsOpen: false };
  return state;
}

export const getServerConsentState = () => serverState;

export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveConsent(analytics: boolean): void {
  const choice = { analytics, decidedAt: new Date().toISOString() };
  writeBrowserCookie(CONSENT_COOKIE, serializeConsent(choice), CONSENT_MAX_AGE_SECONDS);
  update({ choice, settingsOpen: false });
}

export const openConsentSettings = () => update({ settingsOpen: true });
export const closeConsentSettings = () => update({ settingsOpen: false });
