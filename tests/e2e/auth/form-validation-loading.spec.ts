import { expect, type Page, type Response, test } from '../support/test';
import { presetConsent } from '../support/consent';
import { submitSignInWithoutPassword } from '../support/sign-in-form';

// Every zod schema is an instance of a class registered under this name; no other code contains it.
const zodMarker = '$ZodObject';

test.beforeEach(async ({ context }) => {
  await presetConsent(context, false);
});

/** Bodies of the scripts the page has loaded so far, collected as they arrive. */
function collectScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.text().then(
      (body) => bodies.push(body),
      () => undefined,
    );
  });
  return bodies;
}

test('form pages start without zod; it loads on focus and then checks in the browser', async ({ page }) => {
  const scripts = collectScripts(page);
  // Posts of the form's values (the page itself asks the server for passkey options for the email field's
  // autofill as it loads: that post carries no field of this form).
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.postData()?.includes('not-an-email'))
      posts.push(request.url());
  });
  await page.goto('/en/sign-in');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((body) => body.includes(zodMarker)).length, 'scripts with zod in them at load').toBe(
    0,
  );

  const form = page.locator('form:has(input[name="password"])');
  await form.locator('input[name="email"]').focus();
  await expect.poll(() => scripts.some((body) => body.includes(zodMarker))).toBe(true);

  await form.locator('input[name="email"]').fill('not-an-email');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByText('Please enter an email address like name@example.com.')).toBeVisible();
  await expect(page.getByText('Please fill in this field.')).toBeVisible();
  await expect(form.locator('input[name="email"]')).toBeFocused();
  expect(posts).toEqual([]);
});

test('a submit before the checks have loaded gets the same answer from the server', async ({ page }) => {
  // Hold the schema chunk back: the form must still answer, from the server, in the same words.
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(zodMarker)) return route.abort();
    return route.fulfill({ response, body });
  });
  const form = await submitSignInWithoutPassword(page);

  // A later focus tries again and, once the chunk is back, the browser checks by itself.
  // A chunk request still in the handler when it goes would fail with "Route is already handled": ignore those.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const scripts = collectScripts(page);
  // Posts of the form's values (not the passkey autofill's request for options, which may still be under way).
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.postData()?.includes('still-not-an-email'))
      posts.push(request.url());
  });
  await form.locator('input[name="email"]').fill('still-not-an-email');
  // Focus again until the schema chunk has come back: a focus while the aborted load is still settling starts
  // nothing, and a submit before the schema is there rightly goes to the server.
  await expect
    .poll(async () => {
      await form.locator('input[name="password"]').focus();
      await form.locator('input[name="email"]').focus();
      return scripts.some((body) => body.includes(zodMarker));
    })
    .toBe(true);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByText('Please enter an email address like name@example.com.')).toBeVisible();
  expect(posts).toEqual([]);
});
