import { createConfirmedUser, goodPassword, signInWithPassword, uniqueEmail } from '../support/auth-users';
import { followEmailLink, mailTo } from '../support/mailbox';
import { type Browser, expect, type Page, test } from '../support/test';
import { appUrl } from '../support/test-env';
import {
  admin,
  expectStatus,
  field,
  invitationRow,
  messages,
  memberRow,
  rolesIn,
  teamExists,
  teamInviting,
  teamWords,
  uniqueSlug,
} from './support';

// The core team flow with JavaScript off (every form a plain post answered with a 303 or the page again), and a
// member's forged post of an admin's form: the database refuses it and nothing changes.

test.describe.configure({ timeout: 180_000 });

const t = teamWords('en');

async function noScriptUser(browser: Browser, locale = 'en') {
  const user = await createConfirmedUser({ email: uniqueEmail('noscript'), locale });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInWithPassword(page, user.email, user.password);
  return { user, context, page };
}

/**
 * A form's hidden fields as the browser would post them (Next's action fields included), read from the page's HTML
 * (attributes only: this page runs no script).
 */
async function formFields(page: Page, testId: string, row: string): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const input of await memberRow(page, row).getByTestId(testId).locator('input[type="hidden"]').all()) {
    const name = await input.getAttribute('name');
    if (name) fields[name] = (await input.getAttribute('value')) ?? '';
  }
  return fields;
}

test('without JavaScript: create a team, invite, accept, change a role, remove and delete', async ({
  browser,
}) => {
  const owner = await noScriptUser(browser);
  const page = owner.page;
  const slug = uniqueSlug('plain');

  await page.goto('/en/teams');
  await field(page, t('nameLabel')).fill('Plain team');
  await field(page, t('slugLabel')).fill(slug);
  await page.getByRole('button', { name: t('create') }).click();
  await expect(page).toHaveURL(`/en/teams/${slug}?done=created`);
  await expectStatus(page, t('done.created'));

  // A refusal keeps what was typed.
  const inviteForm = page.getByTestId('team-invite-form');
  await inviteForm.getByLabel(t('inviteEmail'), { exact: true }).fill('not-an-address');
  await inviteForm.getByRole('button', { name: t('invite') }).click();
  await expect(page.locator('#team-invite-email-error')).toBeVisible();
  await expect(
    page.getByTestId('team-invite-form').getByLabel(t('inviteEmail'), { exact: true }),
  ).toHaveValue('not-an-address');

  const member = await createConfirmedUser({ email: uniqueEmail('plain-member') });
  await page.getByTestId('team-invite-form').getByLabel(t('inviteEmail'), { exact: true }).fill(member.email);
  await page
    .getByTestId('team-invite-form')
    .getByRole('button', { name: t('invite') })
    .click();
  await expectStatus(page, t('done.invited'));

  const link = new URL((await mailTo(member.email)).confirmLink);
  const memberContext = await browser.newContext({ javaScriptEnabled: false });
  const memberPage = await memberContext.newPage();
  await signInWithPassword(memberPage, member.email, member.password);
  await memberPage.goto(link.pathname);
  await memberPage.getByRole('button', { name: t('accept') }).click();
  await expect(memberPage).toHaveURL(`/en/teams/${slug}?done=joined`);

  // example:notes start
  // The member adds a team note on its own page: a refusal keeps what was typed, then it is saved for the team.
  const notes = (key: string) => (messages.en.Notes as Record<string, string>)[key]!;
  await memberPage.goto(`/en/teams/${slug}/notes`);
  await memberPage.getByRole('link', { name: notes('newTeamNote') }).click();
  await expect(memberPage).toHaveURL(`/en/teams/${slug}/notes/new`);
  await field(memberPage, notes('bodyLabel')).fill('Agenda: the plain form');
  await memberPage.getByRole('button', { name: notes('create') }).click();
  await expect(memberPage.locator('#team-note-title-error')).toBeVisible();
  await expect(field(memberPage, notes('bodyLabel'))).toHaveValue('Agenda: the plain form');
  await field(memberPage, notes('titleLabel')).fill('Plain agenda');
  await memberPage.getByRole('button', { name: notes('create') }).click();
  await expect(memberPage).toHaveURL(/\/en\/notes\/[0-9a-f-]{36}\?saved=created$/);
  await page.goto(`/en/teams/${slug}/notes`);
  await expect(page.getByTestId('notes-list').getByRole('link')).toHaveText(['Plain agenda']);
  // example:notes end

  await page.goto(`/en/teams/${slug}`);
  await memberRow(page, member.email).getByRole('combobox').selectOption('admin');
  await memberRow(page, member.email)
    .getByRole('button', { name: t('changeRole') })
    .click();
  await expectStatus(page, t('done.roleChanged'));
  expect((await rolesIn(slug))[member.id]).toBe('admin');

  await memberRow(page, member.email)
    .getByRole('button', { name: t('remove') })
    .click();
  await expectStatus(page, t('done.removed'));
  expect(await rolesIn(slug)).toEqual({ [owner.user.id]: 'owner' });

  await field(page, t('deleteConfirmation', { slug })).fill(slug);
  await page.getByRole('button', { name: t('deleteSubmit') }).click();
  await expect(page).toHaveURL('/en/teams?done=deleted');
  expect(await teamExists(slug)).toBe(false);

  await Promise.all([owner.context.close(), memberContext.close()]);
});

