import fr from '../../../messages/fr.json' with { type: 'json' };
import { createConfirmedUser, goodPassword, signInWithPassword, uniqueEmail } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';
import { followEmailLink, mailTo } from '../support/mailbox';
import { type Browser, expect, type Page, test } from '../support/test';
import {
  admin,
  expectStatus,
  field,
  invitationRow,
  memberRow,
  messages,
  rolesIn,
  teamExists,
  teamInviting,
  teamWords,
  uniqueSlug,
} from './support';

// Teams end to end, against the production build and the local server: a team is created, an existing user and a
// new address are invited (mail read from the mailbox), both accept (the new one through sign-up), team notes reach
// members and nobody else, and roles change, a member is removed, ownership moves, the old owner leaves and the new
// one deletes the team. Every page is checked with axe.

test.describe.configure({ timeout: 240_000 });

/** A browser of its own, signed in as a new user in `locale`. */
async function signedInContext(browser: Browser, locale: string, email = uniqueEmail('team')) {
  const user = await createConfirmedUser({ email, locale });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithPassword(page, user.email, user.password, { locale });
  return { user, page, context };
}

/** The invitation link of the `count`-th mail to an address, and the mail itself. */
async function invitation(address: string, count = 1) {
  const mail = await mailTo(address, count);
  const link = new URL(mail.confirmLink);
  expect(link.pathname).toMatch(/^\/(en|ar|fr)\/invitations\/[A-Za-z0-9_-]{43}$/);
  return { mail, path: `${link.pathname}` };
}

async function createTeam(page: Page, locale: 'en' | 'ar', name: string, slug: string) {
  const t = teamWords(locale);
  await page.goto(`/${locale}/teams`);
  await field(page, t('nameLabel')).fill(name);
  await field(page, t('slugLabel')).fill(slug);
  await page.getByRole('button', { name: t('create') }).click();
  await expect(page).toHaveURL(`/${locale}/teams/${slug}?done=created`);
  await expectStatus(page, t('done.created'));
}

async function invite(page: Page, locale: 'en' | 'ar', email: string, role: 'admin' | 'member') {
  const t = teamWords(locale);
  const form = page.getByTestId('team-invite-form');
  await form.getByLabel(t('inviteEmail'), { exact: true }).fill(email);
  await form.getByLabel(t('roleLabel'), { exact: true }).selectOption(role);
  await form.getByRole('button', { name: t('invite') }).click();
  await expectStatus(page, t('done.invited'));
}

