import type { IncomingMessage } from 'node:http';
import { type Browser, type BrowserContext, expect, type Page, type Request, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { enrollFactors } from '../support/authenticator';
import { expectNoAxeViolations } from '../support/axe';
import { sessionCookieNames } from '../support/session-cookie';
import { stopListener } from '../support/stop-listener';
import { startFaultyAuthServer } from '../support/fault-proxy';
import { authPort, mailPort, supabaseUrl, usesLocalAuth } from '../support/test-env';

// Runs in its own Playwright project after every other test (playwright.config.ts): it stops this run's
// local auth server for good.
test.describe.configure({ mode: 'serial' });
test.skip(!usesLocalAuth, 'Only the local auth server can be stopped from a test.');

test('with the auth server stopped, public pages work and forms say the service is unavailable', async ({
  page,
  browser,
}) => {
  const signedIn = await browser.newContext();
  const signedInPage = await signedIn.newPage();
  const user = await createConfirmedUser();
  await signInWithPassword(signedInPage, user.email, user.password);

  stopListener(authPort);
  await expect
    .poll(async () =>
      fetch(`${supabaseUrl}/auth/v1/health`).then(
        () => 'up',
        () => 'down',
      ),
    )
    .toBe('down');

  for (const path of ['/en', '/en/sign-in', '/de/sign-up', '/ar/forgot-password']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The health check says so, and still answers 200: the app itself runs.
  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'degraded', auth: 'unreachable' });
  // A signed-in visitor's public page view does not fail either.
  expect((await signedInPage.goto('/en'))?.status()).toBe(200);
  await signedIn.close();

  await page.goto('/en/sign-in');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page.getByTestId('form-message')).toHaveText(
    'The sign-in service cannot be reached right now. Please try again in a moment.',
  );
  await expect(page.locator('input[name="email"]')).toHaveValue(user.email);

  // A passkey sign-in says the same: its challenge comes from the auth server, before any prompt.
  await page.goto('/en/sign-in');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('form-message')).toHaveText(
    'The sign-in service cannot be reached right now. Please try again in a moment.',
  );

  await page.goto('/de/forgot-password');
  await page.locator('input[name="email"]').fill(user.email);
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page.getByTestId('form-message')).toHaveText(
    'Der Anmeldedienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  );
});

// The same outage, met the way it comes in production: a real auth server behind a proxy that answers 503 or
// never answers (tests/e2e/support/fault-proxy.ts), on the port the app was built for; then nothing at all.
let faulty: Awaited<ReturnType<typeof startFaultyAuthServer>> | undefined;
let signedIn: BrowserContext | undefined;
test.afterAll(async () => {
  await signedIn?.close();
  await faulty?.stop();
});

