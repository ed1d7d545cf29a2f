import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Zero WCAG 2.x A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // After a client-side navigation Next streams the new page's metadata in: wait for its title to land.
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/**
 * The same, for `page` as a browser without JavaScript shows it. axe runs as a script, which such a page cannot run:
 * its document is opened again, at its address, with the same cookies (for its images and styles) and viewport, in
 * a context with JavaScript, but as the markup it has now, without scripts and with its `<noscript>` content shown,
 * as a browser that runs no script shows it. Nothing is asked of the server again, so a one-off answer (a form's
 * message) is still there. `check` runs on that copy first: what must be on it.
 */
export async function expectNoAxeViolationsWithoutJavaScript(
  page: Page,
  check?: (copy: Page) => Promise<void>,
): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('The page has no browser to open a second context in.');
  const address = page.url();
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<\/?noscript>/g, '');
  const context = await browser.newContext({
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  try {
    const copy = await context.newPage();
    await copy.route(
      (url) => url.href === address,
      (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
    );
    await copy.goto(address);
    expect(await copy.locator('script').count()).toBe(0);
    await check?.(copy);
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}
