import type { BrowserContext } from '@playwright/test';
import { appUrl } from './test-env';

/** Stores a consent choice up front, so a test that is not about consent sees no banner. */
export async function presetConsent(context: BrowserContext, analytics: boolean): Promise<void> {
  const value = encodeURIComponent(JSON.stringify({ v: 1, analytics, at: new Date().toISOString() }));
  await context.addCookies([{ name: 'polyglot-consent', value, url: appUrl, sameSite: 'Lax' }]);
}
