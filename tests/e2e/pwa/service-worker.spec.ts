import { expect, test } from '../support/test';
import { presetConsent } from '../support/consent';
import { expectOnlyStaticFilesCached, waitForServiceWorkerControl } from '../support/service-worker';
import { appUrl } from '../support/test-env';

test.beforeEach(async ({ context }) => {
  await presetConsent(context, false);
});

test('the worker script is served fresh and may control the whole origin', async ({ request }) => {
  const response = await request.get('/serwist/sw.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('javascript');
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(response.headers()['service-worker-allowed']).toBe('/');
});

test('other names under /serwist/ answer 404, not an empty 200 or a 500', async ({ request }) => {
  for (const name of ['nope', 'sw.ts', 'sw.js.gz', '%25ff']) {
    expect((await request.get(`/serwist/${name}`)).status(), name).toBe(404);
  }
});

test('the service worker controls the page', async ({ page }) => {
  await page.goto('/en');
  await waitForServiceWorkerControl(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${appUrl}/`);
});

const offlineHeadings = { en: 'You are offline', ar: 'أنت غير متصل بالإنترنت' } as const;

for (const [locale, heading] of Object.entries(offlineHeadings)) {
  test(`offline navigation shows the ${locale} offline page with a retry`, async ({ page, context }) => {
    await page.goto(`/${locale}`);
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await page.goto(`/${locale}/some/page-never-visited`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    // Retry reloads the address that was asked for; back online it loads the real page.
    await context.setOffline(false);
    await page.goto(`/${locale}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveCount(0);
    await context.setOffline(true);
    await page.goto(`/${locale}/account`);
    const retry = page.getByRole('button', { name: locale === 'en' ? 'Try again' : 'إعادة المحاولة' });
    await expect(retry).toBeVisible();
    await context.setOffline(false);
    await retry.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveCount(0);
  });
}

test('browsing stores nothing but static files, icons, fonts, offline pages and public pages', async ({
  page,
}) => {
  await page.goto('/en');
  await waitForServiceWorkerControl(page);
  for (const path of ['/de', '/ar', '/en/no-such-page', '/api/health']) await page.goto(path);
  await page.goto('/fr');
  await page.evaluate(() => fetch('/api/health').then((r) => r.text()));
  await expectOnlyStaticFilesCached(page, appUrl);
});

const staleNotes = {
  en: 'You are offline. This page may be out of date.',
  ar: 'أنت غير متصل بالإنترنت. قد لا تكون هذه الصفحة محدَّثة.',
} as const;

for (const [locale, note] of Object.entries(staleNotes)) {
  test(`offline, a public page visited before shows its kept copy with a note (${locale})`, async ({
    page,
    context,
  }) => {
    await page.goto(`/${locale}/sign-in?next=%2F${locale}%2Faccount`);
    await waitForServiceWorkerControl(page);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await expect(page.getByText(note)).toHaveCount(0);
    await context.setOffline(true);
    await page.reload();
    // The sign-in page itself (kept whatever its query), not the offline page, and it says it may be stale.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
    await expect(page.getByText(note)).toHaveAttribute('aria-live', 'polite');
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await page.goto(`/${locale}/sign-in`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
    // A private page never has a copy: the offline page answers.
    await page.goto(`/${locale}/account`);
    await expect(
      page.getByRole('heading', { level: 1, name: offlineHeadings[locale as 'en' | 'ar'] }),
    ).toBeVisible();
    // Back online the note goes away without a reload.
    await page.goBack();
    await context.setOffline(false);
    await expect(page.getByText(note)).toHaveCount(0);
    await expectOnlyStaticFilesCached(page, appUrl);
  });
}

test('an update is offered when a new worker waits, and applied only when asked', async ({ page }) => {
  await page.goto('/en');
  await waitForServiceWorkerControl(page);
  const before = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

  // A changed script URL for the same scope is a new worker version: it installs and then waits.
  await page.evaluate(() =>
    navigator.serviceWorker.register('/serwist/sw.js?revision=next', { scope: '/', type: 'module' }),
  );
  const notice = page.getByRole('region', { name: 'App update' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('A new version of Polyglot is ready.');
  // Nothing took over by surprise: the old worker still controls the page.
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(before);

  await page.evaluate(() => ((window as { beforeUpdate?: boolean }).beforeUpdate = true));
  await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload now' }).click()]);
  // The page reloaded (the marker is gone) under the new worker. (The reloaded page registers the
  // app's own script URL again, which this simulation changed, so it may offer one more update.)
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toContain('revision=next');
});