/** Makes the session cookie's access token look expired, so the next request must refresh it. */
async function expireSession(context: BrowserContext) {
  const chunks = (await context.cookies())
    .filter(({ name }) => /^sb-.+-auth-token(\.\d+)?$/.test(name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  // The app stores the session as percent-encoded JSON (cookieEncoding 'raw').
  const session = JSON.parse(decodeURIComponent(chunks.map((c) => c.value).join('')));
  session.expires_at = Math.floor(Date.now() / 1000) - 60;
  let value = encodeURIComponent(JSON.stringify(session));
  // Same length as before (only the digits of a timestamp changed), so the same chunks.
  for (const chunk of chunks) {
    await context.addCookies([{ ...chunk, value: value.slice(0, chunk.value.length) }]);
    value = value.slice(chunk.value.length);
  }
}

test('with the auth server answering 503 twice, the session check is retried and the private page renders', async ({
  page,
}) => {
  faulty = await startFaultyAuthServer({
    port: authPort,
    upstreamPort: authPort + 1,
    mailPort: mailPort + 1,
  });
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password, { next: '/account' });
  await expect(page.getByTestId('current-email')).toContainText(user.email);

  // The session-ended step asks the auth server (GET /user) whether the session still holds: the first two
  // answers are 503, the third the real one. Without retries it would send the visitor to sign-in.
  let failures = 0;
  faulty.inject((request) =>
    request.method === 'GET' && request.url?.startsWith('/auth/v1/user') && failures++ < 2 ? '503' : 'pass',
  );
  const check = await page.request.get('/en/auth/session-ended?next=/account', { maxRedirects: 0 });
  expect(check.status()).toBe(307);
  expect(check.headers().location).toMatch(/\/en\/account$/);
  expect(
    faulty.seen
      .filter(({ method, path }) => method === 'GET' && path.startsWith('/auth/v1/user'))
      .map(({ fault }) => fault),
  ).toEqual(['503', '503', 'pass']);
  await page.goto(check.headers().location!);
  await expect(page.getByTestId('current-email')).toContainText(user.email);
});

// example:notes start
// The notes example: the Data API down while Auth answers.
test('with the Data API answering 503 or not at all, the notes say so in time and keep what was typed', async ({
  page,
}) => {
  faulty!.inject(() => 'pass');
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password, { next: '/notes' });
  const unavailable = 'Your notes cannot be reached right now. Please try again in a moment.';

  faulty!.inject((request) => (request.url?.startsWith('/rest/v1/') ? '503' : 'pass'));
  let started = Date.now();
  await page.goto('/en/notes');
  await expect(page.getByRole('alert').filter({ hasText: unavailable })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(5000);

  await page.goto('/en/notes/new');
  faulty!.inject((request) => (request.url?.startsWith('/rest/v1/') ? 'hang' : 'pass'));
  await page.getByLabel('Title', { exact: true }).fill('Kept');
  await page.getByLabel('Note', { exact: true }).fill('kept body');
  started = Date.now();
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByTestId('form-message')).toHaveText(unavailable);
  expect(Date.now() - started).toBeLessThan(5000);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Kept');
  await expect(page.getByLabel('Note', { exact: true })).toHaveValue('kept body');
  faulty!.inject(() => 'pass');
});
// example:notes end

test('with the auth server answering 503 always, forms and private pages say so in time', async ({
  page,
  browser,
}) => {
  const user = await createConfirmedUser();
  signedIn = await browser.newContext();
  await signInWithPassword(await signedIn.newPage(), user.email, user.password);
  faulty!.inject(() => '503');

  await page.goto('/de/sign-in');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page.getByTestId('form-message')).toHaveText(
    'Der Anmeldedienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  );
  // A write goes out once.
  expect(faulty!.seen.filter(({ method, path }) => method === 'POST' && path.includes('/token')).length).toBe(
    1,
  );

  // A private page whose expired session cannot be refreshed: sign-in, saying why, within the budget.
  await expireSession(signedIn);
  const privatePage = await signedIn.newPage();
  await privatePage.goto('/de/account');
  await expect(privatePage).toHaveURL(/\/de\/sign-in\?next=%2Faccount&status=unavailable$/);
  await expect(privatePage.getByRole('status')).toHaveText(
    'Ihre Sitzung konnte nicht bestätigt werden, weil der Anmeldedienst nicht antwortet. Bitte versuchen Sie es gleich noch einmal.',
  );
});

test('with the auth server not answering at all, a form gives up within the budget', async ({ page }) => {
  faulty!.inject(() => 'hang');
  // The page asks for a passkey challenge as it loads (for the email field's suggestions), which hangs too.
  const isChallenge = (request: Request) => request.url().endsWith('/en/auth/passkey-options');
  let challengeSettled = false;
  const settle = (request: Request) => {
    if (isChallenge(request)) challengeSettled = true;
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  const challengeSent = page.waitForRequest(isChallenge);
  await page.goto('/en/sign-in');
  await challengeSent;
  await page.locator('input[name="email"]').fill('hanging@example.com');
  await page.locator('input[name="password"]').fill('Polyglot2026');
  const submitted = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/en/sign-in'),
  );
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await submitted;
  // The password went out at once, not queued behind the challenge as a second server action would be.
  expect(challengeSettled).toBe(false);
  await expect(page.getByTestId('form-message')).toHaveText(
    'The sign-in service cannot be reached right now. Please try again in a moment.',
    { timeout: 5000 },
  );
  await expect(page.locator('input[name="email"]')).toHaveValue('hanging@example.com');
});