for (const locale of ['en', 'ar'] as const) {
  const t = teamWords(locale);
  const name = locale === 'en' ? 'فريق التصميم' : 'Design crew';

  test(`${locale}: create, invite an account and a new address, both accept, team notes, roles, remove, transfer, leave, delete`, async ({
    browser,
  }) => {
    const owner = await signedInContext(browser, locale);
    const slug = uniqueSlug('design');

    const list = await owner.page.goto(`/${locale}/teams`);
    expect(list?.headers()['cache-control']).toContain('no-store');
    await expect(owner.page.getByRole('heading', { level: 1 })).toHaveText(t('title'));
    await expectNoAxeViolations(owner.page);

    // A slug the database's rule refuses is refused in the form first, and what was typed stays.
    await field(owner.page, t('nameLabel')).fill(name);
    await field(owner.page, t('slugLabel')).fill('-Bad slug');
    await owner.page.getByRole('button', { name: t('create') }).click();
    await expect(owner.page.locator('#team-create-slug-error')).toBeVisible();
    await expect(field(owner.page, t('nameLabel'))).toHaveValue(name);

    await createTeam(owner.page, locale, name, slug);
    const teamPage = owner.page;
    await expect(teamPage.getByTestId('team-name')).toHaveText(name);
    await expect(teamPage.getByTestId('team-name')).toHaveAttribute('dir', 'auto');
    await expect(teamPage.getByTestId('team-summary')).toContainText(t('memberCount', { count: 1 }));
    await expectNoAxeViolations(teamPage);

    // An address that has an account (stored language French) and one that has none: the same answer for both.
    const existing = await createConfirmedUser({ email: uniqueEmail('member'), locale: 'fr' });
    const newcomer = uniqueEmail('newcomer');
    await invite(teamPage, locale, existing.email, 'member');
    await invite(teamPage, locale, newcomer, 'admin');
    await expect(teamPage.getByTestId('team-invitation')).toHaveCount(2);
    await expect(teamPage.locator('#invitations')).toContainText(t('invitationCount', { count: 2 }));
    await expectNoAxeViolations(teamPage);

    // The existing account's mail is in its own language; the new address's in the inviter's. Each has a plain-text
    // part with the same link, carrying the token once.
    const toExisting = await invitation(existing.email);
    expect(toExisting.mail.subject).toBe(fr.Email.app_team_invitation.subject);
    expect(toExisting.path.startsWith('/fr/')).toBe(true);
    expect(toExisting.mail.text).toContain(name);
    const token = toExisting.path.split('/').at(-1)!;
    expect(toExisting.mail.text.split(token)).toHaveLength(2);
    expect(toExisting.mail.html.split(token)).toHaveLength(2);
    const toNewcomer = await invitation(newcomer);
    expect(toNewcomer.mail.subject).toBe(messages[locale].Email.app_team_invitation.subject);
    expect(toNewcomer.path.startsWith(`/${locale}/`)).toBe(true);
    const invitedHtml = toNewcomer.mail.html;
    expect(invitedHtml).toContain(`lang="${locale}"`);
    expect(invitedHtml).toContain('dir="auto"');

    // The existing user accepts, signed in, in the interface's language of the test.
    const member = await (async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInWithPassword(page, existing.email, existing.password, { locale });
      return { page, context };
    })();
    const memberLink = toExisting.path.replace(/^\/fr\//, `/${locale}/`);
    const opened = await member.page.goto(memberLink);
    expect(opened?.headers()['cache-control']).toContain('no-store');
    await expect(member.page.getByTestId('invitation-open')).toBeVisible();
    await expectNoAxeViolations(member.page);
    await member.page.getByRole('button', { name: t('accept') }).click();
    await expect(member.page).toHaveURL(`/${locale}/teams/${slug}?done=joined`);
    await expectStatus(member.page, t('done.joined'));
    await expect(member.page.getByTestId('team-summary')).toContainText(t('roles.member'));
    // A member sees no management controls.
    await expect(member.page.getByTestId('team-invite-form')).toHaveCount(0);
    await expect(member.page.getByTestId('member-remove-form')).toHaveCount(0);

    // The new address: signed out, the invitation's page offers sign-up with the address filled in, and back.
    const stranger = await browser.newContext();
    const fresh = await stranger.newPage();
    await fresh.goto(toNewcomer.path);
    await expect(fresh.getByTestId('invitation-signed-out')).toBeVisible();
    await expectNoAxeViolations(fresh);
    await fresh
      .getByTestId('invitation-signed-out')
      .getByRole('link', { name: t('signUpToAccept') })
      .click();
    await expect(fresh).toHaveURL(`${toNewcomer.path}?account=new`);
    await expect(fresh.locator('input[name="email"]')).toHaveValue(newcomer);
    await expectNoAxeViolations(fresh);
    await fresh.locator('input[name="displayName"]').fill('New Colleague');
    await fresh.locator('input[name="password"]').fill(goodPassword);
    await fresh.locator('form:has(input[name="password"]) button[type="submit"]').click();
    await expect(fresh).toHaveURL(new RegExp(`/${locale}/sign-up/check-email`));
    const confirm = await mailTo(newcomer, 2);
    await followEmailLink(fresh, confirm.confirmLink);
    await expect(fresh).toHaveURL(new RegExp(`${toNewcomer.path}$`));
    await fresh.getByRole('button', { name: t('accept') }).click();
    await expect(fresh).toHaveURL(`/${locale}/teams/${slug}?done=joined`);
    await expect(fresh.getByTestId('team-summary')).toContainText(t('roles.admin'));

    // example:notes start
    // Team notes: the owner writes one; a member reads it; it stays out of the member's personal list; someone
    // outside the team gets the localized not-found page for the team and its notes.
    const notes = createTranslatorFor(locale);
    const noteTitle = `Sprint goals ${slug}`;
    await teamPage.goto(`/${locale}/teams/${slug}/notes`);
    await expectNoAxeViolations(teamPage);
    await teamPage.getByRole('link', { name: notes('newTeamNote') }).click();
    await expect(teamPage).toHaveURL(`/${locale}/teams/${slug}/notes/new`);
    await expectNoAxeViolations(teamPage);
    await field(teamPage, notes('titleLabel')).fill(noteTitle);
    await teamPage.getByRole('button', { name: notes('create') }).click();
    await expect(teamPage).toHaveURL(new RegExp(`/${locale}/notes/[0-9a-f-]{36}\\?saved=created$`));
    await member.page.goto(`/${locale}/teams/${slug}/notes`);
    await expect(member.page.getByTestId('notes-list').getByRole('link')).toHaveText([noteTitle]);
    await member.page.goto(`/${locale}/notes`);
    await expect(member.page.getByTestId('notes-list')).toHaveCount(0);
    // example:notes end
    const outsider = await signedInContext(browser, locale);
    const teamPaths = [`/${locale}/teams/${slug}`];
    teamPaths.push(`/${locale}/teams/${slug}/notes`, `/${locale}/teams/${slug}/notes/new`); // example:notes
    for (const path of teamPaths) {
      const response = await outsider.page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(outsider.page.getByRole('heading', { level: 1 })).toHaveText(
        (messages[locale].NotFound as { title: string }).title,
      );
      await expect(outsider.page.getByText(t('missing'))).toBeVisible();
      await expect(outsider.page.getByRole('link', { name: t('allTeams') })).toBeVisible();
    }
    await outsider.context.close();

    // Change a role: the member becomes an admin.
    await teamPage.goto(`/${locale}/teams/${slug}`);
    const row = memberRow(teamPage, existing.email);
    await row.getByRole('combobox').selectOption('admin');
    await row.getByRole('button', { name: t('changeRole') }).click();
    await expectStatus(teamPage, t('done.roleChanged'));
    await expect(memberRow(teamPage, existing.email).getByTestId('member-role')).toHaveText(t('roles.admin'));
    expect((await rolesIn(slug))[existing.id]).toBe('admin');

    // Remove the newcomer.
    await memberRow(teamPage, newcomer)
      .getByRole('button', { name: t('remove') })
      .click();
    await expectStatus(teamPage, t('done.removed'));
    await expect(memberRow(teamPage, newcomer)).toHaveCount(0);
    expect(Object.keys(await rolesIn(slug))).toHaveLength(2);

    // Transfer ownership to the (now admin) member: the owner becomes an admin.
    await memberRow(teamPage, existing.email)
      .getByRole('button', { name: t('transfer') })
      .click();
    await expectStatus(teamPage, t('done.transferred'));
    expect(await rolesIn(slug)).toEqual({ [existing.id]: 'owner', [owner.user.id]: 'admin' });

    // The old owner leaves.
    await teamPage
      .getByTestId('team-leave-form')
      .getByRole('button', { name: t('leave') })
      .click();
    await expect(teamPage).toHaveURL(`/${locale}/teams?done=left`);
    await expectStatus(teamPage, t('done.left'));
    await expect(teamPage.getByTestId('my-teams')).toHaveCount(0);

    // The new owner deletes the team after typing its address; a wrong one is refused and stays typed.
    await member.page.goto(`/${locale}/teams/${slug}`);
    await expectNoAxeViolations(member.page);
    const confirmation = field(member.page, t('deleteConfirmation', { slug }));
    await confirmation.fill('not-the-slug');
    await member.page.getByRole('button', { name: t('deleteSubmit') }).click();
    await expect(member.page.locator('#team-delete-confirmation-error')).toBeVisible();
    await expect(confirmation).toHaveValue('not-the-slug');
    await confirmation.fill(slug);
    await member.page.getByRole('button', { name: t('deleteSubmit') }).click();
    await expect(member.page).toHaveURL(`/${locale}/teams?done=deleted`);
    await expectStatus(member.page, t('done.deleted'));
    expect(await teamExists(slug)).toBe(false);
    // example:notes start
    const gone = await admin().from('notes').select('id').eq('title', noteTitle);
    expect(gone.data ?? []).toHaveLength(0);
    // example:notes end

    await Promise.all([owner.context.close(), member.context.close(), stranger.close()]);
  });
}