test('a member posting an admin form is refused by the database, and nothing changes', async ({
  browser,
}) => {
  const owner = await noScriptUser(browser);
  const slug = uniqueSlug('forged');
  await owner.page.goto('/en/teams');
  await field(owner.page, t('nameLabel')).fill('Forged team');
  await field(owner.page, t('slugLabel')).fill(slug);
  await owner.page.getByRole('button', { name: t('create') }).click();
  await expect(owner.page).toHaveURL(`/en/teams/${slug}?done=created`);

  const member = await createConfirmedUser({ email: uniqueEmail('forger') });
  // Setup only: the member joins straight in the table (the flows above join through invitations).
  const { data: team } = await admin().from('teams').select('id').eq('slug', slug).single();
  const { error } = await admin()
    .from('team_members')
    .insert({ team_id: team!.id, user_id: member.id, role: 'member' });
  expect(error).toBeNull();

  // The owner's page holds the forms for the member's row: their fields, as a browser would post them.
  await owner.page.goto(`/en/teams/${slug}`);
  const roleForm = await formFields(owner.page, 'member-role-form', member.email);
  const removeForm = await formFields(owner.page, 'member-remove-form', member.email);
  const before = await rolesIn(slug);

  const forger = await browser.newContext();
  const forgerPage = await forger.newPage();
  await signInWithPassword(forgerPage, member.email, member.password);
  const post = (fields: Record<string, string>) =>
    forger.request.post(`/en/teams/${slug}`, {
      multipart: fields,
      headers: { origin: appUrl },
      maxRedirects: 0,
    });

  // Self-promotion, demoting the owner, removing the owner: each refused, the rows as they were.
  for (const forged of [
    { ...roleForm, role: 'admin' },
    { ...roleForm, userId: owner.user.id, role: 'member' },
    { ...removeForm, userId: owner.user.id },
  ]) {
    const response = await post(forged);
    expect(response.status(), JSON.stringify(forged)).toBeLessThan(500);
    expect(response.headers().location ?? '').not.toContain('done=');
    expect(await rolesIn(slug)).toEqual(before);
  }

  // The same fields posted by the owner do change the row: the forged posts reached the action, which the database
  // refused.
  const control = await owner.context.request.post(`/en/teams/${slug}`, {
    multipart: { ...roleForm, role: 'admin' },
    headers: { origin: appUrl },
    maxRedirects: 0,
  });
  expect(control.headers().location ?? '').toContain('done=roleChanged');
  expect((await rolesIn(slug))[member.id]).toBe('admin');

  await Promise.all([owner.context.close(), forger.close()]);
});

test('without JavaScript: an invitation waiting in the list is declined or accepted there', async ({
  browser,
}) => {
  const invitee = await noScriptUser(browser);
  const joined = await teamInviting(invitee.user.email, 'Listed crew');
  const declined = await teamInviting(invitee.user.email, 'Declined crew');
  const page = invitee.page;

  await page.goto('/en/teams');
  const rows = page.getByTestId('waiting-invitations').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await rows
    .filter({ hasText: 'Declined crew' })
    .getByRole('button', { name: t('decline') })
    .click();
  await expect(page).toHaveURL('/en/teams?done=declined');
  expect(await invitationRow(declined.invitationId)).toMatchObject({ accepted_at: null });
  expect((await invitationRow(declined.invitationId))?.declined_at).not.toBeNull();

  await expect(rows).toHaveCount(1);
  await rows.getByRole('button', { name: t('accept') }).click();
  await expect(page).toHaveURL(`/en/teams/${joined.slug}?done=joined`);
  await expectStatus(page, t('done.joined'));
  expect((await rolesIn(joined.slug))[invitee.user.id]).toBe('member');
  expect(await rolesIn(declined.slug)).not.toHaveProperty(invitee.user.id);
  await invitee.context.close();
});

