import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { expect, type Page, test } from '../support/test';
import { createConfirmedUser, findUser, signInWithPassword, uniqueEmail } from '../support/auth-users';
import { arabicIndic, Authenticator, enrollFactors } from '../support/authenticator';
import { expectNoAxeViolations } from '../support/axe';
import { localServerRequestsDuring } from '../support/local-server-requests';
import { readSessionCookie, writeSessionCookie } from '../support/session-cookie';
import { publishableKey, secretKey, supabaseUrl, usesLocalAuth } from '../support/test-env';

// Two-factor sign-in with an authenticator app, through the UI, against the local auth server.

type Messages = typeof import('../../../messages/en.json');
function messages(locale: string) {
  const all = JSON.parse(
    readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), 'utf8'),
  ) as Messages;
  return { two: all.TwoFactor, errors: all.AuthErrors, account: all.Account };
}
const isolates = /[\u2066-\u2069]/g;

async function factorsOf(userId: string) {
  return (await findUser(userId))?.factors ?? [];
}

function sessionsSection(page: Page) {
  return page.locator('section[aria-labelledby="sessions-title"]');
}

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: enroll, sign in with the code, the account waits for it at aal1, remove the app`, async ({
    page,
  }) => {
    // Three codes from one app: the third needs the clock's next 30-s step.
    test.setTimeout(150_000);
    const { two, errors, account } = messages(locale);
    const typed = (code: string) => (locale === 'ar' ? arabicIndic(code) : code);
    const appName = locale === 'ar' ? 'الهاتف' : 'Phone';
    const user = await createConfirmedUser({ locale });
    await signInWithPassword(page, user.email, user.password, { locale });
    await expect(page).toHaveURL(`/${locale}/account`);

    // Enroll: a name, then the QR code and the secret as text.
    const section = page.locator('section[aria-labelledby="two-factor-title"]');
    await expect(section.getByRole('heading', { name: two.sectionTitle })).toBeVisible();
    await expect(section.getByTestId('two-factor-off')).toHaveText(two.statusOff);
    await expect(section.getByTestId('two-factor-on')).toHaveCount(0);
    await expect(section).toContainText(two.backupNote);
    await section.getByLabel(two.enrollName).fill(appName);
    await section.getByRole('button', { name: two.enrollStart }).click();
    const qr = section.getByRole('img', { name: two.qrAlt });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const shown = (await section.getByTestId('two-factor-secret').textContent()) ?? '';
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    await expect(section.getByRole('button', { name: two.copySecret })).toBeVisible();
    await expectNoAxeViolations(page);
    const app = new Authenticator(shown);

    // A wrong first code is refused, and the QR code and secret stay for the next try.
    await section.getByLabel(two.confirmCode).fill(typed(app.wrongCode()));
    await section.getByRole('button', { name: two.confirmSubmit }).click();
    await expect(section.getByRole('alert').filter({ hasText: errors.mfaCodeWrong })).toBeVisible();
    await expect(section.getByTestId('two-factor-secret')).toHaveText(shown);
    await section.getByLabel(two.confirmCode).fill(typed(await app.freshCode()));
    await section.getByRole('button', { name: two.confirmSubmit }).click();
    await expect(section.getByRole('status').filter({ hasText: two.enabled })).toBeVisible();
    const row = section.getByTestId('two-factor-app');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(appName);
    await expect(row).toContainText(two.addedOn.replace(/<bdi>\{date\}<\/bdi>.*/, '').trim());

    // Sign out, sign in with the password: the code step, keeping where the visitor was going.
    await sessionsSection(page).getByRole('button', { name: account.signOut, exact: true }).click();
    await expect(page).toHaveURL(`/${locale}`);
    await signInWithPassword(page, user.email, user.password, { locale });
    await expect(page).toHaveURL(`/${locale}/sign-in/verify?next=%2Faccount`);
    await expect(page.getByRole('heading', { level: 1, name: two.verifyTitle })).toBeVisible();
    // The same session reaching the account page directly is sent back to the code step.
    await page.goto(`/${locale}/account`);
    await expect(page).toHaveURL(`/${locale}/sign-in/verify?next=%2Faccount`);

    const code = page.getByLabel(two.code);
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    const wrong = typed(app.wrongCode());
    await code.fill(wrong);
    await page.getByRole('button', { name: two.verifySubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: errors.mfaCodeWrong })).toBeVisible();
    await expect(page.getByLabel(two.code)).toHaveValue(wrong);
    await expect(page).toHaveURL(`/${locale}/sign-in/verify?next=%2Faccount`);
    await expectNoAxeViolations(page);
    await page.getByLabel(two.code).fill(typed(await app.freshCode()));
    await page.getByRole('button', { name: two.verifySubmit }).click();
    await expect(page).toHaveURL(`/${locale}/account`);
    await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
    // At aal2 the code step sends the user on.
    await page.goto(`/${locale}/sign-in/verify?next=%2Faccount%3Fupdated%3Dprofile`);
    await expect(page).toHaveURL(`/${locale}/account?updated=profile`);

    // Removing the app asks for a code from it first.
    await row.getByText(two.removeSummary, { exact: true }).click();
    const removeLabel = two.removeCode.replace('<bdi>{name}</bdi>', appName);
    const removeCode = row.getByRole('textbox');
    expect(((await row.locator('label').textContent()) ?? '').replace(isolates, '')).toBe(removeLabel);
    await removeCode.fill(typed(app.wrongCode()));
    await row.getByRole('button', { name: two.removeSubmit }).click();
    await expect(row.getByRole('alert').filter({ hasText: errors.mfaCodeWrong })).toBeVisible();
    await row.getByRole('textbox').fill(typed(await app.freshCode()));
    await row.getByRole('button', { name: two.removeSubmit }).click();
    await expect(section.getByRole('status').filter({ hasText: two.removed })).toBeVisible();
    await expect(section.getByTestId('two-factor-app')).toHaveCount(0);
    await expect(section.getByTestId('two-factor-off')).toBeVisible();

    // Without the app, signing in goes straight to the account again.
    await sessionsSection(page).getByRole('button', { name: account.signOut, exact: true }).click();
    await signInWithPassword(page, user.email, user.password, { locale });
    await expect(page).toHaveURL(`/${locale}/account`);
  });
}

test('an abandoned enrollment leaves nothing behind: the list stays empty, the name is free, cancel removes it', async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const section = page.locator('section[aria-labelledby="two-factor-title"]');
  const start = async () => {
    await section.getByLabel('Name for this app').fill('Phone');
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(
      section.getByRole('img', { name: 'QR code for adding your Polyglot account to an authenticator app' }),
    ).toBeVisible();
  };
  await start();
  // Walk away mid-way: the unconfirmed app is no factor, and starting again with the same name works.
  await page.reload();
  await expect(section.getByTestId('two-factor-off')).toBeVisible();
  await expect(section.getByTestId('two-factor-app')).toHaveCount(0);
  await start();
  expect((await factorsOf(user.id)).map((factor) => factor.status)).toEqual(['unverified']);
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByLabel('Name for this app')).toBeVisible();
  expect(await factorsOf(user.id)).toEqual([]);
  // Signing in again needs no code.
  await sessionsSection(page).getByRole('button', { name: 'Sign out', exact: true }).click();
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/account');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the code step works as a plain form: refused with the code kept, then on to next', async ({
    page,
  }) => {
    const user = await createConfirmedUser();
    const [app] = await enrollFactors(user.email, user.password, ['Phone']);
    await signInWithPassword(page, user.email, user.password, { next: '/account?updated=profile' });
    await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount%3Fupdated%3Dprofile');
    const wrong = app!.wrongCode();
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This code is not correct.' })).toBeVisible();
    await expect(page.getByLabel('6-digit code')).toHaveValue(wrong);
    // Full-width digits and spaces, as a Japanese keyboard may give them.
    const code = (await app!.freshCode()).replace(/\d/g, (digit) =>
      String.fromCharCode(0xff10 + Number(digit)),
    );
    await page.getByLabel('6-digit code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/en/account?updated=profile');
  });
});

test('several apps: the code step asks which one; its sign-out ends the half-finished sign-in', async ({
  page,
}) => {
  const user = await createConfirmedUser();
  const [, laptop] = await enrollFactors(user.email, user.password, ['Phone', 'Laptop']);
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: 'Phone' })).toBeChecked();
  await page.getByRole('radio', { name: 'Laptop' }).check();
  await page.getByLabel('6-digit code').fill(await laptop!.freshCode());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/account');
  await expect(page.getByTestId('two-factor-app')).toHaveText([/Phone/, /Laptop/]);

  await sessionsSection(page).getByRole('button', { name: 'Sign out', exact: true }).click();
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/en');
  await page.goto('/en/account');
  await expect(page).toHaveURL('/en/sign-in?next=%2Faccount');
});

test('the assurance check at the edge asks the auth server nothing; public pages neither, at aal1 or aal2', async ({
  page,
}) => {
  test.skip(!usesLocalAuth, 'counts requests on the local auth server');
  const user = await createConfirmedUser();
  const [app] = await enrollFactors(user.email, user.password, ['Phone']);
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
  const status = async (path: string) => (await page.request.get(path, { maxRedirects: 0 })).status();
  const location = async (path: string) =>
    (await page.request.get(path, { maxRedirects: 0 })).headers().location;

  // aal1 with a factor: the middleware sends private pages to the code step from the token and cookie alone.
  expect(await location('/en/account')).toBe('/en/sign-in/verify?next=%2Faccount');
  expect(
    await localServerRequestsDuring(async () =>
      expect(await location('/en/account')).toBe('/en/sign-in/verify?next=%2Faccount'),
    ),
  ).toBe(0);
  expect(await localServerRequestsDuring(async () => expect(await status('/en')).toBe(200))).toBe(0);

  await page.getByLabel('6-digit code').fill(await app!.freshCode());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/account');
  // aal2: signed-out pages send the user on (an edge decision), public pages are static, the account page
  // confirms the session once (getUser, which carries the factors and so the level), lists the passkeys and, for a
  // user with an authenticator app, counts the recovery codes (the teams that would block deleting the account are
  // asked by the delete action, not on every view: docs/decisions/0015-private-page-reads.md).
  expect(
    await localServerRequestsDuring(async () => expect(await location('/en/sign-in')).toBe('/en/account')),
  ).toBe(0);
  expect(await localServerRequestsDuring(async () => expect(await status('/en')).toBe(200))).toBe(0);
  expect(await localServerRequestsDuring(async () => expect(await status('/en/account')).toBe(200))).toBe(3);
});

test('an account form posted from an aal1 session (forged: the page is out of reach) goes to the code step', async ({
  page,
  browser,
}) => {
  // The "Sign out everywhere" form's hidden action fields, as a browser without JavaScript gets them.
  const other = await createConfirmedUser();
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await plain.newPage();
  await signInWithPassword(otherPage, other.email, other.password);
  const form = sessionsSection(otherPage).locator('form').filter({ hasText: 'Sign out everywhere' });
  const fields = await form.evaluate((element: HTMLFormElement) =>
    Object.fromEntries([...new FormData(element)].map(([key, value]) => [key, String(value)])),
  );
  await plain.close();

  // A two-factor user signed in with the password only posts it to the account page: the middleware answers
  // before the action runs (Next finds an action only on the page that has its form).
  const user = await createConfirmedUser();
  const [app] = await enrollFactors(user.email, user.password, ['Phone']);
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
  const response = await page.request.post('/en/account', {
    multipart: fields,
    maxRedirects: 0,
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toBe('/en/sign-in/verify?next=%2Faccount');
  // The same post from a session at aal2 is the action's own: it answers, no redirect.
  await page.getByLabel('6-digit code').fill(await app!.freshCode());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/account');
  const accepted = await page.request.post('/en/account', {
    multipart: fields,
    maxRedirects: 0,
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(accepted.status()).toBe(303);
  expect(accepted.headers().location).toBe('/en/sign-in?status=signed-out-everywhere');
});

const pngSignature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** The server actions the account page can call, from the production build's own list of them. */
function accountActions(): { id: string; name: string }[] {
  const manifest = JSON.parse(
    readFileSync(new URL('../../../.next/server/server-reference-manifest.json', import.meta.url), 'utf8'),
  ) as { node: Record<string, { workers: Record<string, unknown>; exportedName: string }> };
  return Object.entries(manifest.node)
    .filter(([, action]) => 'app/[locale]/account/page' in action.workers)
    .map(([id, action]) => ({ id, name: action.exportedName }));
}

test('every account action posted from a forged aal1 session is refused, and nothing changes', async ({
  page,
  context,
}) => {
  const user = await createConfirmedUser({ displayName: 'Kept Name' });
  // A team of the user's, which the user menu's read must not show to a session that owes its second factor. It is
  // made before the factor: a password-only session of a user with one reaches no team.
  const creator = createClient(supabaseUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect(
    (await creator.auth.signInWithPassword({ email: user.email, password: user.password })).error,
  ).toBeNull();
  const teamName = `Forged Sweep ${randomUUID().slice(0, 8)}`;
  expect(
    (await creator.rpc('create_team', { p_slug: `sweep-${randomUUID().slice(0, 8)}`, p_name: teamName }))
      .error,
  ).toBeNull();
  await enrollFactors(user.email, user.password, ['Phone']);
  const before = (await findUser(user.id))!;
  const factorId = before.factors![0]!.id;
  // Another device of the user's: signing out other devices, or everywhere, would end its session.
  const device = createClient(supabaseUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect(
    (await device.auth.signInWithPassword({ email: user.email, password: user.password })).error,
  ).toBeNull();

  // The password alone, then the cookie's copy of the user edited so the middleware sees no second factor.
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
  const session = await readSessionCookie(context);
  delete (session.user as { factors?: unknown }).factors;
  await writeSessionCookie(context, session);
  // The middleware now lets posts to the account page through to its actions: each answer below carries the action's
  // own redirect header (`x-action-redirect`), which only an action that ran sends. (A GET of the page is no test of
  // that: the page's own guard answers it with a redirect to the code step before anything renders.)

  // What each action needs to take effect, as a crafted post would send it. Signing out (this device only) is
  // always allowed; every other action of the account page must be listed here.
  const forms: Record<
    string,
    { fields: Record<string, string | File>; stateless?: boolean; read?: boolean }
  > = {
    updateProfile: { fields: { displayName: 'Forged Name', preferredLocale: 'de' } },
    // A file whose bytes are a PNG's, so the upload's own checks pass and only the session can stop it.
    uploadAvatar: { fields: { picture: new File([pngSignature], 'forged.png', { type: 'image/png' }) } },
    removeAvatar: { fields: {} },
    changeEmail: { fields: { email: uniqueEmail('forged') } },
    changePassword: { fields: { password: 'Forged-Pass-2026', confirmPassword: 'Forged-Pass-2026' } },
    passkeyRegistrationOptions: { fields: { name: 'Forged key' }, stateless: true },
    addPasskey: { fields: { name: 'Forged key', challengeId: randomUUID(), credential: '{"id":"forged"}' } },
    renamePasskey: { fields: { id: randomUUID(), name: 'Forged key' } },
    deletePasskey: { fields: { id: randomUUID() } },
    enrollTwoFactor: { fields: { step: 'start', name: 'Forged app' } },
    removeTwoFactor: { fields: { factorId, code: '000000' } },
    // Security keys as a second factor: each step of adding or removing one.
    securityKeyEnrollOptions: { fields: { name: 'Forged key' }, stateless: true },
    addSecurityKey: {
      fields: { name: 'Forged key', factorId, challengeId: randomUUID(), credential: '{"id":"forged"}' },
    },
    securityKeyProofOptions: { fields: { factorId }, stateless: true },
    removeSecurityKey: { fields: { factorId, challengeId: randomUUID(), credential: '{"id":"forged"}' } },
    manageRecoveryCodes: { fields: { intent: 'regenerate', factorId, code: '000000' } },
    // The offer after a second-factor change: a plain form action, no previous state.
    endOtherSessions: { fields: {}, stateless: true },
    // "Your sessions" shares its module with the sign-out forms, so the account page can call it too.
    endSession: { fields: { sessionId: randomUUID() }, stateless: true },
    signOutEverywhere: { fields: {}, stateless: true },
    deleteAccount: { fields: { confirmation: 'delete' } },
    // The email change's codes; the same action takes sign-in codes on public pages.
    verifyEmailCode: { fields: { type: 'email_change', email: user.email, code: '000000' } },
    // The user menu's teams, read when it opens: no redirect (a background read must not navigate), and nothing.
    menuTeams: { fields: {}, stateless: true, read: true },
  };
  const actions = accountActions().filter(({ name }) => name !== 'signOut');
  expect(actions.map(({ name }) => name).sort()).toEqual(Object.keys(forms).sort());
  // The ones that end sessions or the account last, so each of the others meets a live session.
  const last = ['endOtherSessions', 'signOutEverywhere', 'deleteAccount'];
  actions.sort((a, b) => last.indexOf(a.name) - last.indexOf(b.name));

  const origin = new URL(page.url()).origin;
  for (const { id, name } of actions) {
    const { fields, stateless, read } = forms[name]!;
    // React's encoding of an action's arguments: the form data's fields prefixed `_1_`, then (last, as the server
    // reads the parts in order) the arguments themselves in part `0`, the form data as `$K1`.
    const multipart = new FormData();
    for (const [key, value] of Object.entries({ locale: 'en', ...fields }))
      multipart.append(`_1_${key}`, value);
    multipart.append('0', JSON.stringify(stateless ? ['$K1'] : [{ status: 'idle' }, '$K1']));
    const response = await page.request.post('/en/account', {
      headers: { 'Next-Action': id, Origin: origin, Accept: 'text/x-component' },
      multipart,
      maxRedirects: 0,
    });
    const answered = `${name}: ${response.status()} ${(await response.text()).slice(0, 400)}`;
    if (read) {
      expect(response.status(), answered).toBe(200);
      expect(await response.text(), answered).not.toContain(teamName);
      continue;
    }
    expect(response.headers()['x-action-redirect'] ?? answered, name).toMatch(
      /^\/en\/sign-in\/verify\?next=%2Faccount/,
    );
  }

  const after = (await findUser(user.id))!;
  const storage = createClient(supabaseUrl, secretKey, { auth: { persistSession: false } }).storage;
  const { data: pictures } = await storage.from('avatars').list(user.id);
  expect(pictures ?? []).toEqual([]);
  expect(after.email).toBe(before.email);
  expect(after.new_email ?? '').toBe('');
  expect(after.user_metadata).toEqual(before.user_metadata);
  expect(after.factors?.map(({ id, status }) => ({ id, status }))).toEqual([
    { id: factorId, status: 'verified' },
  ]);
  expect((await device.auth.getUser()).error).toBeNull();
  const password = createClient(supabaseUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect(
    (await password.auth.signInWithPassword({ email: user.email, password: user.password })).error,
  ).toBeNull();
});