// example:notes start
function createTranslatorFor(locale: 'en' | 'ar') {
  const notes = messages[locale].Notes as Record<string, string>;
  return (key: string) => notes[key]!;
}
// example:notes end

test('the user menu lists the teams once opened, and a sole owner with members is told before deleting the account', async ({
  page,
}) => {
  const t = teamWords('en');
  const owner = await createConfirmedUser({ email: uniqueEmail('sole-owner') });
  await signInWithPassword(page, owner.email, owner.password);
  const slug = uniqueSlug('sole');
  await createTeam(page, 'en', 'Sole owners', slug);

  // The switcher: the menu asks for the teams when it opens, and links to each.
  await page.goto('/en');
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByRole('menuitem', { name: messages.en.UserMenu.teams })).toBeVisible();
  await page.getByTestId('menu-teams').getByRole('menuitem', { name: 'Sole owners' }).click();
  await expect(page).toHaveURL(`/en/teams/${slug}`);

  // With another member in the team, deleting the account is refused: the refusal names the team with a link to
  // it, and the account and the team stay as they were. The account page itself asks nothing about teams.
  const other = await createConfirmedUser({ email: uniqueEmail('other-member') });
  const { data: team } = await admin().from('teams').select('id').eq('slug', slug).single();
  await admin().from('team_members').insert({ team_id: team!.id, user_id: other.id, role: 'member' });
  await page.goto('/en/account');
  await expect(page.getByTestId('deletion-blockers')).toHaveCount(0);
  const deleteSection = page.locator('#delete');
  await deleteSection.locator('input[name="confirmation"]').fill(messages.en.Account.deleteWord);
  await deleteSection.getByRole('button', { name: messages.en.Account.deleteSubmit }).click();
  const refusal = deleteSection.getByTestId('form-message');
  await expect(refusal).toContainText(t('deletionBlockers', { count: 1 }));
  const blockers = refusal.getByTestId('deletion-blockers');
  await expect(blockers.getByRole('link', { name: 'Sole owners' })).toHaveAttribute(
    'href',
    `/en/teams/${slug}`,
  );
  await expect(deleteSection.locator('input[name="confirmation"]')).toHaveValue(
    messages.en.Account.deleteWord,
  );
  await expectNoAxeViolations(page);
  expect((await admin().auth.admin.getUserById(owner.id)).data.user).not.toBeNull();
  expect(await rolesIn(slug)).toEqual({ [owner.id]: 'owner', [other.id]: 'member' });
});

