import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Response, test } from '../support/test';
import ar from '../../../messages/ar.json' with { type: 'json' };
import en from '../../../messages/en.json' with { type: 'json' };
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { directive, effectivePolicies, watchViolations } from '../support/csp';
import { waitForServiceWorkerControl } from '../support/service-worker';

// No page admits an inline script it does not name (docs/decisions/0013-a-script-policy-without-unsafe-inline.md):
// prerendered pages carry the hashes of theirs in a meta policy written after the build, pages rendered per request
// a nonce from the middleware. Each page here is opened in a real browser, which must report no violation while
// the page's scripts do their work, and the prerendered ones must still come from the build's cache.

const words = { en, ar } as const;
const distDir = process.env.NEXT_DIST_DIR || '.next';
const gtmStub = 'window.__gtmStubLoaded=true;';

/** The sources allowed for script elements by one policy (script-src, else default-src), if it restricts them. */
const scriptSources = (policy: string) => directive(policy, 'script-src') ?? directive(policy, 'default-src');

/**
 * The policies the browser enforces here restrict scripts, and none of them lets an unnamed inline script run:
 * no 'unsafe-inline' in any script-src, at least one policy with a script-src, and a meta policy, when there is
 * one, as the very first element of <head>, ahead of every script.
 */
async function expectStrictScriptPolicy(page: Page, response: Response | null, label: string) {
  const { header, meta } = await effectivePolicies(page, response);
  const policies = [...(header ? [header] : []), ...meta];
  const restricting = policies.map(scriptSources).filter((sources) => sources !== undefined);
  expect(restricting.length, `${label}: a policy restricts scripts`).toBeGreaterThan(0);
  for (const sources of restricting) expect(sources, label).not.toContain("'unsafe-inline'");
  if (meta.length > 0) {
    expect(
      await page.evaluate(() => document.head.firstElementChild?.getAttribute('http-equiv')),
      label,
    ).toBe('Content-Security-Policy');
    // The header leaves scripts to the meta policy: it must not allow them itself.
    expect(header && scriptSources(header), label).toBeFalsy();
  }
}

/** The layout's own inline scripts ran before the first paint: the cookie hints and the stored theme. */
async function expectLayoutScriptsRan(page: Page, label: string) {
  await expect(page.locator('html'), label).toHaveAttribute('data-session', /^(in|out)$/);
  await expect(page.locator('html'), label).toHaveAttribute('data-consent', /^(decided|undecided)$/);
  await expect(page.locator('html'), label).toHaveCSS('color-scheme', /^(light|dark)$/);
}

/**
 * The page hydrated, so the flight data Next inlines reached React: the header's theme menu (a client component)
 * opens and closes.
 */
async function expectHydrated(page: Page, locale: 'en' | 'ar', label: string) {
  const trigger = page.getByRole('button', { name: words[locale].Theme.label, exact: true });
  await trigger.click();
  await expect(page.getByRole('menu'), label).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu'), label).toHaveCount(0);
}

