import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { expect, type Page, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript } from '../support/axe';
import { readSessionCookie } from '../support/session-cookie';
import { publishableKey, secretKey, supabaseUrl } from '../support/test-env';

// The notes example's attachments: attach (with JavaScript straight to Storage through a signed upload URL; without,
// a form post), open and remove files on a personal and a team note; nobody else reads them by URL.

type Words = Record<
  | 'filesHeading'
  | 'filesChoose'
  | 'filesAttach'
  | 'attached'
  | 'fileRemoved'
  | 'fileRemove'
  | 'fileWrongType'
  | 'fileTooBig'
  | 'filesTooBigToSend'
  | 'deleteSummary'
  | 'deleteSubmit',
  string
>;
const words = (locale: string): Words =>
  (JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as { Notes: Words }).Notes;
/** A message with its values filled in as the page shows them: names isolated by Unicode's marks. */
const filled = (text: string, values: Record<string, string>) =>
  text
    .replace(/<bdi>\{(\w+)\}<\/bdi>/g, (_, key: string) => `\u2068${values[key]}\u2069`)
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

const nodeAuth = { persistSession: false, autoRefreshToken: false } as const;
const admin = () => createClient(supabaseUrl, secretKey, { auth: nodeAuth });

async function noteOf(userId: string, title: string, teamId: string | null = null): Promise<string> {
  const { data, error } = await admin()
    .from('notes')
    .insert({ user_id: userId, title, team_id: teamId })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

const png = (color: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function attach(page: Page, t: Words, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByLabel(t.filesChoose).setInputFiles(files);
  await page.getByRole('button', { name: t.filesAttach }).click();
}

const listed = (page: Page) => page.getByTestId('note-file');

async function storedFiles(noteId: string): Promise<string[]> {
  const { data } = await admin().storage.from('note-files').list(noteId);
  return (data ?? []).map((file) => file.name);
}

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: attach an image and a PDF to a personal note, open them, remove one, delete the note`, async ({
    page,
  }) => {
    const t = words(locale);
    const user = await createConfirmedUser({ locale });
    const id = await noteOf(user.id, 'With files');
    await signInWithPassword(page, user.email, user.password, { locale, next: `/${locale}/notes/${id}` });
    await page.goto(`/${locale}/notes/${id}`);
    await expect(page.getByRole('heading', { name: t.filesHeading, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // A wrong type is refused in the page, in the language, before anything is sent.
    await attach(page, t, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expect(page.locator('[data-testid="form-message"][role="alert"]')).toHaveText(
      filled(t.fileWrongType, { name: 'notes.txt' }),
    );
    expect(await storedFiles(id)).toEqual([]);

    // Straight to Storage: the PUT goes to the signed upload URL, not to the app.
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await attach(page, t, [
      { name: 'صورة الشاطئ.png', mimeType: 'image/png', buffer: await png('#0a6') },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    await expect(page.getByRole('status').filter({ hasText: t.attached })).toBeVisible();
    await expect(listed(page)).toHaveCount(2);
    expect(puts).toHaveLength(2);
    for (const url of puts)
      expect(url.startsWith(`${supabaseUrl}/storage/v1/object/upload/sign/note-files/`)).toBe(true);

    const image = listed(page).filter({ hasText: 'صورة الشاطئ.png' });
    await expect(image.locator('bdi[dir="auto"]').first()).toHaveText('صورة الشاطئ.png');
    // The thumbnail, resized by Storage to twice its 64 CSS pixels.
    const thumb = image.locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);
    const opened = await page.request.get((await image.getByRole('link').first().getAttribute('href'))!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/png');
    expect(opened.headers()['x-content-type-options']).toBe('nosniff');
    expect(opened.headers()['cache-control']).toContain('no-store');
    const document = listed(page).filter({ hasText: 'report.pdf' });
    const pdfResponse = await page.request.get(
      (await document.getByRole('link').first().getAttribute('href'))!,
    );
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    expect((await pdfResponse.body()).equals(pdf)).toBe(true);
    await expectNoAxeViolations(page);

    const removeName = t.fileRemove.replace(/<\/?bdi>/g, '').replace('{name}', 'report.pdf');
    await document.getByRole('button', { name: removeName }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/notes/${id}\\?saved=fileRemoved`));
    await expect(listed(page)).toHaveCount(1);
    expect(await storedFiles(id)).toHaveLength(1);

    // Deleting the note takes its files with it.
    await page.getByText(t.deleteSummary).click();
    await page.getByRole('button', { name: t.deleteSubmit }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/notes\\?deleted=1`));
    expect(await storedFiles(id)).toEqual([]);
  });
}

test('a team note’s files: a member attaches, another member opens them, nobody outside reads them by URL', async ({
  page,
  browser,
}) => {
  const t = words('en');
  const owner = await createConfirmedUser();
  const member = await createConfirmedUser();
  const outsider = await createConfirmedUser();
  const ownerClient = createClient(supabaseUrl, publishableKey, { auth: nodeAuth });
  await ownerClient.auth.signInWithPassword({ email: owner.email, password: owner.password });
  const team = await ownerClient.rpc('create_team', {
    p_slug: `files-${Math.random().toString(36).slice(2, 10)}`,
    p_name: 'Files team',
  });
  expect(team.error).toBeNull();
  const teamId = (team.data as { id: string }).id;
  expect(
    (await admin().from('team_members').insert({ team_id: teamId, user_id: member.id, role: 'member' }))
      .error,
  ).toBeNull();
  const id = await noteOf(member.id, 'Team plan', teamId);

  await signInWithPassword(page, member.email, member.password, { next: `/en/notes/${id}` });
  await page.goto(`/en/notes/${id}`);
  await attach(page, t, [{ name: 'plan.png', mimeType: 'image/png', buffer: await png('#36c') }]);
  await expect(listed(page)).toHaveCount(1);
  const href = (await listed(page).getByRole('link').first().getAttribute('href'))!;
  const [path] = await storedFiles(id).then((names) => names.map((name) => `${id}/${name}`));

  // The owner, a member of the team, opens it.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInWithPassword(ownerPage, owner.email, owner.password, { next: `/en/notes/${id}` });
  await ownerPage.goto(`/en/notes/${id}`);
  await expect(listed(ownerPage)).toHaveCount(1);
  expect((await ownerPage.request.get(href)).status()).toBe(200);
  await ownerContext.close();

  // Someone outside the team: not through the app, not straight from Storage with their own token.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signInWithPassword(otherPage, outsider.email, outsider.password);
  const response = await otherPage.request.get(href);
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type'] ?? '').not.toMatch(/^image\//);
  const token = String((await readSessionCookie(otherContext)).access_token);
  const object = `note-files/${path}`;
  for (const url of [
    `${supabaseUrl}/storage/v1/object/authenticated/${object}`,
    `${supabaseUrl}/storage/v1/object/public/${object}`,
    `${supabaseUrl}/storage/v1/render/image/authenticated/${object}?width=64`,
  ]) {
    for (const bearer of [token, publishableKey]) {
      const direct = await otherPage.request.get(url, {
        headers: { apikey: publishableKey, Authorization: `Bearer ${bearer}` },
      });
      expect(direct.status(), url).toBeGreaterThanOrEqual(400);
      expect(direct.headers()['content-type'] ?? '', url).not.toMatch(/^image\//);
    }
  }
  const signed = await otherPage.request.post(`${supabaseUrl}/storage/v1/object/sign/${object}`, {
    headers: { apikey: publishableKey, Authorization: `Bearer ${token}` },
    data: { expiresIn: 60 },
  });
  expect(signed.status()).toBeGreaterThanOrEqual(400);
  await otherContext.close();

  // Nor anyone signed out, through the app.
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(new URL(href, page.url()).toString())).status()).toBe(404);
  await anonymous.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('ar: the same form posts the file to the server, and a refusal speaks the language', async ({
    page,
  }) => {
    const t = words('ar');
    const user = await createConfirmedUser({ locale: 'ar' });
    const id = await noteOf(user.id, 'بلا جافاسكربت');
    await signInWithPassword(page, user.email, user.password, { locale: 'ar', next: `/ar/notes/${id}` });
    await page.goto(`/ar/notes/${id}`);

    // A text file named like a picture: its bytes give it away.
    await attach(page, t, [
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') },
    ]);
    await expect(page.locator('[data-testid="form-message"][role="alert"]')).toHaveText(
      filled(t.fileWrongType, { name: 'fake.png' }),
    );
    expect(await storedFiles(id)).toEqual([]);

    await attach(page, t, [{ name: 'photo.png', mimeType: 'image/png', buffer: await png('#d00') }]);
    await expect(page).toHaveURL(new RegExp(`/ar/notes/${id}\\?saved=attached`));
    await expect(page.getByRole('status').filter({ hasText: t.attached })).toBeVisible();
    // The refusal before it is over: not shown beside the file it did not stop.
    await expect(page.locator('[data-testid="form-message"][role="alert"]')).toHaveCount(0);
    await expect(listed(page)).toHaveCount(1);
    expect(await storedFiles(id)).toHaveLength(1);

    // The page as this browser shows it: the list with the file, the form, the message.
    await expectNoAxeViolationsWithoutJavaScript(page, async (copy) => {
      await expect(listed(copy)).toHaveCount(1);
      await expect(copy.getByRole('status').filter({ hasText: t.attached })).toBeVisible();
      await expect(copy.getByLabel(t.filesChoose)).toBeVisible();
    });
  });

  // A file of the largest size a note takes, and one a little over it, whose post is within the action's limit:
  // each reaches the action whole, which keeps the first and names the second in the refusal.
  test('en: a file at the size limit is attached, one just over it refused by name', async ({ page }) => {
    const t = words('en');
    const user = await createConfirmedUser();
    const id = await noteOf(user.id, 'Large files');
    await signInWithPassword(page, user.email, user.password, { next: `/en/notes/${id}` });
    await page.goto(`/en/notes/${id}`);

    await attach(page, t, [{ name: 'over.png', mimeType: 'image/png', buffer: await padded(11 * mebibyte) }]);
    await expect(page.locator('[data-testid="form-message"][role="alert"]')).toHaveText(
      filled(t.fileTooBig, { name: 'over.png', max: megabytes('en', 10) }),
    );
    expect(await storedFiles(id)).toEqual([]);

    await attach(page, t, [
      { name: 'limit.png', mimeType: 'image/png', buffer: await padded(10 * mebibyte) },
    ]);
    await expect(page).toHaveURL(new RegExp(`/en/notes/${id}\\?saved=attached`));
    await expect(listed(page)).toHaveCount(1);
    expect(await storedFiles(id)).toHaveLength(1);
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`${locale}: files too large to post come back to the note with the reason, the note and its files intact`, async ({
      page,
    }) => {
      const t = words(locale);
      const user = await createConfirmedUser({ locale });
      const { data, error } = await admin()
        .from('notes')
        .insert({ user_id: user.id, title: 'Trip 🧳', body: 'Tickets and the map' })
        .select('id')
        .single();
      expect(error).toBeNull();
      const id = data!.id as string;
      await pngFile(id, 'kept.png');
      await signInWithPassword(page, user.email, user.password, { locale, next: `/${locale}/notes/${id}` });
      // As right after an earlier file was attached: the form posts to this address.
      await page.goto(`/${locale}/notes/${id}?saved=attached`);

      // 20 MB, over everything the server reads of a post: turned back before the action, with a 303.
      const answers: number[] = [];
      page.on('response', (response) => {
        if (response.request().method() === 'POST') answers.push(response.status());
      });
      await attach(page, t, [{ name: 'huge.png', mimeType: 'image/png', buffer: await padded(20_000_000) }]);
      await expect(page.locator('[data-testid="form-message"][role="alert"]')).toHaveText(
        filled(t.filesTooBigToSend, { max: megabytes(locale, 10), total: megabytes(locale, 12) }),
      );
      await expect(page).toHaveURL(`/${locale}/notes/${id}?saved=attached`);
      expect(answers).toEqual([303]);
      // The earlier post's word gives way to this one's.
      await expect(page.getByRole('status').filter({ hasText: t.attached })).toHaveCount(0);
      await expect(page.locator('input[name="title"]')).toHaveValue('Trip 🧳');
      await expect(page.locator('textarea[name="body"]')).toHaveValue('Tickets and the map');
      await expect(listed(page)).toHaveCount(1);
      await expect(listed(page).getByRole('link').first()).toHaveText('kept.png');
      expect(await storedFiles(id)).toEqual(['kept.png']);
      await expectNoAxeViolationsWithoutJavaScript(page, async (copy) => {
        await expect(copy.locator('[data-testid="form-message"][role="alert"]')).toBeVisible();
        await expect(listed(copy)).toHaveCount(1);
      });

      // The message answered that one post: not there again on the next view.
      await page.reload();
      await expect(page.locator('[data-testid="form-message"][role="alert"]')).toHaveCount(0);
    });
  }
});

const mebibyte = 1024 * 1024;
/** A PNG grown to `size` bytes: its first bytes say PNG, which is all the type check reads. */
const padded = async (size: number) => {
  const head = await png('#c60');
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
};
/** A size in megabytes as the page writes it (i18n/file-size.ts). */
const megabytes = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(value);

// A team or an account takes its notes with it (`on delete cascade`), and their files too: removed through Storage
// before the rows go, so nothing stays in the bucket under a note that no longer exists.
const pngFile = async (noteId: string, name: string) => {
  const { error } = await admin()
    .storage.from('note-files')
    .upload(`${noteId}/${name}`, await png('#963'), { contentType: 'image/png' });
  expect(error).toBeNull();
};

async function teamOf(
  user: { email: string; password: string },
  name: string,
): Promise<{ id: string; slug: string }> {
  const client = createClient(supabaseUrl, publishableKey, { auth: nodeAuth });
  await client.auth.signInWithPassword({ email: user.email, password: user.password });
  const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 10)}`;
  const team = await client.rpc('create_team', { p_slug: slug, p_name: name });
  expect(team.error).toBeNull();
  return { id: (team.data as { id: string }).id, slug };
}

