import { expect, type Page, test } from '../support/test';
import { presetConsent } from '../support/consent';

// The progress bar and the route-load timeout (components/navigation/navigation-progress.tsx).

// The service worker answers some requests itself, out of page.route's reach: the delays must hold every time.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ context }) => {
  await presetConsent(context, false);
});

/** Holds every RSC request for `path` (navigations and prefetches alike) for 5 s, longer than the 3.8 s timeout. */
async function delayRsc(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const request = route.request();
      if (request.headers().rsc !== '1' && !new URL(request.url()).searchParams.has('_rsc'))
        return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 5000));
      // By then the page may have left for the full load, which ends this request with it.
      await route.continue().catch(() => undefined);
    },
  );
}

/** Document loads of `path` in the main frame (the full-load fallback is one). */
function documentLoads(page: Page, path: string): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      new URL(request.url()).pathname === path
    )
      loads.push(request.url());
  });
  return loads;
}

const signInLink = (page: Page) => page.getByRole('banner').locator('a[href$="/sign-in"]');

test('a slow navigation shows the progress bar, then falls back to one full load of the same URL', async ({
  page,
}) => {
  await page.goto('/en');
  await delayRsc(page, '/en/sign-in');
  const loads = documentLoads(page, '/en/sign-in');

  await signInLink(page).click();
  const progress = page.getByRole('progressbar', { name: 'Loading the page…' });
  await expect(progress).toBeVisible();
  // Still a client navigation while the bar shows.
  expect(loads).toEqual([]);

  await expect.poll(() => loads.length, { timeout: 10_000 }).toBe(1);
  expect(new URL(loads[0]!).search).toBe('');
  await expect(page).toHaveURL(/\/en\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(progress).toHaveCount(0);

  // The full load is not a client navigation: nothing times out again, so no second load follows.
  await page.waitForTimeout(4500);
  expect(loads).toHaveLength(1);
});

test('a fast navigation shows no progress bar', async ({ page }) => {
  await page.goto('/en');
  // Prefetched on intent first, so the navigation itself renders from memory.
  const prefetched = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/en/sign-in' && response.request().headers().rsc === '1',
  );
  await signInLink(page).hover();
  await prefetched;
  await page.waitForLoadState('networkidle');

  await page.evaluate(() => {
    const seen = new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"]'))
        document.documentElement.dataset.sawProgress = 'yes';
    });
    seen.observe(document.body, { childList: true, subtree: true });
  });
  await signInLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.dataset.sawProgress ?? 'no')).toBe('no');
});

test('in Arabic the bar grows from the right; with reduced motion it stands still at full width', async ({
  page,
}) => {
  await page.goto('/ar');
  await delayRsc(page, '/ar/sign-in');
  await signInLink(page).click();
  const progress = page.getByRole('progressbar', { name: 'جارٍ تحميل الصفحة…' });
  await expect(progress).toBeVisible();
  const bar = progress.locator('div');
  const viewport = page.viewportSize()!;
  await expect.poll(async () => (await bar.boundingBox())?.width ?? 0).toBeGreaterThan(20);
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.x + box.width)).toBe(viewport.width);
  expect(box.x).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 10_000 });

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/en');
  await delayRsc(page, '/en/sign-in');
  await signInLink(page).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  const still = (await page.getByRole('progressbar').locator('div').boundingBox())!;
  expect(still.width).toBe(viewport.width);
});

test('a navigation started in code (the language menu) shows the bar and falls back to one full load too', async ({
  page,
}) => {
  await page.goto('/en?ref=menu');
  await page.waitForLoadState('networkidle'); // hydrated: the menu button has its handlers
  await delayRsc(page, '/de');
  const loads = documentLoads(page, '/de');

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading the page…' })).toBeVisible();
  expect(loads).toEqual([]);

  await expect.poll(() => loads.length, { timeout: 10_000 }).toBe(1);
  expect(new URL(loads[0]!).search).toBe('?ref=menu');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('restoring a stored language (a replace without a click) is tracked the same way', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  await presetConsent(context, false);
  await context.addInitScript(() => localStorage.setItem('NEXT_LOCALE', 'ar'));
  const page = await context.newPage();
  await delayRsc(page, '/ar');
  const loads = documentLoads(page, '/ar');

  await page.goto('/');
  await expect(page.getByRole('progressbar', { name: 'Loading the page…' })).toBeVisible();
  await expect.poll(() => loads.length, { timeout: 10_000 }).toBe(1);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await context.close();
});