// example:notes start
test("a team's notes page 20 at a time and search as the personal list does", async ({ page }) => {
  const owner = await createConfirmedUser({ email: uniqueEmail('team-pages') });
  await signInWithPassword(page, owner.email, owner.password);
  const slug = uniqueSlug('pages');
  await createTeam(page, 'en', 'Paged team', slug);
  const { data: team } = await admin().from('teams').select('id').eq('slug', slug).single();
  // Setup only: one at a time, so their created_at keeps the order given.
  for (let index = 1; index <= 23; index++)
    await admin()
      .from('notes')
      .insert({
        user_id: owner.id,
        team_id: team!.id,
        title: `Team note ${String(index).padStart(2, '0')}`,
        body: index === 5 ? 'Remember the 50% discount' : '',
      });
  await page.goto(`/en/teams/${slug}/notes`);
  await expect(page.getByTestId('notes-count')).toHaveText('23 notes');
  const titles = page.getByTestId('notes-list').getByRole('link');
  await expect(titles).toHaveCount(20);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(`/en/teams/${slug}/notes?page=2`);
  await expect(titles).toHaveText(['Team note 03', 'Team note 02', 'Team note 01']);
  await page.getByRole('searchbox').fill('50%');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(`/en/teams/${slug}/notes?q=50%25`);
  await expect(titles).toHaveText(['Team note 05']);
  // The personal list keeps to personal notes.
  await page.goto('/en/notes');
  await expect(page.getByTestId('notes-count')).toHaveText('No notes yet');
});
// example:notes end