test('deleting a team removes its notes’ files from Storage, and no one else’s', async ({ page }) => {
  const teams = (JSON.parse(readFileSync('messages/en.json', 'utf8')) as { Teams: Record<string, string> })
    .Teams;
  const owner = await createConfirmedUser();
  const member = await createConfirmedUser();
  const team = await teamOf(owner, 'Files going');
  expect(
    (await admin().from('team_members').insert({ team_id: team.id, user_id: member.id, role: 'member' }))
      .error,
  ).toBeNull();
  const ownersNote = await noteOf(owner.id, 'Owner’s team note', team.id);
  const membersNote = await noteOf(member.id, 'Member’s team note', team.id);
  const personal = await noteOf(owner.id, 'Owner’s own note');
  await pngFile(ownersNote, 'a.png');
  await pngFile(ownersNote, 'b.png');
  await pngFile(membersNote, 'c.png');
  await pngFile(personal, 'd.png');

  await signInWithPassword(page, owner.email, owner.password, { next: `/en/teams/${team.slug}` });
  await page.goto(`/en/teams/${team.slug}`);
  await page.locator('input[name="confirmation"]').fill(team.slug);
  await page.getByRole('button', { name: teams.deleteSubmit }).click();
  await expect(page).toHaveURL('/en/teams?done=deleted');

  expect(await storedFiles(ownersNote)).toEqual([]);
  expect(await storedFiles(membersNote)).toEqual([]);
  expect(await storedFiles(personal)).toEqual(['d.png']);
});

