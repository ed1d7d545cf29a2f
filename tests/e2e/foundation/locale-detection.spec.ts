import { expect, test } from '../support/test';
import { appUrl } from '../support/test-env';

const localeCookie = (value: string) => ({ name: 'NEXT_LOCALE', value, url: appUrl });

test.describe('language detection for unprefixed URLs', () => {
  test('the query parameter beats the cookie, and is dropped from the URL', async ({ context, page }) => {
    await context.addCookies([localeCookie('de')]);
    await page.goto('/?lang=fr&ref=mail');
    await expect(page).toHaveURL(`${appUrl}/fr?ref=mail`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('the cookie beats browser storage', async ({ context, page }) => {
    await context.addCookies([localeCookie('de')]);
    await context.addInitScript(() => window.localStorage.setItem('NEXT_LOCALE', 'ja'));
    await page.goto('/');
    await expect(page).toHaveURL(`${appUrl}/de`);
    // Give a wrongly eager storage sync the chance to navigate away.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(`${appUrl}/de`);
  });

  test('localStorage beats the browser language, once, and restores the cookie', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    await context.addInitScript(() => window.localStorage.setItem('NEXT_LOCALE', 'ja'));
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(`${appUrl}/ja`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const cookies = await context.cookies(appUrl);
    expect(cookies.find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('ja');
    expect(cookies.find((c) => c.name === 'NEXT_LOCALE_DETECTED')).toBeUndefined();
    await context.close();
  });

  test('sessionStorage is consulted when localStorage is empty', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addInitScript(() => window.sessionStorage.setItem('NEXT_LOCALE', 'ar'));
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(`${appUrl}/ar`);
    await context.close();
  });

  test('the browser language beats the default', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-AT' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(`${appUrl}/de`);
    await context.close();
  });

  test('quality values decide between browser languages', async ({ request }) => {
    const response = await request.get('/', {
      headers: { 'Accept-Language': 'it-IT, ja;q=0.4, de-AT;q=0.8, en;q=0.5' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(307);
    expect(response.headers()['location']).toBe('/de');
  });

  test('the default locale when nothing matches', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(`${appUrl}/en`);
    await context.close();
  });

  test('prefixed URLs are never redirected', async ({ request }) => {
    const response = await request.get('/ja', { headers: { 'Accept-Language': 'de' }, maxRedirects: 0 });
    expect(response.status()).toBe(200);
  });
});
