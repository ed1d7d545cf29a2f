import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { type Browser, type BrowserContext, expect, type Page, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { Authenticator, enrollFactors } from '../support/authenticator';
import { expectNoAxeViolations } from '../support/axe';
import { publishableKey, supabaseUrl } from '../support/test-env';

// "Your sessions" (ASVS 7.5.2 and 7.4.3): one user signed in from browsers that say they are different
// devices. The app signs in on its server, so the names come from the browser's User-Agent only because the app
// passes it on to the auth server (lib/supabase/auth-fetch.ts): Node's own would read "Unknown device".

const chromeWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

type Messages = typeof import('../../../messages/en.json');
function messages(locale: string) {
  const all = JSON.parse(
    readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), 'utf8'),
  ) as Messages;
  const device = (browser: string, os: string) =>
    all.Sessions.browserOnSystem.replace('<bdi>{browser}</bdi>', browser).replace('<bdi>{os}</bdi>', os);
  return { sessions: all.Sessions, twoFactor: all.TwoFactor, device };
}

async function browserAs(
  browser: Browser,
  userAgent: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ userAgent });
  return { context, page: await context.newPage() };
}

function sessionItems(page: Page) {
  return page.getByTestId('session');
}

function sessionItem(page: Page, name: string) {
  return sessionItems(page).filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** A private page of a session that was ended elsewhere goes to sign-in, which says so. */
async function expectSignedOut(page: Page, locale: string) {
  await page.goto(`/${locale}/notes`);
  await expect(page).toHaveURL(`/${locale}/sign-in?next=%2Fnotes&status=session-ended`);
}

for (const locale of ['en', 'ar'] as const) {
  test.describe(`your sessions (${locale})`, () => {
    const { sessions: t, device } = messages(locale);
    const chromeOnWindows = device('Chrome', 'Windows');
    const firefoxOnLinux = device('Firefox', 'Linux');

    test('lists both browsers, ends the second, whose next private page goes to sign-in', async ({
      browser,
    }) => {
      const user = await createConfirmedUser({ locale });
      const chrome = await browserAs(browser, chromeWindows);
      const firefox = await browserAs(browser, firefoxLinux);
      await signInWithPassword(firefox.page, user.email, user.password, { locale });
      await signInWithPassword(chrome.page, user.email, user.password, { locale });

      const page = chrome.page;
      await page.goto(`/${locale}/account`);
      await page.getByRole('link', { name: t.manage }).click();
      await expect(page).toHaveURL(`/${locale}/account/sessions`);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(sessionItems(page)).toHaveCount(2);
      // This browser first, marked as this device; each named from its own User-Agent.
      const here = sessionItems(page).first();
      await expect(here.getByRole('heading', { level: 2 })).toHaveText(chromeOnWindows);
      await expect(here).toContainText(t.thisDevice);
      await expect(here).toContainText(t.aal1);
      await expect(here.getByRole('button', { name: t.endSession })).toHaveCount(0);
      const there = sessionItem(page, firefoxOnLinux);
      await expect(there).not.toContainText(t.thisDevice);
      await expect(there.locator('time')).toHaveCount(2);
      await expectNoAxeViolations(page);

      await there.getByRole('button', { name: t.endSession }).click();
      await expect(page).toHaveURL(`/${locale}/account/sessions?status=ended`);
      await expect(page.getByRole('status').filter({ hasText: t.ended })).toBeVisible();
      await expect(sessionItems(page)).toHaveCount(1);
      await expect(page.getByText(t.noOthers)).toBeVisible();
      await expectNoAxeViolations(page);

      await expectSignedOut(firefox.page, locale);
      // This device is still signed in.
      await page.goto(`/${locale}/account/sessions`);
      await expect(sessionItems(page)).toHaveCount(1);
      await chrome.context.close();
      await firefox.context.close();
    });

    test('ends all other sessions at once, and only those', async ({ browser }) => {
      const user = await createConfirmedUser({ locale });
      const chrome = await browserAs(browser, chromeWindows);
      const others = [await browserAs(browser, firefoxLinux), await browserAs(browser, safariIphone)];
      for (const { page } of [chrome, ...others])
        await signInWithPassword(page, user.email, user.password, { locale });

      const page = chrome.page;
      await page.goto(`/${locale}/account/sessions`);
      await expect(sessionItems(page)).toHaveCount(3);
      await expect(sessionItem(page, device('Safari', 'iOS'))).toHaveCount(1);
      await page.getByRole('button', { name: t.endOthers }).click();
      await expect(page).toHaveURL(`/${locale}/account/sessions?status=ended-others`);
      await expect(page.getByRole('status').filter({ hasText: t.endedOthers })).toBeVisible();
      await expect(sessionItems(page)).toHaveCount(1);
      await expect(sessionItems(page).first()).toContainText(t.thisDevice);
      for (const other of others) {
        await expectSignedOut(other.page, locale);
        await other.context.close();
      }
      await chrome.context.close();
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the end buttons are plain forms', async ({ page }) => {
    const { sessions: t, device } = messages('en');
    const user = await createConfirmedUser();
    // The other device: an app of the user's that talks to the auth server itself, as Firefox on Linux.
    const elsewhere = createClient(supabaseUrl, publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'User-Agent': firefoxLinux } },
    });
    expect((await elsewhere.auth.signInWithPassword(user)).error).toBeNull();
    await signInWithPassword(page, user.email, user.password);
    await page.goto('/en/account/sessions');
    await expect(sessionItems(page)).toHaveCount(2);
    await sessionItem(page, device('Firefox', 'Linux')).getByRole('button', { name: t.endSession }).click();
    await expect(page).toHaveURL('/en/account/sessions?status=ended');
    await expect(page.getByRole('status').filter({ hasText: t.ended })).toBeVisible();
    await expect(sessionItems(page)).toHaveCount(1);
    expect((await elsewhere.auth.getUser()).error?.name).toBe('AuthSessionMissingError');

    // Signed in there again, then ended with "End all other sessions".
    expect((await elsewhere.auth.signInWithPassword(user)).error).toBeNull();
    await page.goto('/en/account/sessions');
    await expect(sessionItems(page)).toHaveCount(2);
    await page.getByRole('button', { name: t.endOthers }).click();
    await expect(page).toHaveURL('/en/account/sessions?status=ended-others');
    await expect(sessionItems(page)).toHaveCount(1);
    expect((await elsewhere.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });
});

test('adding an authenticator app offers to end the other sessions (ASVS 7.4.3)', async ({ browser }) => {
  const { sessions: t, twoFactor } = messages('en');
  const user = await createConfirmedUser();
  // A user with an app already: both browsers sign in with it (aal2), so adding a second app ends no session
  // by itself (GoTrue ends only aal1 sessions when a factor is verified).
  const [app] = await enrollFactors(user.email, user.password, ['First phone']);
  const chrome = await browserAs(browser, chromeWindows);
  const firefox = await browserAs(browser, firefoxLinux);
  for (const { page } of [firefox, chrome]) {
    await signInWithPassword(page, user.email, user.password);
    await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
    await page.getByLabel(twoFactor.code).fill(await app!.freshCode());
    await page.getByRole('button', { name: twoFactor.verifySubmit }).click();
    await expect(page).toHaveURL('/en/account');
  }

  const page = chrome.page;
  const section = page.locator('section[aria-labelledby="two-factor-title"]');
  await section.getByLabel(twoFactor.enrollName).fill('Second phone');
  await section.getByRole('button', { name: twoFactor.enrollStart }).click();
  const secret = (await section.getByTestId('two-factor-secret').textContent()) ?? '';
  await section.getByLabel(twoFactor.confirmCode).fill(await new Authenticator(secret).freshCode());
  await section.getByRole('button', { name: twoFactor.confirmSubmit }).click();
  await expect(section.getByRole('status').filter({ hasText: twoFactor.enabled })).toBeVisible();
  const offer = section.getByTestId('end-sessions-offer');
  await expect(offer).toContainText(t.offerSecondFactor);
  await expectNoAxeViolations(page);
  // The other browser is still signed in until the user takes the offer.
  await firefox.page.goto('/en/account');
  await expect(firefox.page).toHaveURL('/en/account');

  await offer.getByRole('button', { name: t.endOthers }).click();
  await expect(page).toHaveURL('/en/account/sessions?status=ended-others');
  await expect(sessionItems(page)).toHaveCount(1);
  await expect(sessionItems(page).first()).toContainText(t.aal2);
  await expectSignedOut(firefox.page, 'en');
  await chrome.context.close();
  await firefox.context.close();
});
