import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { expect, type Page, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';
import { localServerRequestsDuring } from '../support/local-server-requests';
import { readSessionCookie } from '../support/session-cookie';
import { secretKey, supabaseUrl, usesLocalAuth } from '../support/test-env';

type Words = Record<
  | 'pictureTitle'
  | 'pictureAlt'
  | 'pictureReplace'
  | 'pictureUpload'
  | 'pictureRemove'
  | 'pictureSaved'
  | 'pictureRemoved'
  | 'pictureEmpty'
  | 'pictureTooBig'
  | 'pictureWrongType',
  string
>;
/** The page's words, from the language's own file. */
const words = (locale: string): Words =>
  (JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as { Account: Words }).Account;
/** "5 MB" as the page writes it (next-intl's number format, the locale's digits and unit). */
const maxSize = (locale: string) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte' }).format(5);
const withMax = (text: string, locale: string) => text.replace('{max}', maxSize(locale));

async function picture(color: string, format: 'png' | 'jpeg' | 'webp') {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: color } })
    [format]()
    .toBuffer();
}

async function choose(page: Page, t: Words, name: string, mimeType: string, buffer: Buffer) {
  await page.locator('#avatar-picture').setInputFiles({ name, mimeType, buffer });
  await page.getByRole('button', { name: t.pictureUpload }).click();
}

/** The picture the app serves this browser, at the size the account page asks for. */
async function servedPicture(page: Page) {
  const response = await page.request.get('/api/avatar?size=128');
  return { status: response.status(), type: response.headers()['content-type'], body: await response.body() };
}

