import type { Page } from '@playwright/test';

/** Holds back every request matching `url` by `ms`, as a slow connection would. */
export async function delayRequests(page: Page, url: string, ms: number): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}