test('the account page asks for the passkeys and the recovery codes together, not one after the other', async ({
  page,
}) => {
  faulty!.inject(() => 'pass');
  const user = await createConfirmedUser();
  const [app] = await enrollFactors(user.email, user.password, ['Phone']);
  await signInWithPassword(page, user.email, user.password);
  await page.getByLabel('6-digit code').fill(await app!.freshCode());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/account');
  await expect(page.locator('#recovery-codes-title')).toBeVisible();

  // The passkey list never comes: the page renders with the passkeys' error once the auth budget runs out. One
  // after the other, the status would go out first and be answered before the list was asked for.
  faulty!.inject((request) =>
    request.method === 'GET' && request.url?.startsWith('/auth/v1/passkeys') ? 'hang' : 'pass',
  );
  await page.reload();
  await expect(page.getByTestId('current-email')).toContainText(user.email);
  await expect(page.locator('#passkeys [role="alert"]')).toHaveText(
    'The sign-in service cannot be reached right now. Please try again in a moment.',
  );
  await expect(page.locator('#recovery-codes-title')).toBeVisible();
  // Whichever of the two goes out first, the other goes out while it is still open (auth-js may send either
  // first). Requests left hanging by earlier tests (a token refresh) stay open too, hence the exact paths.
  const list = /^\/auth\/v1\/passkeys(\?|$)/;
  const codes = /^\/auth\/v1\/factors\/recovery-codes(\?|$)/;
  const first = (path: RegExp) => faulty!.seen.find((request) => path.test(request.path));
  const [listed, status] = [first(list), first(codes)];
  expect(listed, 'the passkey list was asked for').toBeDefined();
  expect(status, "the recovery codes' status was asked for").toBeDefined();
  const together =
    status!.pending.some((path) => list.test(path)) || listed!.pending.some((path) => codes.test(path));
  expect(together, 'one request went out while the other was open').toBe(true);
});