for (const locale of ['en', 'ar']) {
  test(`${locale}: set, replace and remove a picture; the menu shows it, then the initials`, async ({
    page,
  }) => {
    const t = words(locale);
    const user = await createConfirmedUser({ displayName: 'Ada Lovelace', locale });
    await signInWithPassword(page, user.email, user.password, { locale, next: `/${locale}/account` });
    await page.goto(`/${locale}/account#picture`);
    const section = page.locator('section#picture');
    await expect(section.getByRole('heading', { name: t.pictureTitle })).toBeVisible();
    // No picture yet: the initials, and no remove button.
    await expect(section.getByText('AL', { exact: true })).toBeVisible();
    await expect(section.getByRole('button', { name: t.pictureRemove })).toHaveCount(0);
    await expect(page.getByTestId('user-menu-trigger').getByText('AL', { exact: true })).toBeVisible();
    expect((await servedPicture(page)).status).toBe(404);
    await expectNoAxeViolations(page);

    await choose(page, t, 'red.png', 'image/png', await picture('#d00', 'png'));
    await expect(page).toHaveURL(new RegExp(`/${locale}/account\\?updated=picture`));
    await expect(page.locator('main [role="status"]').first()).toHaveText(t.pictureSaved);
    const shown = section.getByRole('img', { name: t.pictureAlt });
    await expect(shown).toBeVisible();
    // Resized by Storage: 128 CSS pixels at twice the density, cropped square.
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(256);
    const first = await servedPicture(page);
    expect(first.status).toBe(200);
    const firstPixel = await sharp(first.body).raw().toBuffer();
    expect([...firstPixel.subarray(0, 3)]).toEqual([221, 0, 0]);

    // The header's menu button shows it too, on a static page, small.
    await page.goto(`/${locale}`);
    const menuPicture = page.getByTestId('user-menu-trigger').getByTestId('avatar-image');
    await expect(menuPicture).toBeVisible();
    await expect.poll(() => menuPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await expectNoAxeViolations(page);
    // Its version comes with the session hint and its address is cached per version: another public page, picture
    // and all, asks the local server (auth or storage) nothing.
    if (usesLocalAuth)
      expect(
        await localServerRequestsDuring(async () => {
          await page.goto(`/${locale}/forgot-password`);
          await expect
            .poll(() => menuPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
            .toBe(64);
        }),
      ).toBe(0);

    await page.goto(`/${locale}/account#picture`);
    await expect(section.getByText(t.pictureReplace)).toBeVisible();
    await choose(page, t, 'blue.jpg', 'image/jpeg', await picture('#00c', 'jpeg'));
    await expect(page.locator('main [role="status"]').first()).toHaveText(t.pictureSaved);
    const replaced = await servedPicture(page);
    expect(replaced.status).toBe(200);
    const [r, g, b] = await sharp(replaced.body).raw().toBuffer();
    expect(b).toBeGreaterThan(150);
    expect(r! + g!).toBeLessThan(60);
    await expect
      .poll(() =>
        section
          .getByRole('img', { name: t.pictureAlt })
          .evaluate((img: HTMLImageElement) => new URL(img.currentSrc).searchParams.get('v')),
      )
      .not.toBeNull();
    await expectNoAxeViolations(page);

    await section.getByRole('button', { name: t.pictureRemove }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/account\\?updated=pictureRemoved`));
    await expect(page.locator('main [role="status"]').first()).toHaveText(t.pictureRemoved);
    await expect(section.getByRole('img', { name: t.pictureAlt })).toHaveCount(0);
    await expect(section.getByText('AL', { exact: true })).toBeVisible();
    expect((await servedPicture(page)).status).toBe(404);
    await page.goto(`/${locale}`);
    await expect(page.getByTestId('user-menu-trigger').getByText('AL', { exact: true })).toBeVisible();
    await expect(page.getByTestId('user-menu-trigger').getByTestId('avatar-image')).toHaveCount(0);
  });

  test(`${locale}: too big, wrong type and nothing chosen are refused in the page's language`, async ({
    page,
  }) => {
    const t = words(locale);
    const user = await createConfirmedUser({ locale });
    await signInWithPassword(page, user.email, user.password, { locale, next: `/${locale}/account` });
    await page.goto(`/${locale}/account#picture`);
    const section = page.locator('section#picture');
    const alert = section.getByRole('alert');

    await page.getByRole('button', { name: t.pictureUpload }).click();
    await expect(alert).toHaveText(t.pictureEmpty);

    await choose(page, t, 'big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    await expect(alert).toHaveText(withMax(t.pictureTooBig, locale));

    await choose(page, t, 'notes.txt', 'text/plain', Buffer.from('not a picture'));
    await expect(alert).toHaveText(t.pictureWrongType);

    // Named and typed as a picture, but not one: the server reads the bytes and refuses it.
    await choose(page, t, 'page.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    await expect(alert).toHaveText(t.pictureWrongType);
    await expect(section.locator('#avatar-picture')).toBeVisible();
    expect((await servedPicture(page)).status).toBe(404);
    await expectNoAxeViolations(page);
  });
}

test('another user, or a URL without a valid signature, cannot read a picture', async ({ page, browser }) => {
  const t = words('en');
  const owner = await createConfirmedUser();
  await signInWithPassword(page, owner.email, owner.password, { next: '/en/account' });
  await page.goto('/en/account#picture');
  await choose(page, t, 'me.webp', 'image/webp', await picture('#0a0', 'webp'));
  await expect(page.locator('main [role="status"]').first()).toHaveText(t.pictureSaved);
  expect((await servedPicture(page)).status).toBe(200);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const stranger = await createConfirmedUser();
  await signInWithPassword(otherPage, stranger.email, stranger.password);
  // The app's route serves only the signed-in user's own picture: the stranger has none.
  expect((await otherPage.request.get('/api/avatar')).status()).toBe(404);
  const object = `avatars/${owner.id}/avatar`;
  for (const url of [
    `${supabaseUrl}/storage/v1/object/public/${object}`,
    `${supabaseUrl}/storage/v1/object/authenticated/${object}`,
    `${supabaseUrl}/storage/v1/object/${object}`,
    `${supabaseUrl}/storage/v1/render/image/public/${object}?width=64`,
    `${supabaseUrl}/storage/v1/object/sign/${object}`,
    `${supabaseUrl}/storage/v1/object/sign/${object}?token=not-a-token`,
  ]) {
    const response = await otherPage.request.get(url);
    expect(response.status(), url).toBeGreaterThanOrEqual(400);
    expect(response.headers()['content-type'] ?? '', url).not.toMatch(/^image\//);
  }
  await other.close();

  // Nor anyone signed out, through the app.
  const anonymous = await browser.newContext();
  expect(
    (await anonymous.request.get(`http://localhost:${new URL(page.url()).port}/api/avatar`)).status(),
  ).toBe(401);
  await anonymous.close();
});

test('a session ended elsewhere: the picture leaves the cookies alone, and the next private page goes through session-ended', async ({
  page,
  context,
}) => {
  const t = words('en');
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password, { next: '/en/account' });
  await page.goto('/en/account#picture');
  await choose(page, t, 'me.png', 'image/png', await picture('#d00', 'png'));
  await expect(page.locator('main [role="status"]').first()).toHaveText(t.pictureSaved);
  // Another device signs out everywhere: the session has ended, its access token is still unexpired.
  const session = await readSessionCookie(context);
  const admin = createClient(supabaseUrl, secretKey, { auth: { persistSession: false } });
  expect((await admin.auth.admin.signOut(String(session.access_token), 'global')).error).toBeNull();

  const cookies = await context.cookies();
  const shown = await page.request.get('/api/avatar?size=32&v=any');
  expect(shown.headers()['set-cookie']).toBeUndefined();
  expect(await context.cookies()).toEqual(cookies);
  const next = await page.request.get('/en/account', { maxRedirects: 0 });
  expect(next.status()).toBe(307);
  expect(next.headers().location).toBe('/en/auth/session-ended?next=%2Faccount');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the upload still works, and a refusal still speaks the language', async ({ page }) => {
    const t = words('ar');
    const user = await createConfirmedUser({ locale: 'ar' });
    await signInWithPassword(page, user.email, user.password, { locale: 'ar', next: '/ar/account' });
    await page.goto('/ar/account#picture');
    const section = page.locator('section#picture');

    await choose(page, t, 'big.jpg', 'image/jpeg', Buffer.alloc(5 * 1024 * 1024 + 100, 0xff));
    await expect(section.getByRole('alert')).toHaveText(withMax(t.pictureTooBig, 'ar'));

    await choose(page, t, 'me.png', 'image/png', await picture('#d00', 'png'));
    await expect(page).toHaveURL(/\/ar\/account\?updated=picture/);
    await expect(page.locator('main [role="status"]').first()).toHaveText(t.pictureSaved);
    await expect(section.getByRole('img', { name: t.pictureAlt })).toBeVisible();
    expect((await servedPicture(page)).status).toBe(200);

    await section.getByRole('button', { name: t.pictureRemove }).click();
    await expect(page.locator('main [role="status"]').first()).toHaveText(t.pictureRemoved);
    expect((await servedPicture(page)).status).toBe(404);
  });

  test('a picture too large to post comes back to the page with the reason', async ({ page }) => {
    const t = words('en');
    const user = await createConfirmedUser();
    await signInWithPassword(page, user.email, user.password, { next: '/en/account' });
    await page.goto('/en/account');
    // Over everything the server reads of a post: turned back before the action (middleware.ts).
    await choose(page, t, 'huge.jpg', 'image/jpeg', Buffer.alloc(20_000_000, 0xff));
    await expect(page).toHaveURL('/en/account');
    await expect(page.locator('section#picture').getByRole('alert')).toHaveText(
      withMax(t.pictureTooBig, 'en'),
    );
    expect((await servedPicture(page)).status).toBe(404);
  });
});
