import { createClient } from '@supabase/supabase-js';
import { expect, test } from '../support/test';
import { presetConsent } from '../support/consent';
import {
  cachedUrls,
  expectOnlyStaticFilesCached,
  waitForServiceWorkerControl,
} from '../support/service-worker';
import { appUrl, secretKey, supabaseUrl } from '../support/test-env';

test('after signing in, opening the account page and signing out, Cache Storage holds no page, RSC payload or API response', async ({
  page,
  context,
}) => {
  const authUp = await fetch(`${supabaseUrl}/auth/v1/health`).then(
    (r) => r.ok,
    () => false,
  );
  test.fixme(!authUp, `no auth server at ${supabaseUrl}: this test needs the sign-in stack`);
  // A confirmed user, created through the auth server's admin API (as supabase-js does it).
  const admin = createClient(supabaseUrl, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const email = `pwa-cache-${Date.now()}@example.com`;
  const password = 'Correct-Horse-Battery-9';
  const { error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  expect(error).toBeNull();

  await presetConsent(context, false);
  await page.goto('/en');
  await waitForServiceWorkerControl(page);

  await page.goto('/en/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();

  // The private page, by client-side navigation (RSC payload) and by a full load (HTML).
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/en\/account$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => fetch('/api/health').then((r) => r.text()));

  // While signed in, nothing user-specific was stored either.
  await expectOnlyStaticFilesCached(page, appUrl);

  // Put something in a runtime cache to prove sign-out empties them.
  await page.evaluate(() =>
    caches.open('polyglot-runtime-probe').then((c) => c.put('/_next/static/probe.js', new Response('probe'))),
  );
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByTestId('user-menu-trigger')).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The runtime caches were emptied (the next page load may refill them with static files only).
  expect(Object.keys(await cachedUrls(page))).not.toContain('polyglot-runtime-probe');
  await expectOnlyStaticFilesCached(page, appUrl);
});

// Every other way to sign out on this device empties them too: the account page's button and the sign-out page.
for (const [where, path] of [
  ['the account page', '/en/account'],
  ['the sign-out page', '/en/sign-out'],
] as const) {
  test(`signing out from ${where} empties the runtime caches`, async ({ page, context }) => {
    const admin = createClient(supabaseUrl, secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const email = `pwa-cache-${path.split('/').pop()}-${Date.now()}@example.com`;
    const password = 'Correct-Horse-Battery-9';
    const { error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    expect(error).toBeNull();

    await presetConsent(context, false);
    await page.goto('/en/sign-in');
    await waitForServiceWorkerControl(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('user-menu-trigger')).toBeVisible();

    await page.goto(path);
    await page.evaluate(() =>
      caches
        .open('polyglot-runtime-probe')
        .then((c) => c.put('/_next/static/probe.js', new Response('probe'))),
    );
    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(Object.keys(await cachedUrls(page))).not.toContain('polyglot-runtime-probe');
  });
}