test('an invitation waiting in the list is accepted there; one withdrawn meanwhile is refused and changes nothing', async ({
  browser,
}) => {
  const t = teamWords('ar');
  const invitee = await signedInContext(browser, 'ar');
  const open = await teamInviting(invitee.user.email, 'Open crew', 'admin');
  const withdrawn = await teamInviting(invitee.user.email, 'Withdrawn crew');
  const page = invitee.page;

  await page.goto('/ar/teams');
  const rows = page.getByTestId('waiting-invitations').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expectNoAxeViolations(page);

  // The team withdraws one while the list is open: accepting it says so, and nothing is spent or joined.
  await admin()
    .from('team_invitations')
    .update({ revoked_at: new Date().toISOString() })
    .eq('id', withdrawn.invitationId);
  const withdrawnRow = rows.filter({ hasText: 'Withdrawn crew' });
  await withdrawnRow.getByRole('button', { name: t('accept') }).click();
  await expect(withdrawnRow.getByText(t('errors.invitation_revoked'))).toBeVisible();
  expect(await invitationRow(withdrawn.invitationId)).toMatchObject({ accepted_at: null, accepted_by: null });
  expect(await rolesIn(withdrawn.slug)).not.toHaveProperty(invitee.user.id);

  await rows
    .filter({ hasText: 'Open crew' })
    .getByRole('button', { name: t('accept') })
    .click();
  await expect(page).toHaveURL(`/ar/teams/${open.slug}?done=joined`);
  await expectStatus(page, t('done.joined'));
  expect((await rolesIn(open.slug))[invitee.user.id]).toBe('admin');
  expect(await invitationRow(open.invitationId)).toMatchObject({ accepted_by: invitee.user.id });
  await invitee.context.close();
});

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: a link that names no invitation is a 404 in the visitor's language, signed out and in; a withdrawn one says so, an open one is declined there`, async ({
    page,
    browser,
  }) => {
    const t = teamWords(locale);
    const notFoundTitle = (messages[locale].NotFound as { title: string }).title;
    const expectNotFound = async (visitor: Page, path: string) => {
      const response = await visitor.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(notFoundTitle);
      await expect(visitor.getByText(t('invitationStatus.missing'))).toBeVisible();
      await expect(visitor.getByRole('link', { name: t('allTeams') })).toBeVisible();
    };
    // A well-formed token no invitation has, and one the database cannot take for a token at all.
    await expectNotFound(page, `/${locale}/invitations/${'A'.repeat(43)}`);
    await expectNotFound(page, `/${locale}/invitations/not-a-token`);
    await expectNoAxeViolations(page);

    const invitee = await signedInContext(browser, locale);
    await expectNotFound(invitee.page, `/${locale}/invitations/${'B'.repeat(43)}`);

    // An invitation that exists but was withdrawn is the page itself, saying so.
    const withdrawn = await teamInviting(invitee.user.email, 'Withdrawn crew');
    await admin()
      .from('team_invitations')
      .update({ revoked_at: new Date().toISOString() })
      .eq('id', withdrawn.invitationId);
    for (const visitor of [page, invitee.page]) {
      const response = await visitor.goto(`/${locale}/invitations/${withdrawn.token}`);
      expect(response?.status()).toBe(200);
      await expect(visitor.getByTestId('invitation-closed')).toContainText(t('invitationStatus.revoked'));
    }

    // An open one is declined from its link's page (the preview names the invitation).
    const open = await teamInviting(invitee.user.email, 'Open crew');
    await invitee.page.goto(`/${locale}/invitations/${open.token}`);
    await invitee.page
      .getByTestId('invitation-decline-form')
      .getByRole('button', { name: t('decline') })
      .click();
    await expect(invitee.page).toHaveURL(`/${locale}/teams?done=declined`);
    expect((await invitationRow(open.invitationId))?.declined_at).not.toBeNull();
    await invitee.context.close();
  });
}
