import { type BrowserContext, expect, type Page, type Request, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { presetConsent } from '../support/consent';
import { layoutShifts, recordLayoutShifts } from '../support/layout-shifts';
import { appUrl, supabaseUrl } from '../support/test-env';

// Our own origins: the app and its auth backend. Anything else is a third party.
const ownOrigins = new Set([new URL(appUrl).origin, new URL(supabaseUrl).origin]);
const gtmStub =
  "window.__gtmStubLoaded = true; (window.dataLayer = window.dataLayer || []).push({ event: 'gtm.stub' });";

/** Context-wide, so requests made by the service worker count too. */
function recordThirdPartyRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request: Request) => {
    const url = request.url();
    if (/^https?:/.test(url) && !ownOrigins.has(new URL(url).origin)) seen.push(url);
  });
  return seen;
}

async function stubGtm(context: BrowserContext): Promise<void> {
  await context.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: gtmStub }),
  );
}

const banner = (page: Page) => page.getByRole('region', { name: /Your privacy|خصوصيتك/ });

test('before any choice: a banner, Consent Mode defaults denied, zero third-party requests', async ({
  page,
  context,
}) => {
  const thirdParty = recordThirdPartyRequests(context);
  await stubGtm(context);
  await page.goto('/en');
  await expect(banner(page)).toBeVisible();
  const consentCommands = await page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
  expect(consentCommands[0]).toEqual([
    'consent',
    'default',
    {
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      wait_for_update: 500,
    },
  ]);
  await page.goto('/de');
  await page.waitForLoadState('networkidle');
  expect(thirdParty).toEqual([]);
});

test('accepting grants measurement and loads the tag', async ({ page, context }) => {
  const thirdParty = recordThirdPartyRequests(context);
  await stubGtm(context);
  await page.goto('/en');
  expect(thirdParty).toEqual([]);
  const gtmRequest = page.waitForRequest(/googletagmanager\.com\/gtm\.js\?id=GTM-TEST/);
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await gtmRequest;
  await expect
    .poll(() => page.evaluate(() => (window as { __gtmStubLoaded?: boolean }).__gtmStubLoaded))
    .toBe(true);
  const update = await page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .find((args) => args[1] === 'update'),
  );
  expect(update).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
  await expect(banner(page)).toHaveCount(0);
  // Vercel's scripts exist only on Vercel deployments (NEXT_PUBLIC_VERCEL_ENV), even with consent.
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').some((e) => e.name.includes('/_vercel/')),
    ),
  ).toBe(false);
  // Remembered: the next visit loads the tag without asking again.
  await page.reload();
  await expect(banner(page)).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => (window as { __gtmStubLoaded?: boolean }).__gtmStubLoaded))
    .toBe(true);
});

test('rejecting never loads the tag, on this page or later ones', async ({ page, context }) => {
  const thirdParty = recordThirdPartyRequests(context);
  await stubGtm(context);
  await page.goto('/en');
  await banner(page).getByRole('button', { name: 'Reject' }).click();
  await expect(banner(page)).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'polyglot-consent');
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 60 * 60); // about a year
  for (const path of ['/en', '/ar', '/fr']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await expect(banner(page)).toHaveCount(0);
  expect(thirdParty).toEqual([]);
});

test('rejecting is as easy as accepting: same look, same size, one click', async ({ page }) => {
  await page.goto('/en');
  const accept = banner(page).getByRole('button', { name: 'Accept' });
  const reject = banner(page).getByRole('button', { name: 'Reject' });
  expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
  const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
  expect(r!.height).toBe(a!.height);
});

test('the banner works with the keyboard alone, and the footer reopens the choice', async ({ page }) => {
  await page.goto('/en');
  await expect(banner(page)).toBeVisible();
  const choose = banner(page).getByRole('button', { name: 'Choose' });
  await choose.focus();
  await expect(choose).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Privacy settings' });
  await expect(dialog).toBeVisible();
  const measurement = dialog.getByRole('switch', { name: 'Measurement' });
  await expect(measurement).not.toBeChecked();
  await measurement.focus();
  await page.keyboard.press('Space');
  await expect(measurement).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Save choices' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);

  // Change of mind, from the footer.
  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Privacy settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('switch', { name: 'Measurement' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(settings).toBeFocused();
});

test('the banner is part of the first paint, hidden by CSS once a choice is stored and without JavaScript', async ({
  browser,
  request,
}) => {
  // In the prerendered HTML, not added after hydration: late, it would be the largest paint of short pages.
  expect(await (await request.get('/en/sign-in')).text()).toContain('data-testid="consent-banner"');

  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await withoutScripts.newPage();
  await noJs.goto('/en/sign-in');
  await expect(noJs.getByTestId('consent-banner')).toBeHidden(); // its buttons could not work
  await withoutScripts.close();

  // Visible before any bundle has run (React only adds the behaviour); hidden by the inline script alone
  // once a choice is stored, so it never flashes.
  const undecided = await browser.newContext();
  const first = await undecided.newPage();
  await first.route('**/_next/static/chunks/*.js', (route) => route.abort());
  await first.goto('/en/sign-in');
  await expect(first.getByTestId('consent-banner')).toBeVisible();
  await undecided.close();

  const decided = await browser.newContext();
  await presetConsent(decided, false);
  const page = await decided.newPage();
  await page.route('**/_next/static/chunks/*.js', (route) => route.abort());
  await page.goto('/en/sign-in');
  await expect(page.getByTestId('consent-banner')).toBeHidden();
  await decided.close();
});

test('the banner does not shift the layout', async ({ page }) => {
  // Shifts outside the header: its user menu streams in on its own schedule, which is not the banner's doing
  // and is covered by the header's own tests.
  await recordLayoutShifts(page);
  await page.goto('/en');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(banner(page)).toBeVisible();
  expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  const before = await heading.boundingBox();
  await banner(page).getByRole('button', { name: 'Reject' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await heading.boundingBox()).toEqual(before);
  expect((await layoutShifts(page)).outsideHeader).toBe(0);
});

for (const locale of ['en', 'ar'] as const) {
  test(`the banner and the settings dialog pass axe in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}`);
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await banner(page)
      .getByRole('button', { name: locale === 'en' ? 'Choose' : 'اختيار' })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
