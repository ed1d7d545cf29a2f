import { readdirSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '../support/test';
import { locales } from '@/i18n/locales';
import { findRoute } from '@/lib/routes/route-table';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { enrollFactors } from '../support/authenticator';
import { presetConsent } from '../support/consent';

// No page is wider than a phone, in any language: German and French labels are long, and a button that does not
// wrap pushes the whole page sideways. Every page under app/[locale]/ is visited in all six languages, with what
// the longest states show: a user with an authenticator app and a security key (the code step offers both), open
// <details> on the account page, a note, a team with a pending invitation.

const widths = [320, 390];

/** Page paths under app/[locale]/, as folders name them (`/notes/[id]`), the not-found catch-all left out. */
function pagePaths(dir = 'app/[locale]', prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === 'page.tsx' && !prefix.includes('[...')) found.push(prefix || '/');
    if (entry.isDirectory() && !entry.name.includes('.'))
      found.push(...pagePaths(`${dir}/${entry.name}`, `${prefix}/${entry.name}`));
  }
  return found;
}

/** How far the page reaches past the viewport's inline end or start, and which elements reach there. */
async function overflow(page: Page, width: number) {
  return page.evaluate((viewport) => {
    const wide: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= viewport + 1 && box.left >= -1) continue;
      // Inside a scroller of its own, or clipped away (sr-only text): not part of the page's width.
      let clipped = false;
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      )
        if (getComputedStyle(parent).overflowX !== 'visible') clipped = true;
      if (clipped || getComputedStyle(element).position === 'absolute') continue;
      wide.push(
        `<${element.tagName.toLowerCase()}> ${Math.round(box.left)}…${Math.round(box.right)} "${element.innerText?.slice(0, 40)}"`,
      );
    }
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, width);
}

/** The page at `path` as wide as the viewport? Else what sticks out, for the report. */
async function tooWide(page: Page, path: string, width: number): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await page.waitForLoadState('load');
  // Closed <details> hold forms (remove, delete, replace codes): open them all.
  await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
  const { scrollWidth, wide } = await overflow(page, width);
  return scrollWidth === width && wide.length === 0
    ? []
    : [`${new URL(page.url()).pathname} (${scrollWidth} px): ${wide.slice(-3).join(' | ')}`];
}

/** A user with an authenticator app and a security key, signed in to the code step. */
async function userWithAppAndKey(context: BrowserContext, page: Page) {
  const user = await createConfirmedUser();
  const [app] = await enrollFactors(user.email, user.password, ['Phone']);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await signInWithPassword(page, user.email, user.password);
  await page.locator('input[name="code"]').fill(await app!.freshCode());
  await page.locator('input[name="code"]').press('Enter');
  await expect(page).toHaveURL(/\/en\/account$/);
  const keys = page.locator('section[aria-labelledby="security-keys-title"]');
  const add = keys.getByTestId('security-key-add-form');
  await add.locator('input[name="name"]').fill('YubiKey 5C NFC');
  await add.locator('button[type="submit"]').click();
  await expect(keys.getByTestId('security-key')).toBeVisible();
  // Back to the code step: signed in again with the password alone.
  await context.clearCookies();
  await presetConsent(context, false);
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL(/\/sign-in\/verify/);
  return app!;
}

for (const width of widths) {
  test(`no page is wider than ${width} px, in any language`, async ({ browser }) => {
    test.setTimeout(600_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await presetConsent(context, false);
    const page = await context.newPage();
    const paths = pagePaths();
    expect(paths).toContain('/notes/[id]');
    const byAccess = (levels: string[]) =>
      paths.filter((path) => levels.includes(findRoute(path.replace(/\[\w+\]/g, 'x'))!.access));

    const found: string[] = [];
    const visit = async (levels: string[], ids: Record<string, string> = {}) => {
      for (const locale of locales)
        for (const path of byAccess(levels))
          found.push(
            ...(await tooWide(
              page,
              `/${locale}${
                path === '/'
                  ? ''
                  : path
                      .replace('[id]', ids.id ?? 'x')
                      .replace('[slug]', ids.slug ?? 'x')
                      .replace('[token]', ids.token ?? 'x')
              }`,
              width,
            )),
          );
    };

    // Signed out: the public pages, and the not-found page.
    await visit(['anyone', 'signed-out']);
    for (const locale of locales) found.push(...(await tooWide(page, `/${locale}/no-such-page`, width)));

    // Signed in with the first factor: the code step, offering the app, the key and recovery codes.
    const app = await userWithAppAndKey(context, page);
    await visit(['second-factor']);

    // Fully signed in: the account, sessions and notes pages (one note to show).
    await page.goto('/en/sign-in/verify');
    await page.locator('input[name="code"]').fill(await app.freshCode());
    await page.locator('input[name="code"]').press('Enter');
    await expect(page).toHaveURL(/\/en\/account$/);
    await page.goto('/en/notes/new');
    await page.locator('input[name="title"]').fill('Einkaufsliste für das Wochenende');
    await page.locator('textarea[name="body"]').fill('Brot, Käse, Äpfel');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/en\/notes\/[0-9a-f-]{36}/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    // A team the user owns, with a pending invitation: its page shows every section and row it can.
    const slug = `breite-${id.slice(0, 8)}`;
    await page.goto('/en/teams');
    await page.locator('input[name="name"]').fill('Arbeitsgemeinschaft für Übersetzungsqualität');
    await page.locator('input[name="slug"]').fill(slug);
    await page.getByTestId('team-create-form').locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`/en/teams/${slug}\\?done=created$`));
    await page
      .getByTestId('team-invite-form')
      .locator('input[name="email"]')
      .fill(`sehr.lange.adresse.${id}@example.com`);
    await page.getByTestId('team-invite-form').locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/done=(invited|mailNotSent)$/);
    await visit(['signed-in'], { id, slug });
    await context.close();
    expect(found.join('\n')).toBe('');
  });
}
