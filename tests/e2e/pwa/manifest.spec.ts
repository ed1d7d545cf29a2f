import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '../support/test';
import { appUrl } from '../support/test-env';
import { waitForServiceWorkerControl } from '../support/service-worker';

const locales = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;

test.describe('web app manifest', () => {
  test('each page links the manifest of its language', async ({ page }) => {
    for (const locale of ['en', 'ar']) {
      await page.goto(`/${locale}`);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
        'href',
        `/${locale}/manifest.webmanifest`,
      );
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
        'href',
        '/icons/apple-touch-icon.png',
      );
    }
  });

  test('the English manifest', async ({ request }) => {
    const response = await request.get('/en/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      id: '/en',
      name: 'Polyglot',
      short_name: 'Polyglot',
      lang: 'en',
      dir: 'ltr',
      start_url: '/en',
      scope: '/',
      display: 'standalone',
      theme_color: '#ffffff',
      background_color: '#ffffff',
      user_preferences: { color_scheme: { dark: { theme_color: '#0a0a0a', background_color: '#0a0a0a' } } },
    });
    expect(manifest.description).toMatch(/six languages/);
    expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/en/account', '/en/sign-in']);
    expect(manifest.shortcuts[0].name).toBe('Your account');
    const purposes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(purposes).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
    expect(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor).sort()).toEqual([
      'narrow',
      'wide',
    ]);
  });

  test('the Arabic manifest is right-to-left and translated', async ({ request }) => {
    const manifest = await (await request.get('/ar/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      id: '/ar',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/ar',
      display: 'standalone',
    });
    expect(manifest.description).toMatch(/[\u0600-\u06FF]/);
    expect(manifest.shortcuts[0]).toMatchObject({ name: 'حسابك', url: '/ar/account' });
    expect(manifest.screenshots[0].label).toMatch(/[\u0600-\u06FF]/);
  });

  test('icons and screenshots exist with the sizes the manifest states', async ({ request }) => {
    const manifest = await (await request.get('/ja/manifest.webmanifest')).json();
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const response = await request.get(image.src);
      expect(response.status(), image.src).toBe(200);
      expect(response.headers()['content-type'], image.src).toBe(image.type);
    }
  });

  test('Chromium reports no installability errors in any language', async () => {
    // A persistent profile: Playwright's default contexts are off-the-record, which Chromium
    // reports as an installability error of its own ("in-incognito").
    const profile = mkdtempSync(path.join(tmpdir(), 'polyglot-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: test.info().project.use.launchOptions?.executablePath,
      args: ['--disable-gpu'],
      baseURL: appUrl,
    });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      for (const locale of locales) {
        await page.goto(`/${locale}`);
        await waitForServiceWorkerControl(page);
        const { errors } = await cdp.send('Page.getAppManifest');
        expect(errors, `${locale} manifest parse errors`).toEqual([]);
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        expect(installabilityErrors, locale).toEqual([]);
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
