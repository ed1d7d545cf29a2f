import { createClient } from '@supabase/supabase-js';
import { type Browser, expect, type Page, test } from '../support/test';
import { createConfirmedUser, findUser, signInWithPassword } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';
import { secretKey, supabaseUrl } from '../support/test-env';

// The notes example, end to end against the production build and the local Data API.

function admin() {
  return createClient(supabaseUrl, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** Setup only: notes written straight into the table for a user (the service role passes row-level security). */
async function seedNotes(userId: string, rows: { title: string; body?: string }[]) {
  const ids: string[] = [];
  // One at a time, so their created_at keeps the order given.
  for (const row of rows) {
    const { data, error } = await admin()
      .from('notes')
      .insert({ user_id: userId, body: '', ...row })
      .select('id')
      .single();
    if (error) throw error;
    ids.push(data.id);
  }
  return ids;
}

async function noteRow(id: string) {
  const { data } = await admin()
    .from('notes')
    .select('title, body, user_id, updated_at')
    .eq('id', id)
    .maybeSingle();
  return data;
}

/**
 * The localized not-found page, never indexed. Its status is 200: the notes are read after the page's static shell
 * has gone out (Partial Prerendering), and Next cannot change the status once streaming started (its docs,
 * "Status codes" under loading.js); never 403 or 500.
 */
async function expectNotFound(page: Page, path: string, heading: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  await expect(page.locator('meta[name="robots"][content*="noindex"]').first()).toBeAttached();
}

/** A form field by its label; Next keeps the previous page's tree in the DOM, hidden, so only visible ones count. */
function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).filter({ visible: true });
}

/** Hydrated: the edit form's hidden time zone is filled in by the browser. */
async function hydrated(page: Page) {
  await expect(page.locator('input[name="timeZone"]')).not.toHaveValue('');
}

async function signedIn(page: Page, locale = 'en') {
  const user = await createConfirmedUser({ locale });
  await signInWithPassword(page, user.email, user.password, { locale });
  return user;
}

const text = {
  en: {
    newNote: 'Write a note',
    title: 'Title',
    body: 'Note',
    create: 'Save note',
    save: 'Save changes',
    created: 'Your note has been saved.',
    saved: 'Your changes have been saved.',
    deleteSummary: 'Delete this note',
    deleteSubmit: 'Delete permanently',
    deleted: 'The note has been deleted.',
    one: '1 note',
    twentyThree: '23 notes',
    search: 'Search',
    required: 'Please fill in this field.',
    notFound: 'Page not found',
    now: 'now',
    editTitle: 'Edit note',
    keepMine: 'Keep my version',
    takeOther: 'Take the other version',
    copyOther: 'Copy the other version',
  },
  ar: {
    newNote: 'إنشاء ملاحظة',
    title: 'العنوان',
    body: 'الملاحظة',
    create: 'حفظ الملاحظة',
    save: 'حفظ التغييرات',
    created: 'حُفظت ملاحظتك.',
    saved: 'حُفظت تغييراتك.',
    deleteSummary: 'حذف هذه الملاحظة',
    deleteSubmit: 'تأكيد الحذف',
    deleted: 'حُذفت الملاحظة.',
    one: 'ملاحظة واحدة',
    twentyThree: '23 ملاحظة',
    search: 'بحث',
    required: 'يُرجى ملء هذا الحقل.',
    notFound: 'الصفحة غير موجودة',
    now: 'الآن',
    editTitle: 'تعديل الملاحظة',
    keepMine: 'الاحتفاظ بنسختي',
    takeOther: 'اعتماد النسخة الأخرى',
    copyOther: 'نسخ النسخة الأخرى',
  },
} as const;