test('deleting an account removes the files of the notes that go with it, and no one else’s', async ({
  page,
}) => {
  const account = (
    JSON.parse(readFileSync('messages/en.json', 'utf8')) as { Account: Record<string, string> }
  ).Account;
  const user = await createConfirmedUser();
  const other = await createConfirmedUser();
  const former = await createConfirmedUser();
  // The user's personal note; their note in someone else's team (it goes with its author, the team stays); a
  // note in a team they alone belong to, left by someone who has since gone (the team goes with its last member).
  const personal = await noteOf(user.id, 'Mine');
  const shared = await teamOf(other, 'Shared');
  expect(
    (await admin().from('team_members').insert({ team_id: shared.id, user_id: user.id, role: 'member' }))
      .error,
  ).toBeNull();
  const inShared = await noteOf(user.id, 'Mine, in the shared team', shared.id);
  const othersInShared = await noteOf(other.id, 'The other’s, in the shared team', shared.id);
  const alone = await teamOf(user, 'Alone');
  const formersInAlone = await noteOf(former.id, 'Left behind by a former member', alone.id);
  for (const [note, name] of [
    [personal, 'a.png'],
    [inShared, 'b.png'],
    [othersInShared, 'c.png'],
    [formersInAlone, 'd.png'],
  ] as const)
    await pngFile(note, name);

  await signInWithPassword(page, user.email, user.password, { next: '/en/account' });
  await page.goto('/en/account');
  const deleteSection = page.locator('#delete');
  await deleteSection.locator('input[name="confirmation"]').fill(account.deleteWord!);
  await deleteSection.getByRole('button', { name: account.deleteSubmit }).click();
  await expect(page).toHaveURL(/\/en\/sign-in\?status=account-deleted/);

  expect(await storedFiles(personal)).toEqual([]);
  expect(await storedFiles(inShared)).toEqual([]);
  expect(await storedFiles(formersInAlone)).toEqual([]);
  expect(await storedFiles(othersInShared)).toEqual(['c.png']);
});
