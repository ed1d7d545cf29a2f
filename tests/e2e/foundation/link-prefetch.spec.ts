import { expect, test } from '../support/test';
import { presetConsent } from '../support/consent';

test.beforeEach(async ({ context }) => {
  await presetConsent(context, false);
});

test('links prefetch on intent, not on sight', async ({ page }) => {
  const prefetched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_rsc')) prefetched.push(url.pathname);
  });
  await page.goto('/en');
  await page.waitForLoadState('networkidle');
  // The home page links to sign-in, sign-up and five other languages: none of them is fetched yet.
  expect(prefetched).toEqual([]);

  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).hover();
  await expect.poll(() => prefetched).toContain('/en/sign-in');
  expect(prefetched.filter((path) => path !== '/en/sign-in')).toEqual([]);

  // Keyboard users get the same head start.
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).focus();
  await expect.poll(() => prefetched).toContain('/en/sign-up');
});