for (const locale of ['en', 'ar'] as const) {
  const words = text[locale];

  test(`${locale}: create, list, open, edit and delete a note, axe clean on each page`, async ({ page }) => {
    await signedIn(page, locale);
    const list = await page.goto(`/${locale}/notes`);
    expect(list?.headers()['cache-control']).toContain('no-store');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: words.newNote }).click();
    await expect(page).toHaveURL(`/${locale}/notes/new`);
    await expectNoAxeViolations(page);
    // Refused in the browser first, and what was typed stays.
    await field(page, words.body).fill('Body without a title');
    await page.getByRole('button', { name: words.create }).click();
    await expect(page.locator('#note-title-error')).toBeVisible();
    await expect(field(page, words.body)).toHaveValue('Body without a title');

    // A title in the other script than the interface's.
    const title = locale === 'en' ? 'قائمة التسوق' : 'Shopping list';
    await field(page, words.title).fill(title);
    await page.getByRole('button', { name: words.create }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/notes/[0-9a-f-]{36}\\?saved=created$`));
    await expect(page.getByRole('status').filter({ hasText: words.created })).toBeVisible();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(title);
    await expect(heading).toHaveAttribute('dir', 'auto');
    await expect(page.getByTestId('note-body')).toHaveAttribute('dir', 'auto');
    // The edit form is headed by what it is for, not by its button's label.
    await expect(page.getByRole('heading', { level: 2, name: words.editTitle })).toBeVisible();
    await expectNoAxeViolations(page);
    const id = page.url().split('/notes/')[1]!.split('?')[0]!;

    await field(page, words.title).fill(`${title} 2`);
    await field(page, words.body).fill('milk\neggs');
    await page.getByRole('button', { name: words.save }).click();
    await expect(page).toHaveURL(`/${locale}/notes/${id}?saved=changed`);
    await expect(page.getByRole('status').filter({ hasText: words.saved })).toBeVisible();
    await expect(heading).toHaveText(`${title} 2`);
    await expect(page.getByTestId('note-body')).toHaveText('milk\neggs');
    expect(await noteRow(id)).toMatchObject({ title: `${title} 2`, body: 'milk\neggs' });

    await page.getByRole('link', { name: locale === 'en' ? 'All notes' : 'كل الملاحظات' }).click();
    await expect(page.getByTestId('notes-count')).toHaveText(words.one);
    const item = page.getByTestId('notes-list').getByRole('link');
    await expect(item).toHaveText(`${title} 2`);
    await expect(item.locator('bdi')).toHaveAttribute('dir', 'auto');
    await item.click();

    await page.getByText(words.deleteSummary).click();
    await page.getByRole('button', { name: words.deleteSubmit }).click();
    await expect(page).toHaveURL(`/${locale}/notes?deleted=1`);
    await expect(page.getByRole('status').filter({ hasText: words.deleted })).toBeVisible();
    expect(await noteRow(id)).toBeNull();
    await expect(page.getByTestId('notes-list')).toHaveCount(0);
  });

  test(`${locale}: 20 notes a page, next and previous, and search`, async ({ page }) => {
    const user = await signedIn(page, locale);
    await seedNotes(
      user.id,
      Array.from({ length: 23 }, (_, index) => ({
        title: `Note ${String(index + 1).padStart(2, '0')}`,
        body: index === 4 ? 'Remember the 50% discount' : '',
      })),
    );
    await page.goto(`/${locale}/notes`);
    await expect(page.getByTestId('notes-count')).toHaveText(words.twentyThree);
    const titles = page.getByTestId('notes-list').getByRole('link');
    await expect(titles).toHaveCount(20);
    await expect(titles.first()).toHaveText('Note 23');
    const pages = page.getByRole('navigation', { name: locale === 'en' ? 'Pages' : 'الصفحات' });
    await pages.getByRole('link', { name: locale === 'en' ? 'Next page' : 'الصفحة التالية' }).click();
    await expect(page).toHaveURL(`/${locale}/notes?page=2`);
    await expect(titles).toHaveText(['Note 03', 'Note 02', 'Note 01']);
    await expectNoAxeViolations(page);
    await pages.getByRole('link', { name: locale === 'en' ? 'Previous page' : 'الصفحة السابقة' }).click();
    await expect(page).toHaveURL(`/${locale}/notes`);
    await expect(titles).toHaveCount(20);

    await page.getByRole('searchbox').fill('50%');
    await page.getByRole('button', { name: words.search, exact: true }).click();
    await expect(page).toHaveURL(`/${locale}/notes?q=50%25`);
    await expect(titles).toHaveText(['Note 05']);
    await expect(page.getByTestId('notes-count').locator('bdi')).toHaveText('50%');

    // A page past the end is not found; a malformed page number is the first page.
    await expectNotFound(page, `/${locale}/notes?page=9`, words.notFound);
    await page.goto(`/${locale}/notes?page=abc`);
    await expect(titles).toHaveCount(20);
  });

  test(`${locale}: a note changed elsewhere is not overwritten; the other version shows beside the text, to keep, take or copy`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const user = await signedIn(page, locale);
    const [id] = await seedNotes(user.id, [{ title: 'Shared', body: 'first' }]);
    await page.goto(`/${locale}/notes/${id}`);
    await hydrated(page);
    // Meanwhile, another device saves the note.
    await admin().from('notes').update({ title: 'Shared list', body: 'from the other device' }).eq('id', id!);
    await field(page, words.body).fill('mine');
    await page.getByRole('button', { name: words.save }).click();
    const message = page.getByTestId('form-message');
    await expect(message).toBeVisible();
    await expect(message).toContainText(locale === 'en' ? 'changed elsewhere' : 'في مكان آخر');
    // No date-times in the message: the other version's moment is said once, relative to now, beside it.
    await expect(message).not.toContainText(/\d{1,2}:\d{2}/);
    const other = page.getByTestId('note-other-version');
    await expect(other.getByTestId('note-other-title')).toHaveText('Shared list');
    await expect(other.getByTestId('note-other-body')).toHaveText('from the other device');
    await expect(other.locator('time')).toHaveText(words.now);
    await expect(field(page, words.body)).toHaveValue('mine');
    // The page behind the form no longer shows the version the user opened.
    await expect(page.getByTestId('note-body')).toHaveText('from the other device');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shared list');
    expect(await noteRow(id!)).toMatchObject({ body: 'from the other device' });
    await expectNoAxeViolations(page);

    await other.getByRole('button', { name: words.copyOther }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'Shared list\n\nfrom the other device',
    );

    // Taking the other version fills the form with it; the panel goes.
    await other.getByRole('link', { name: words.takeOther }).click();
    await expect(other).toHaveCount(0);
    await expect(message).toHaveCount(0);
    await expect(field(page, words.body)).toHaveValue('from the other device');
    await expect(page).toHaveURL(`/${locale}/notes/${id}`);

    // Changed elsewhere again: this time the user keeps theirs, knowingly replacing the other version.
    await admin().from('notes').update({ body: 'third version' }).eq('id', id!);
    await field(page, words.body).fill('mine after all');
    await page.getByRole('button', { name: words.save }).click();
    await expect(other.getByTestId('note-other-body')).toHaveText('third version');
    await page.getByRole('button', { name: words.keepMine }).click();
    await expect(page).toHaveURL(`/${locale}/notes/${id}?saved=changed`);
    expect(await noteRow(id!)).toMatchObject({ body: 'mine after all' });
  });
}

test('a note with lines in two directions shows each in its own, as the editor does', async ({ page }) => {
  const user = await signedIn(page);
  const [id] = await seedNotes(user.id, [{ title: 'Mixed', body: 'Shopping list\nقائمة التسوق' }]);
  await page.goto(`/en/notes/${id}`);
  const lines = await page.getByTestId('note-body').evaluate((element) => {
    const text = element.firstChild!;
    const box = element.getBoundingClientRect();
    const line = (from: number, to: number) => {
      const range = document.createRange();
      range.setStart(text, from);
      range.setEnd(text, to);
      const rect = range.getBoundingClientRect();
      return { startGap: rect.left - box.left, endGap: box.right - rect.right };
    };
    const breakAt = text.textContent!.indexOf('\n');
    return { latin: line(0, breakAt), arabic: line(breakAt + 1, text.textContent!.length) };
  });
  // The English line starts at the left edge, the Arabic one at the right.
  expect(lines.latin.startGap).toBeLessThan(2);
  expect(lines.arabic.endGap).toBeLessThan(2);
  expect(lines.arabic.startGap).toBeGreaterThan(20);
  for (const element of [page.getByTestId('note-body'), field(page, 'Note')])
    expect(await element.evaluate((node) => getComputedStyle(node).unicodeBidi)).toBe('plaintext');
});

test('the edit shows at once (useOptimistic) while the server saves', async ({ page }) => {
  const user = await signedIn(page);
  const [id] = await seedNotes(user.id, [{ title: 'Before', body: 'old' }]);
  await page.goto(`/en/notes/${id}`);
  await hydrated(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/en/notes/${id}`, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await field(page, 'Title').fill('After');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('After');
  await expect(page.getByTestId('note-updated')).toHaveText('Saving…');
  expect(await noteRow(id!)).toMatchObject({ title: 'Before' });
  release();
  await expect(page).toHaveURL(`/en/notes/${id}?saved=changed`);
  await expect(page.getByTestId('note-updated')).not.toHaveText('Saving…');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['en', 'ar'] as const) {
    const words = text[locale];
    test(`${locale}: create (errors keep the text), edit, changed elsewhere and delete`, async ({ page }) => {
      await signedIn(page, locale);
      await page.goto(`/${locale}/notes/new`);
      await field(page, words.body).fill('typed without a title');
      await page.getByRole('button', { name: words.create }).click();
      await expect(page.locator('#note-title-error')).toHaveText(words.required);
      await expect(field(page, words.body)).toHaveValue('typed without a title');
      await field(page, words.title).fill('No script');
      await page.getByRole('button', { name: words.create }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/notes/[0-9a-f-]{36}\\?saved=created$`));
      const id = page.url().split('/notes/')[1]!.split('?')[0]!;

      await field(page, words.body).fill('edited');
      await page.getByRole('button', { name: words.save }).click();
      await expect(page).toHaveURL(`/${locale}/notes/${id}?saved=changed`);
      await expect(page.getByTestId('note-body')).toHaveText('edited');

      await admin().from('notes').update({ body: 'elsewhere' }).eq('id', id);
      // Near the 10,000-character limit, in a script that takes three bytes a character in UTF-8.
      const long = 'ملاحظة طويلة '.repeat(760);
      await field(page, words.body).fill(long);
      await page.getByRole('button', { name: words.save }).click();
      await expect(page.getByTestId('form-message')).toBeVisible();
      await expect(field(page, words.body)).toHaveValue(long);
      expect(await noteRow(id)).toMatchObject({ body: 'elsewhere' });
      // The other version beside the text, and behind the form; the copy button needs JavaScript, the text does not.
      const other = page.getByTestId('note-other-version');
      await expect(other.getByTestId('note-other-body')).toHaveText('elsewhere');
      await expect(other.locator('time')).toHaveText(words.now);
      await expect(page.getByTestId('note-body')).toHaveText('elsewhere');
      await expect(other.getByRole('button', { name: words.copyOther })).toHaveCount(0);
      // Taking it opens the note again, its form on the saved version.
      await other.getByRole('link', { name: words.takeOther }).click();
      await expect(page).toHaveURL(`/${locale}/notes/${id}`);
      await expect(field(page, words.body)).toHaveValue('elsewhere');
      await expect(page.getByTestId('note-other-version')).toHaveCount(0);
      // Changed elsewhere once more; keeping the typed text replaces it.
      await admin().from('notes').update({ body: 'elsewhere again' }).eq('id', id);
      await field(page, words.body).fill('kept');
      await page.getByRole('button', { name: words.save }).click();
      await expect(page.getByTestId('note-other-body')).toHaveText('elsewhere again');
      await page.getByRole('button', { name: words.keepMine }).click();
      await expect(page).toHaveURL(`/${locale}/notes/${id}?saved=changed`);
      expect(await noteRow(id)).toMatchObject({ body: 'kept' });

      await page.getByText(words.deleteSummary).click();
      await page.getByRole('button', { name: words.deleteSubmit }).click();
      await expect(page).toHaveURL(`/${locale}/notes?deleted=1`);
      expect(await noteRow(id)).toBeNull();
    });
  }
});

async function secondUser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signedIn(page);
  return { context, page, user };
}

test('another user cannot open, edit or delete a note: by URL, or by a forged action post', async ({
  page,
  browser,
}) => {
  const owner = await signedIn(page);
  const [id] = await seedNotes(owner.id, [{ title: 'Owner only', body: 'secret' }]);
  const before = await noteRow(id!);
  const other = await secondUser(browser);

  // The localized not-found page, as for a note that does not exist (status 200: see expectNotFound).
  await expectNotFound(other.page, `/en/notes/${id}`, 'Page not found');
  await expect(other.page.locator('main')).not.toContainText('secret');
  // A malformed id and a deleted one answer the same, never a 500.
  for (const bad of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '%27%20or%201%3D1'])
    await expectNotFound(other.page, `/en/notes/${bad}`, 'Page not found');

  // The second user's own note page, with its forms pointed at the owner's note.
  const [own] = await seedNotes(other.user.id, [{ title: 'Mine', body: 'mine' }]);
  await other.page.goto(`/en/notes/${own}`);
  await hydrated(other.page);
  // React puts its own value back on each render, so the id is forged right before each post.
  const forgeId = () =>
    other.page.locator('input[name="id"]').evaluateAll((inputs, target) => {
      for (const input of inputs) (input as HTMLInputElement).value = target;
    }, id!);
  await forgeId();
  await field(other.page, 'Title').fill('Taken over');
  await other.page.getByRole('button', { name: 'Save changes' }).click();
  await expect(other.page.getByTestId('form-message')).toHaveText(
    'This note no longer exists. It may have been deleted.',
  );
  await other.page.getByText('Delete this note').click();
  await forgeId();
  await other.page.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(other.page.getByTestId('form-message').last()).toHaveText(
    'This note no longer exists. It may have been deleted.',
  );
  expect(await noteRow(id!)).toEqual(before);
  await other.context.close();
});

test('a session ended elsewhere goes to sign-in and comes back to the notes', async ({ page, browser }) => {
  const user = await signedIn(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInWithPassword(otherPage, user.email, user.password);
  await otherPage.goto('/en/account');
  await otherPage.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(otherPage).toHaveURL('/en/sign-in?status=signed-out-everywhere');
  await other.close();

  await page.goto('/en/notes');
  await expect(page).toHaveURL('/en/sign-in?next=%2Fnotes&status=session-ended');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page).toHaveURL('/en/notes');
});

test('deleting the account deletes its notes', async ({ page }) => {
  const user = await signedIn(page);
  const ids = await seedNotes(user.id, [{ title: 'One' }, { title: 'Two' }]);
  await page.goto('/en/account');
  await page.locator('#delete-confirmation').fill('delete');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/en/sign-in?status=account-deleted');
  expect(await findUser(user.id)).toBeNull();
  for (const id of ids) expect(await noteRow(id)).toBeNull();
});

test('the user menu and the home page link to the notes for signed-in users', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByRole('link', { name: 'Open your notes' })).toBeHidden();
  await signedIn(page);
  await page.goto('/en');
  await page.getByRole('link', { name: 'Open your notes' }).click();
  await expect(page).toHaveURL('/en/notes');
  await page.getByTestId('user-menu-trigger').filter({ visible: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Notes' })).toBeVisible();
});
