// Browser-side consent state shared by the banner, the settings dialog, the footer link and the
// analytics loaders (a tiny external store for useSyncExternalStore).
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, type ConsentChoice, parseConsent, serializeConsent } from './consent-cookie';

export interface ConsentState {
  /** undefined: not known yet (server render, before hydration); null: the visitor has not chosen. */
  choice: ConsentChoice | null | undefined;
  settingsOpen: boolean;
}

const serverState: ConsentState = { choice: undefined, settingsOpen: false };
let state: ConsentState | undefined;
const listeners = new Set<() => void>();

function readCookie(): string | undefined {
  const prefix = `${CONSENT_COOKIE}=`;
  return document.cookie.split('; ').find((entry) => entry.startsWith(prefix))?.slice(prefix.length);
}

function update(next: Partial<ConsentState>): void {
  state = { ...getConsentState(), ...next };
  listeners.forEach((listener) => listener());
}

export function getConsentState(): ConsentState {
  state ??= { choice: parseConsent(readCookie()), settingsOpen: false };
  return state;
}

export const getServerConsentState = () => serverState;

export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveConsent(analytics: boolean): void {
  const choice = { analytics, decidedAt: new Date().toISOString() };
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${serializeConsent(choice)}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  update({ choice, settingsOpen: false });
}

export const openConsentSettings = () => update({ settingsOpen: true });
export const closeConsentSettings = () => update({ settingsOpen: false });
