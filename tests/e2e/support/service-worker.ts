import { expect, type Page } from '@playwright/test';
import { findRoute, splitLocale } from '@/lib/routes/route-table';

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

/**
 * The only things Cache Storage may hold: build files, fonts, icons, the offline pages and copies of the public
 * static pages the route table lets the worker keep ('offline-copy'), stored without their query.
 */
export function isAllowedCachedUrl(url: string, appOrigin: string): boolean {
  const { origin, pathname, search } = new URL(url);
  if (origin !== appOrigin) return false;
  const { locale, path } = splitLocale(pathname);
  return (
    pathname.startsWith('/_next/static/') ||
    /^\/icons\/[\w.-]+\.png$/.test(pathname) ||
    pathname === '/favicon.ico' ||
    /\.(woff2?|ttf|otf)$/.test(pathname) ||
    /^\/(en|de|fr|es|ja|ar)\/~offline$/.test(pathname) ||
    (locale !== undefined && search === '' && findRoute(path)?.worker === 'offline-copy')
  );
}

export async function expectOnlyStaticFilesCached(page: Page, appOrigin: string): Promise<void> {
  const cached = Object.values(await cachedUrls(page)).flat();
  expect(cached.length).toBeGreaterThan(0); // the precache is there
  expect(cached.filter((url) => !isAllowedCachedUrl(url, appOrigin))).toEqual([]);
}
