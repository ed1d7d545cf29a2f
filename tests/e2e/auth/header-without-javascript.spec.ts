import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { expectNoAxeViolationsWithoutJavaScript } from '../support/axe';

// Private pages are rendered per request for a signed-in visitor, so their header says so without JavaScript too;
// public pages stay prerendered, the same bytes for everyone, and never ask who is signed in.

test.use({ javaScriptEnabled: false });

const privateMarker = 'polyglot-signed-in';

test("a private page's header is the signed-in one without JavaScript, and its sign-out works", async ({
  page,
}) => {
  const user = await createConfirmedUser({ displayName: 'Ada Lovelace' });
  await signInWithPassword(page, user.email, user.password, { next: '/en/account' });
  const header = page.getByRole('banner');
  for (const path of ['/en/account', '/en/notes', '/en/account/sessions']) {
    await page.goto(path);
    await expect(header.getByRole('link', { name: 'Sign in' }), path).toBeHidden();
    await expect(header.getByRole('link', { name: 'Sign up' }), path).toBeHidden();
    await expect(header.getByRole('link', { name: 'Account' }), path).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign out' }), path).toBeVisible();
    // The menu's button needs a script to open anything: not offered.
    await expect(header.getByTestId('user-menu-trigger'), path).toBeHidden();
  }

  await page.goto('/en/notes');
  await header.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL('/en/account');
  // To the static sign-out page, whose plain form post signs out.
  await header.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/en/sign-out');
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/en');
  // Signed out for real: the private page now sends the visitor to sign-in, whose header offers it.
  await page.goto('/en/account');
  await expect(page).toHaveURL(/\/en\/sign-in\?next=%2Faccount/);
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign out' })).toBeHidden();
});

test('the signed-in header as a browser without JavaScript renders it is accessible (axe)', async ({
  page,
}) => {
  const user = await createConfirmedUser({ locale: 'ar' });
  await signInWithPassword(page, user.email, user.password, { locale: 'ar', next: '/ar/account' });
  await page.goto('/ar/account');
  await expectNoAxeViolationsWithoutJavaScript(page, async (copy) => {
    expect(await copy.evaluate(() => document.documentElement.dataset.session)).toBeUndefined();
    await expect(copy.getByRole('banner').getByTestId('user-menu-links')).toBeVisible();
  });
});

test('the signed-in header without JavaScript fits 320 px in German and Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const locale of ['de', 'ar']) {
    const user = await createConfirmedUser({ locale });
    await page.context().clearCookies();
    await signInWithPassword(page, user.email, user.password, { locale, next: `/${locale}/account` });
    await page.goto(`/${locale}/account`);
    await expect(page.getByRole('banner').locator('[data-testid="user-menu-links"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), locale).toBeLessThanOrEqual(320);
  }
});

test('public pages stay static: prerendered, the same for a signed-in visitor, without the private marker', async ({
  page,
}) => {
  const manifest = JSON.parse(
    readFileSync(join(process.env.NEXT_DIST_DIR || '.next', 'prerender-manifest.json'), 'utf8'),
  ) as { routes: Record<string, unknown> };
  for (const path of ['/en', '/en/sign-in', '/de', '/ar'])
    expect(manifest.routes, path).toHaveProperty([path]);
  expect(manifest.routes).not.toHaveProperty(['/en/account']);

  const user = await createConfirmedUser({ displayName: 'Grace Hopper' });
  await signInWithPassword(page, user.email, user.password, { next: '/en/account' });
  const home = await page.request.get('/en');
  expect(home.status()).toBe(200);
  // Served from the build's prerendered copy, cacheable by a CDN, not rendered for this request.
  expect(home.headers()['x-nextjs-cache']).toBe('HIT');
  expect(home.headers()['cache-control']).toContain('s-maxage=');
  const html = await home.text();
  expect(html).not.toContain(privateMarker);
  expect(html).not.toContain('Grace Hopper');
  expect(html).not.toContain(user.email);
  // A private page carries the marker the header's CSS reads.
  expect(await (await page.request.get('/en/account')).text()).toContain(`name="${privateMarker}"`);
});
