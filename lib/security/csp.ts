import { consentDefaultsScript } from '@/lib/analytics/google-consent-mode';
import { contentSecurityPolicy } from '@/lib/http/security-headers';
import { cookieHintsScript } from '@/lib/session/cookie-hints';
import { findRoute, splitLocale } from '@/lib/routes/route-table';
import { themeScript } from '@/lib/theme/theme-script';
import { scriptHashSource } from './script-hashes';

// The script policy of a page rendered per request (docs/decisions/0013-a-script-policy-without-unsafe-inline.md):
// a fresh nonce, which Next reads from the request's Content-Security-Policy header and puts on its own scripts
// (framework files, the flight data, React's streaming scripts), 'strict-dynamic' for the files those scripts load
// (chunks, GTM, Vercel's scripts), and the hashes of the layout's own inline scripts, which the layout cannot nonce
// without reading the request and so making every prerendered page dynamic. Prerendered pages carry their policy
// in their HTML instead (scripts/static-page-csp.ts).

/** The layout's inline scripts: constants, so their hashes are known before any page renders. */
export const layoutScripts = [cookieHintsScript, themeScript, consentDefaultsScript];

let layoutHashes: Promise<string[]> | undefined;

function freshNonce(): string {
  let binary = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(16))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The policy of a rendered page with its own nonce. */
export async function renderedPagePolicy(production: boolean, nonce = freshNonce()): Promise<string> {
  layoutHashes ??= Promise.all(layoutScripts.map(scriptHashSource));
  return contentSecurityPolicy(production, [`'nonce-${nonce}'`, "'strict-dynamic'", ...(await layoutHashes)]);
}

/**
 * Whether a path under a language renders per request, and so needs a nonce: every route but the prerendered ones,
 * and paths of no route (the not-found page, rendered per request in the URL's language).
 */
export function rendersPerRequest(pathname: string): boolean {
  return findRoute(splitLocale(pathname).path)?.caching !== 'static';
}
