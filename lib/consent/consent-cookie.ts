// The visitor's consent choice, stored in a first-party cookie for one year.
// Only measurement is asked about: Polyglot shows no advertising.
export const CONSENT_COOKIE = 'polyglot-consent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const VERSION = 1; // bump when the categories change, so everyone is asked again

export interface ConsentChoice {
  analytics: boolean;
  /** ISO date of the decision, kept for the record. */
  decidedAt: string;
}

export function serializeConsent(choice: ConsentChoice): string {
  return encodeURIComponent(
    JSON.stringify({ v: VERSION, analytics: choice.analytics, at: choice.decidedAt }),
  );
}

/** The stored choice, or null when there is none (or it is unreadable or from an older version). */
export function parseConsent(value: string | undefined): ConsentChoice | null {
  if (!value) return null;
  try {
    const data: unknown = JSON.parse(decodeURIComponent(value));
    if (typeof data !== 'object' || data === null) return null;
    const { v, analytics, at } = data as Record<string, unknown>;
    if (v !== VERSION || typeof analytics !== 'boolean' || typeof at !== 'string') return null;
    return { analytics, decidedAt: at };
  } catch {
    // Not our encoding or not JSON (an old or tampered cookie): ask again, as if nothing was chosen.
    return null;
  }
}
