import { expect, type Page } from '@playwright/test';

/** Waits until the service worker is active and controls the page (a first visit needs one reload). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toContain('/serwist/sw.js');
}

/** Every URL in Cache Storage, grouped by cache name. */
export function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => request.url);
    }
    return result;
  });
}

/** The only things Cache Storage may hold: build files, fonts, icons and the offline pages. */
export function isAllowedCachedUrl(url: string, appOrigin: string): boolean {
  const { origin, pathname } = new URL(url);
  if (origin !== appOrigin) return false;
  return (
    pathname.startsWith('/_next/static/') ||
    /^\/icons\/[\w.-]+\.png$/.test(pathname) ||
    pathname === '/favicon.ico' ||
    /\.(woff2?|ttf|otf)$/.test(pathname) ||
    /^\/(en|de|fr|es|ja|ar)\/~offline$/.test(pathname)
  );
}

export async function expectOnlyStaticFilesCached(page: Page, appOrigin: string): Promise<void> {
  const cached = Object.values(await cachedUrls(page)).flat();
  expect(cached.length).toBeGreaterThan(0); // the precache is there
  expect(cached.filter((url) => !isAllowedCachedUrl(url, appOrigin))).toEqual([]);
}
