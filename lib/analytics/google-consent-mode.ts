// Google Consent Mode v2. The defaults must be queued in the dataLayer before the GTM script
// runs, so they are an inline script in the root layout; updates are pushed when the visitor chooses.
// Advertising signals stay denied for good: Polyglot shows no ads.

export const consentDefaultsScript = [
  'window.dataLayer=window.dataLayer||[];',
  'function gtag(){dataLayer.push(arguments);}',
  "gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied',wait_for_update:500});",
].join('');

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function updateGoogleConsent(analytics: boolean): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag() pushes its `arguments` object; GTM only reads consent commands in that shape.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const gtag = function (..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  gtag('consent', 'update', { analytics_storage: analytics ? 'granted' : 'denied' });
}

/** GTM's start event, which its container waits for: pushed once, just before gtm.js is inserted. */
export function startGoogleTagManager(): void {
  window.dataLayer = window.dataLayer ?? [];
  if (window.dataLayer.some((entry) => (entry as { event?: unknown } | null)?.event === 'gtm.js')) return;
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
}