test("without JavaScript: a sole owner's account deletion is refused with a link to each team to hand over", async ({
  browser,
}) => {
  const owner = await noScriptUser(browser);
  const page = owner.page;
  const slug = uniqueSlug('plain-sole');
  await page.goto('/en/teams');
  await field(page, t('nameLabel')).fill('Plain sole owners');
  await field(page, t('slugLabel')).fill(slug);
  await page.getByRole('button', { name: t('create') }).click();
  await expect(page).toHaveURL(`/en/teams/${slug}?done=created`);
  const other = await createConfirmedUser({ email: uniqueEmail('noscript-member') });
  const { data: team } = await admin().from('teams').select('id').eq('slug', slug).single();
  await admin().from('team_members').insert({ team_id: team!.id, user_id: other.id, role: 'member' });

  await page.goto('/en/account');
  const deleteSection = page.locator('#delete');
  await deleteSection.locator('input[name="confirmation"]').fill(messages.en.Account.deleteWord);
  await deleteSection.getByRole('button', { name: messages.en.Account.deleteSubmit }).click();
  const refusal = page.locator('#delete').getByTestId('form-message');
  await expect(refusal).toContainText(t('deletionBlockers', { count: 1 }));
  await expect(
    refusal.getByTestId('deletion-blockers').getByRole('link', { name: 'Plain sole owners' }),
  ).toHaveAttribute('href', `/en/teams/${slug}`);
  expect((await admin().auth.admin.getUserById(owner.user.id)).data.user).not.toBeNull();
  expect(await rolesIn(slug)).toEqual({ [owner.user.id]: 'owner', [other.id]: 'member' });
  await owner.context.close();
});

test('without JavaScript: an invitation link signs in or signs up with the address filled in, and comes back', async ({
  browser,
}) => {
  const existing = await createConfirmedUser({ email: uniqueEmail('plain-invited') });
  const newcomer = uniqueEmail('plain-newcomer');
  const forExisting = await teamInviting(existing.email, 'Plain crew');
  const forNewcomer = await teamInviting(newcomer, 'Plain newcomers');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // With no script running, what the page shows is its server HTML.
  const signedOut = page.getByTestId('invitation-signed-out');

  // Sign in: the address is in the form, a wrong password keeps it, the right one comes back to the invitation.
  const existingPath = `/en/invitations/${forExisting.token}`;
  await page.goto(existingPath);
  await expect(signedOut.locator('input[name="email"]')).toHaveValue(existing.email);
  await signedOut.locator('input[name="password"]').fill('not-the-password-1');
  await signedOut.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert').filter({ visible: true }).first()).toBeVisible();
  await expect(signedOut.locator('input[name="email"]')).toHaveValue(existing.email);
  await signedOut.locator('input[name="password"]').fill(existing.password);
  await signedOut.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(existingPath);
  await page.getByRole('button', { name: t('accept') }).click();
  await expect(page).toHaveURL(`/en/teams/${forExisting.slug}?done=joined`);
  expect((await rolesIn(forExisting.slug))[existing.id]).toBe('member');

  // Signed in with another address, switching accounts signs out and shows the invitation's sign-in again.
  const newcomerPath = `/en/invitations/${forNewcomer.token}`;
  await page.goto(newcomerPath);
  await page
    .getByTestId('invitation-other-account')
    .getByRole('button', { name: t('switchAccount') })
    .click();
  await expect(page).toHaveURL(newcomerPath);

  // Sign up: the link offers the sign-up form, the address filled in; the confirmation mail comes back here.
  await signedOut.getByRole('link', { name: t('signUpToAccept') }).click();
  await expect(page).toHaveURL(`${newcomerPath}?account=new`);
  await expect(signedOut.locator('input[name="email"]')).toHaveValue(newcomer);
  await signedOut.locator('input[name="displayName"]').fill('Plain Newcomer');
  await signedOut.locator('input[name="password"]').fill(goodPassword);
  await signedOut.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/sign-up\/check-email/);
  await followEmailLink(page, (await mailTo(newcomer)).confirmLink);
  await expect(page).toHaveURL(newcomerPath);
  await page.getByRole('button', { name: t('accept') }).click();
  await expect(page).toHaveURL(`/en/teams/${forNewcomer.slug}?done=joined`);
  await context.close();
});
