import type { EnginePage } from './page';

// Engine-neutral steps over EnginePage: waiting, finding by visible text, following an emailed link.

/** Polls a check until it returns a truthy value (which it returns), or fails with what it last saw. */
export async function until<T>(
  description: string,
  check: () => Promise<T>,
  { timeout = 10_000 }: { timeout?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      last = await check();
      if (last) return last as NonNullable<T>;
    } catch (error) {
      // A check may run while the page navigates (its context is gone): the next poll sees the new page.
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${description}; last saw ${String(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Waits for the page's path and query to be exactly `expected` (`/en/account`, `/de?ref=x`). */
export async function waitForPath(page: EnginePage, expected: string, timeout?: number): Promise<void> {
  let seen = '';
  const check = async () => {
    const url = await page.url();
    seen = url.pathname + url.search;
    return seen === expected;
  };
  await until(`the URL ${expected}`, check, { timeout }).catch((error: Error) => {
    throw new Error(`${error.message} (at ${seen})`);
  });
}

/** The text of the first element matching the selector ('' when there is none). */
export async function textOf(page: EnginePage, selector: string): Promise<string> {
  return page.evaluate((css: string) => document.querySelector(css)?.textContent ?? '', selector);
}

export async function waitForText(page: EnginePage, selector: string, text: string): Promise<void> {
  await until(`"${text}" in ${selector}`, async () => (await textOf(page, selector)).includes(text));
}

/**
 * Clicks the visible element matching `selector` whose accessible text (aria-label, else its text) includes
 * `text`, with the engine's real click: the element is tagged for a CSS selector first.
 */
export async function clickText(page: EnginePage, selector: string, text: string): Promise<void> {
  const tag = await until(`a visible ${selector} named "${text}"`, () =>
    page.evaluate(
      (css: string, name: string) => {
        const element = [...document.querySelectorAll<HTMLElement>(css)].find(
          (candidate) =>
            (candidate.getAttribute('aria-label') ?? candidate.textContent ?? '').includes(name) &&
            candidate.getClientRects().length > 0,
        );
        if (!element) return null;
        const id = String(Math.random()).slice(2);
        element.setAttribute('data-engine-target', id);
        return id;
      },
      selector,
      text,
    ),
  );
  await page.click(`[data-engine-target="${tag}"]`);
}

/** Waits until React has hydrated the page (a hydrated root element carries React's own keys). */
export async function waitForHydration(page: EnginePage): Promise<void> {
  await until('hydration', () =>
    page.evaluate(() => {
      const body = document.body as unknown as Record<string, unknown>;
      return Object.keys(body).some((key) => key.startsWith('__react'));
    }),
  );
}

/** Opens an emailed link as a person does: a token-hash link shows a "Continue" page whose button verifies it. */
export async function followEmailLink(page: EnginePage, link: string): Promise<void> {
  await page.goto(link);
  if (!(await page.url()).pathname.endsWith('/auth/continue')) return;
  await page.click('main form button[type="submit"]');
  await until(
    'the page after /auth/continue',
    async () => !(await page.url()).pathname.endsWith('/auth/continue'),
  );
}
