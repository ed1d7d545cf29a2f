import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';

const navName = { en: 'Account sections', ar: 'أقسام الحساب' } as const;
const sectionIds = [
  'profile',
  'picture',
  'email',
  'password',
  'passkeys',
  'two-factor',
  'sessions',
  'delete',
];
const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const locale of ['en', 'ar'] as const) {
  for (const viewport of viewports) {
    test(`${locale} at ${viewport.width}×${viewport.height}: the account page lists its sections, each card has one primary button, axe is clean`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const user = await createConfirmedUser();
      await signInWithPassword(page, user.email, user.password, { locale });
      await page.goto(`/${locale}/account`);

      const nav = page.getByRole('navigation', { name: navName[locale] });
      const cards = page.locator('main section[id]');
      expect(await cards.evaluateAll((sections) => sections.map((section) => section.id))).toEqual(
        sectionIds,
      );
      expect(
        await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(sectionIds.map((id) => `#${id}`));

      const navBox = (await nav.boundingBox())!;
      const firstCard = (await page.locator('#profile').boundingBox())!;
      if (viewport.width >= 1024) {
        // Beside the cards, on the side a reader starts from.
        if (locale === 'ar') expect(navBox.x).toBeGreaterThanOrEqual(firstCard.x + firstCard.width);
        else expect(navBox.x + navBox.width).toBeLessThanOrEqual(firstCard.x);
      } else {
        expect(navBox.y + navBox.height).toBeLessThanOrEqual(firstCard.y);
      }

      // From the keyboard: a link moves focus into its section, and the heading clears the sticky header.
      for (const id of ['sessions', 'password', 'delete']) {
        await nav.locator(`a[href="#${id}"]`).focus();
        await page.keyboard.press('Enter');
        const section = page.locator(`#${id}`);
        await expect(section).toBeFocused();
        await expect(section.getByRole('heading', { level: 2 })).toBeInViewport();
        const header = (await page.locator('header').first().boundingBox())!;
        const heading = (await section.getByRole('heading', { level: 2 }).boundingBox())!;
        expect(heading.y).toBeGreaterThanOrEqual(header.y + header.height);
        if (viewport.width >= 1024) await expect(nav).toBeInViewport();
      }

      for (const id of sectionIds) {
        const primaries = page.locator(`#${id} [data-slot="button"][data-variant="default"]`);
        expect(await primaries.count(), `solid primary buttons in #${id}`).toBeLessThanOrEqual(1);
      }
      await expectNoAxeViolations(page);
    });
  }
}
