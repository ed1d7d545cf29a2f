import type { Page } from '@playwright/test';

/** Waits two animation frames: style changes made now have been laid out, and events they cause dispatched. */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}