// Sessions whose access tokens the middleware still verifies while every request to the auth server answers 503:
// the page cannot confirm them (getUser and the signing keys both fail), and a page cannot set its own status.
test("with the auth server answering 503, a fresh session's private page answers 503 in its language, with JavaScript off and on", async ({
  browser,
}) => {
  faulty!.inject(() => 'pass');
  const user = await createConfirmedUser();
  // A page drawn by the app's layout, for its stylesheet and font links and their look (a static page: no auth).
  const reference = await browser.newPage();
  const appLinks = linksOf(await (await reference.goto('/en/sign-in'))!.text());
  expect(appLinks.filter((link) => link.startsWith('stylesheet ')).length).toBeGreaterThan(0);
  const appLook = await lookOf(reference);
  await reference.close();
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signInWithPassword(page, user.email, user.password, { next: '/account' });
    await expect(page.getByTestId('current-email')).toContainText(user.email);
    faulty!.inject(() => '503');

    for (const { locale, dir, title, text, retry } of [
      {
        locale: 'en',
        dir: 'ltr',
        title: 'Sign-in service unavailable',
        text: 'We could not confirm your session because the sign-in service is not answering. Please try again in a moment.',
        retry: 'Try again',
      },
      {
        locale: 'ar',
        dir: 'rtl',
        title: 'خدمة تسجيل الدخول غير متاحة',
        text: 'تعذّر التحقق من جلستك لأن خدمة تسجيل الدخول لا تستجيب. يُرجى المحاولة بعد قليل.',
        retry: 'إعادة المحاولة',
      },
    ]) {
      const label = `${locale}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;
      const response = await page.goto(`/${locale}/account`);
      expect(response?.status(), label).toBe(503);
      expect(response?.headers()['retry-after'], label).toMatch(/^\d+$/);
      expect(response?.headers()['cache-control'], label).toBe('private, no-store');
      // The server's HTML itself, as a browser without JavaScript reads it.
      const html = await response!.text();
      expect(html, label).toContain(`<html lang="${locale}" dir="${dir}"`);
      expect(html, label).toContain(`>${title}</h1>`);
      // The app's look: the stylesheets and font every page links, and what they apply.
      expect(linksOf(html), label).toEqual(appLinks);
      expect(await lookOf(page), label).toEqual(appLook);
      expect(html, label).toContain(text);
      expect(html, label).toContain(`href="/${locale}/account"`);
      await expect(page).toHaveTitle(`${title} · Polyglot`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('status')).toHaveText(text);
      await expect(page.getByRole('link', { name: retry })).toHaveAttribute('href', `/${locale}/account`);
      // axe runs its checks as a script in the page.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    }
    // The other private pages answer the same way.
    expect((await page.goto('/de/notes'))?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmeldedienst nicht erreichbar');
    // No loop: one redirect, then the 503, whatever the page is left to do.
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await page.goto('/en/account');
    await page.waitForTimeout(1000);
    expect(navigations).toBe(1);

    // Once the auth server answers again, "Try again" opens the page, still signed in.
    faulty!.inject(() => 'pass');
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL('/en/account');
    await expect(page.getByTestId('current-email')).toContainText(user.email);
    expect((await page.reload())?.status()).toBe(200);
    await context.close();
  }
});

/** A page's stylesheet links and font preloads, as `rel href`, sorted. */
function linksOf(html: string): string[] {
  return [...html.matchAll(/<link [^>]*>/g)]
    .map(([tag]) => ({ rel: /rel="([^"]+)"/.exec(tag)?.[1], href: /href="([^"]+)"/.exec(tag)?.[1], tag }))
    .filter(({ rel, tag }) => rel === 'stylesheet' || (rel === 'preload' && /as="font"/.test(tag)))
    .map(({ rel, href }) => `${rel} ${href}`)
    .sort();
}

/** What the app's stylesheet and font give a page: the body's font, colours and the Inter variable. */
async function lookOf(page: Page) {
  return page.evaluate(() => {
    const body = getComputedStyle(document.body);
    return {
      fontFamily: body.fontFamily,
      color: body.color,
      background: body.backgroundColor,
      inter: getComputedStyle(document.documentElement).getPropertyValue('--font-inter'),
    };
  });
}

/** Signs a new user in, in a context of its own, on the account page; for checks after the server fails. */
async function signedInOnAccount(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password, { next: '/account' });
  await expect(page.getByTestId('current-email')).toContainText(user.email);
  // Something in a runtime cache, which signing out empties (the precache alone stays).
  await page.evaluate(() =>
    caches
      .open('polyglot-runtime-probe')
      .then((cache) => cache.put('/_next/static/probe.js', new Response('probe'))),
  );
  return { context, page };
}

/** This device is signed out: no auth cookie, no presence hint, no runtime cache; and the header says so. */
async function expectSignedOutHere({ context, page }: { context: BrowserContext; page: Page }) {
  expect(await sessionCookieNames(context)).toEqual([]);
  expect(await page.evaluate(() => caches.keys())).not.toContain('polyglot-runtime-probe');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('with the auth server answering 500, sign out and sign out everywhere end the session on this device', async ({
  browser,
}) => {
  // supabase-js 2.119 keeps the session when a global sign-out fails: the app must end it all the same.
  const logoutFails = (request: IncomingMessage) =>
    request.url?.startsWith('/auth/v1/logout') ? '500' : 'pass';
  faulty!.inject(() => 'pass');
  const everywhere = await signedInOnAccount(browser);
  faulty!.inject(logoutFails);
  await everywhere.page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(everywhere.page).toHaveURL(/\/en\/sign-in\?status=signed-out-here-only$/);
  await expect(everywhere.page.getByRole('status')).toHaveText(
    'You have been signed out on this device, but your other devices could not be signed out just now. Sign in again later and choose “Sign out everywhere” once more.',
  );
  // The global sign-out was refused; this device's own (local) one was then tried, and refused as well.
  expect(
    faulty!.seen.filter(({ fault }) => fault === '500').map(({ method, path }) => `${method} ${path}`),
  ).toEqual(['POST /auth/v1/logout?scope=global', 'POST /auth/v1/logout?scope=local']);
  await expectSignedOutHere(everywhere);
  await everywhere.context.close();

  faulty!.inject(() => 'pass');
  const here = await signedInOnAccount(browser);
  faulty!.inject(logoutFails);
  await here.page.getByTestId('user-menu-trigger').click();
  await here.page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(here.page).toHaveURL(/\/en$/);
  await expectSignedOutHere(here);
  await here.context.close();
  faulty!.inject(() => 'pass');
});

// Sessions signed in just before the auth server stops for good: their access tokens are still valid.
let beforeStop: { loop: BrowserContext; everywhere: { context: BrowserContext; page: Page } } | undefined;
test('sessions signed in just before the auth server stops', async ({ browser }) => {
  faulty!.inject(() => 'pass');
  const loop = await browser.newContext();
  const user = await createConfirmedUser();
  await signInWithPassword(await loop.newPage(), user.email, user.password, { next: '/account' });
  beforeStop = { loop, everywhere: await signedInOnAccount(browser) };
});

test('with the auth server stopped, an expired session is answered within 5 s', async () => {
  await faulty!.stop();
  faulty = undefined;
  // The answers themselves (each bounded by the request timeout), not the pages they lead to.
  const account = await signedIn!.request.get('/en/account', { maxRedirects: 0, timeout: 5000 });
  expect(account.status()).toBe(307);
  expect(account.headers().location).toMatch(/\/en\/sign-in\?next=%2Faccount&status=unavailable$/);
  const ended = await signedIn!.request.get('/en/auth/session-ended?next=/account', {
    maxRedirects: 0,
    timeout: 5000,
  });
  expect(ended.status()).toBe(307);
  expect(ended.headers().location).toMatch(/\/en\/sign-in\?/);

  // Signing out needs nothing from the auth server: past the budget the cookies go anyway (supabase-js alone
  // would retry refreshing the expired token for about 30 s first).
  const page = await signedIn!.newPage();
  await page.goto('/en/sign-out');
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en$/, { timeout: 5000 });
  expect((await signedIn!.cookies()).filter(({ name }) => /^sb-.+-auth-token/.test(name))).toEqual([]);
});

test("with the auth server stopped, a fresh session's private page answers 503 in time, with no redirect loop", async () => {
  // The middleware verifies the unexpired token with the signing keys it holds; the page cannot ask the server.
  const started = Date.now();
  const answer = await beforeStop!.loop.request.get('/en/account', { maxRedirects: 0, timeout: 5000 });
  expect(Date.now() - started).toBeLessThan(3000);
  expect(answer.status()).toBe(307);
  expect(answer.headers().location).toMatch(/\/en\/auth\/unavailable\?next=%2Faccount$/);
  const unavailable = await beforeStop!.loop.request.get(answer.headers().location!, { timeout: 5000 });
  expect(unavailable.status()).toBe(503);

  const page = await beforeStop!.loop.newPage();
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  await page.goto('/en/account');
  await expect(page.getByRole('status')).toHaveText(
    'We could not confirm your session because the sign-in service is not answering. Please try again in a moment.',
  );
  // A loop would have gone on by now (page → session-ended → sign-in → middleware → page, hundreds a second).
  await page.waitForTimeout(3000);
  // The load itself (and the router recording its state with replaceState, which counts too).
  expect(navigations).toBeLessThanOrEqual(2);
  await expect(page).toHaveURL(/\/en\/auth\/unavailable\?next=%2Faccount$/);
  await beforeStop!.loop.close();
});

test('with the auth server stopped, sign out everywhere still ends the session on this device', async () => {
  const { page } = beforeStop!.everywhere;
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/en\/sign-in\?status=signed-out-here-only$/, { timeout: 5000 });
  await expect(page.getByRole('status')).toContainText('your other devices could not be signed out');
  await expectSignedOutHere(beforeStop!.everywhere);
  await beforeStop!.everywhere.context.close();
});