test.describe('scripts run under a policy without unsafe-inline', () => {
  test.beforeEach(async ({ context }) => {
    await context.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: gtmStub }),
    );
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`prerendered public pages (${locale}): hashes in a meta policy, hydrated, consent and GTM work`, async ({
      page,
    }) => {
      const violations = await watchViolations(page);
      for (const pagePath of ['', '/sign-in', '/forgot-password', '/~offline']) {
        const response = await page.goto(`/${locale}${pagePath}`);
        const label = `/${locale}${pagePath}`;
        await expectStrictScriptPolicy(page, response, label);
        await expectLayoutScriptsRan(page, label);
        await expectHydrated(page, locale, label);
      }
      // Hydrated: the consent banner's client code answers, and with consent GTM loads from its host.
      await page.goto(`/${locale}`);
      const gtm = page.waitForRequest(/googletagmanager\.com\/gtm\.js\?id=GTM-TEST/);
      await page.getByRole('button', { name: words[locale].Consent.accept, exact: true }).click();
      await gtm;
      await expect
        .poll(() => page.evaluate(() => (window as { __gtmStubLoaded?: boolean }).__gtmStubLoaded))
        .toBe(true);
      expect(violations).toEqual([]);
    });
  }

  test('pages rendered per request: a nonce, signing in with JavaScript, private pages and the 404', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    const user = await createConfirmedUser();
    // The sign-in form runs as a client component: the password form's action goes through React.
    await signInWithPassword(page, user.email, user.password);
    for (const pagePath of [
      '/en/account',
      '/ar/account',
      '/en/account/sessions',
      '/en/notes',
      '/en/no-such-page',
    ]) {
      const response = await page.goto(pagePath);
      await expectStrictScriptPolicy(page, response, pagePath);
      const sources = scriptSources(response?.headers()['content-security-policy'] ?? '') ?? [];
      expect(
        sources.filter((source) => source.startsWith("'nonce-")),
        pagePath,
      ).toHaveLength(1);
      expect(sources, pagePath).toContain("'strict-dynamic'");
      // The global not-found page is drawn whole on the server, without the layout or a client component.
      if (pagePath === '/en/no-such-page') continue;
      await expectLayoutScriptsRan(page, pagePath);
      await expectHydrated(page, pagePath.startsWith('/ar') ? 'ar' : 'en', pagePath);
    }
    // Two answers, two nonces.
    const nonces = await Promise.all(
      [1, 2].map(async () =>
        scriptSources(
          (await page.request.get('/en/account')).headers()['content-security-policy'] ?? '',
        )?.find((source) => source.startsWith("'nonce-")),
      ),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
    // A client-side navigation (flight data, no HTML) keeps working under the page's policy.
    await page.goto('/en/account');
    await page.evaluate(() => ((window as { beforeNavigation?: boolean }).beforeNavigation = true));
    await page.getByRole('link', { name: en.Sessions.manage, exact: true }).click();
    await expect(page).toHaveURL(/\/en\/account\/sessions$/);
    await expect(page.getByRole('heading', { level: 1, name: en.Sessions.title })).toBeVisible();
    // The same document: the router fetched the next page's flight data instead of loading its HTML.
    expect(await page.evaluate(() => (window as { beforeNavigation?: boolean }).beforeNavigation)).toBe(true);
    expect(violations).toEqual([]);
  });

  test('the offline page the service worker answers with keeps its policy', async ({ page, context }) => {
    const violations = await watchViolations(page);
    await page.goto('/en');
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    const response = await page.goto('/en/some/page-never-visited');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expectStrictScriptPolicy(page, response, 'offline page');
    expect((await effectivePolicies(page, response)).meta).toHaveLength(1);
    await expectLayoutScriptsRan(page, 'offline page');
    await context.setOffline(false);
    expect(violations).toEqual([]);
  });
});

test('prerendered pages stay static: in the build’s prerender list, served from its cache, policy in the HTML', async ({
  request,
}) => {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8')) as {
    routes: Record<string, unknown>;
  };
  for (const pagePath of ['/en', '/ar', '/en/sign-in', '/ar/sign-up', '/en/~offline', '/ar/~offline']) {
    expect(Object.keys(manifest.routes), pagePath).toContain(pagePath);
    const response = await request.get(pagePath);
    expect(response.headers()['x-nextjs-cache'], pagePath).toBe('HIT');
    expect(await response.text(), pagePath).toMatch(
      /^<!DOCTYPE html><html[^>]*><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' [^"]*'sha256-/,
    );
  }
});

test('answers the middleware leaves without a nonce admit no inline script: the 503 page, a missing file’s 404', async ({
  request,
}) => {
  // The 503 page a private page sends to when the auth server cannot confirm the session (drawn without React).
  const unavailable = await request.get('/en/auth/unavailable?next=%2Faccount');
  expect(unavailable.status()).toBe(503);
  expect(scriptSources(unavailable.headers()['content-security-policy'] ?? '')).not.toContain(
    "'unsafe-inline'",
  );
  expect(await unavailable.text()).not.toMatch(/<script/i);
  // A missing file never reaches the middleware: Next's 404 gets the default policy, no inline script at all.
  const missing = await request.get('/missing-file.png');
  expect(missing.status()).toBe(404);
  expect(scriptSources(missing.headers()['content-security-policy'] ?? '')).toEqual([
    "'self'",
    'https://www.googletagmanager.com',
  ]);
});
