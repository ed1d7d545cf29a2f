import { readFileSync } from 'node:fs';
import { type CDPSession, expect, type Page, test } from '../support/test';
import { createClient } from '@supabase/supabase-js';
import { createTranslator, type Locale } from 'next-intl';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { arabicIndic, Authenticator, enrollFactors } from '../support/authenticator';
import { expectNoAxeViolations } from '../support/axe';
import { publishableKey, supabaseUrl } from '../support/test-env';
import type english from '../../../messages/en.json';

// Passkeys against the local auth server, with Chromium's virtual authenticator (DevTools protocol) standing in
// for Touch ID or Windows Hello: a platform authenticator with discoverable credentials and user verification.

/** The locale's messages (same keys as English: tests/unit/messages.test.ts). */
const messagesOf = (locale: string): typeof english =>
  JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8'));

/** The code step's note after a passkey sign-in, naming the second factors the user has. */
type Ways = 'app' | 'keys' | 'both';
const codeStep = (locale: Locale, key: 'passkeyNote' | 'signOutHint' | 'signOutOnly', ways: Ways) =>
  createTranslator({ locale, messages: messagesOf(locale), namespace: 'CodeStep' })(key, { ways });
const passkeyNote = (locale: Locale, ways: Ways) => codeStep(locale, 'passkeyNote', ways);

/** A message as a server action sends it: the `<bdi>` value between Unicode isolates (i18n/isolate.tsx). */
const withValue = (message: string, name: string) =>
  message.replace('<bdi>{name}</bdi>', `\u2068${name}\u2069`);

async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * Chromium's virtual authenticator answers an autofill (conditional) request at once, as if the visitor had picked
 * the passkey. To press the button instead, the page is told the browser has no passkey autofill, which some
 * browsers indeed lack (the flag lives in sessionStorage: `autofill(page, false)`, then navigate).
 */
async function allowAutofillSwitch(page: Page) {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('no-passkey-autofill'))
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
}

async function autofill(page: Page, on: boolean) {
  await page.evaluate(
    (off) =>
      off
        ? sessionStorage.setItem('no-passkey-autofill', '1')
        : sessionStorage.removeItem('no-passkey-autofill'),
    !on,
  );
}

async function credentialCount(cdp: CDPSession, authenticatorId: string): Promise<number> {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
}

const section = (page: Page) => page.locator('section[aria-labelledby="passkeys-title"]');
const addForm = (page: Page) => page.getByTestId('passkey-add-form');
/** Where the list announces the outcome of a rename or delete. */
const listStatus = (page: Page) => page.getByTestId('passkey-status');

const cases = [
  {
    locale: 'en',
    // Plain words: the list isolates the name and gives it its direction when it shows it (passkey-list.tsx).
    suggested: 'Chrome on Windows',
    chosen: 'Work laptop',
    renamed: 'Old laptop',
    signOut: 'Sign out',
  },
  {
    locale: 'ar',
    suggested: 'Chrome على Windows',
    chosen: 'حاسوب العمل',
    renamed: 'الحاسوب القديم',
    signOut: 'تسجيل الخروج',
  },
];

for (const { locale, suggested, chosen, renamed, signOut } of cases) {
  test(`${locale}: add a passkey, sign in with it, rename it, delete it, then it no longer signs in`, async ({
    page,
  }) => {
    const { Passkeys: t, AuthErrors: errors } = messagesOf(locale);
    const user = await createConfirmedUser({ locale });
    await allowAutofillSwitch(page);
    await signInWithPassword(page, user.email, user.password, { locale });
    await expect(page).toHaveURL(`/${locale}/account`);
    await autofill(page, false);
    const { cdp, authenticatorId } = await addAuthenticator(page);

    // Add: the name is offered from the browser and system, and can be changed.
    await expect(section(page).getByText(t.empty)).toBeVisible();
    const name = section(page).getByLabel(t.nameLabel);
    await expect(name).toHaveValue(suggested);
    await name.fill(chosen);
    await section(page).getByRole('button', { name: t.add }).click();
    await expect(addForm(page).getByTestId('form-message')).toHaveText(withValue(t.added, chosen));
    const item = section(page).getByTestId('passkey-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(chosen);
    await expect(item.getByTestId('passkey-last-used')).toHaveText(t.neverUsed);
    await expect(name).toHaveValue(suggested);
    expect(await credentialCount(cdp, authenticatorId)).toBe(1);
    await expectNoAxeViolations(page);

    // Sign out, then sign in with the passkey alone: the session cookies are set and `next` is honoured.
    await page.getByRole('main').getByRole('button', { name: signOut, exact: true }).click();
    await expect(page).toHaveURL(`/${locale}`);
    await page.goto(`/${locale}/sign-in?next=${encodeURIComponent('/account#passkeys')}`);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.signIn }).click();
    await expect(page).toHaveURL(`/${locale}/account#passkeys`);
    await expect(page.getByTestId('current-email')).toContainText(user.email);
    const authCookies = (await page.context().cookies()).filter((cookie) =>
      /^sb-.+-auth-token(\.\d+)?$/.test(cookie.name),
    );
    expect(authCookies.length).toBeGreaterThan(0);
    for (const cookie of authCookies) expect(cookie.httpOnly).toBe(true);
    // The list now says when it was last used, as a localized date.
    const lastUsed = item.getByTestId('passkey-last-used').locator('time');
    await expect(lastUsed).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    const shown = await lastUsed.evaluate((time, lang) => {
      const expected = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(time.getAttribute('datetime')!),
      );
      return { text: time.textContent, expected };
    }, locale);
    expect(shown.text).toBe(shown.expected);

    // Rename, from the keyboard.
    await item.getByRole('button', { name: t.rename }).focus();
    await page.keyboard.press('Enter');
    const newName = item.getByLabel(t.newName);
    await expect(newName).toBeFocused();
    await expect(newName).toHaveValue(chosen);
    await newName.fill(renamed);
    await page.keyboard.press('Enter');
    await expect(listStatus(page)).toHaveText(withValue(t.renamed, renamed));
    await expect(item.locator('p').first()).toHaveText(renamed);
    await expect(item.getByRole('button', { name: t.rename })).toBeFocused();

    // Delete, after confirming in a dialog (checked with axe while open).
    await item.getByRole('button', { name: t.delete }).click();
    const dialog = page.getByRole('dialog', { name: t.deleteTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(renamed);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t.deleteConfirm }).click();
    await expect(dialog).toBeHidden();
    await expect(listStatus(page)).toHaveText(t.deleted);
    // The dialog's trigger left with the passkey: focus goes to the announcement, not to the top of the page.
    await expect(listStatus(page)).toBeFocused();
    await expect(section(page).getByTestId('passkey-item')).toHaveCount(0);
    await expect(section(page).getByText(t.empty)).toBeVisible();

    // The authenticator still holds the passkey, but the site no longer knows it.
    await page.getByRole('main').getByRole('button', { name: signOut, exact: true }).click();
    await expect(page).toHaveURL(`/${locale}`);
    await page.goto(`/${locale}/sign-in`);
    await page.getByRole('button', { name: t.signIn }).click();
    await expect(page.getByTestId('form-message')).toHaveText(errors.passkeyUnknown);
    await expect(page).toHaveURL(`/${locale}/sign-in`);
  });
}

test('ar: the suggested name is stored as plain words, shown right to left; a name stored with direction marks shows without them', async ({
  page,
}) => {
  const { Passkeys: t } = messagesOf('ar');
  const user = await createConfirmedUser({ locale: 'ar' });
  await signInWithPassword(page, user.email, user.password, { locale: 'ar' });
  await addAuthenticator(page);
  await expect(section(page).getByLabel(t.nameLabel)).toHaveValue('Chrome على Windows');
  await section(page).getByRole('button', { name: t.add }).click();
  const item = section(page).getByTestId('passkey-item');
  await expect(item).toHaveCount(1);

  const supabase = createClient(supabaseUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
  const stored = (await supabase.auth.passkey.list()).data ?? [];
  expect(stored.map((passkey) => passkey.friendly_name)).toEqual(['Chrome على Windows']);

  // As an earlier version saved names: each brand between isolates, and the whole between embedding marks.
  await supabase.auth.passkey.update({
    passkeyId: stored[0]!.id,
    friendlyName: '\u202B\u2068Chrome\u2069 على \u2068Windows\u2069\u202C',
  });
  await page.reload();
  const name = item.locator('p bdi').first();
  await expect(name).toHaveText('Chrome على Windows', { useInnerText: true });
  expect(await name.textContent()).toBe('Chrome على Windows');
  await expect(name).toHaveAttribute('dir', 'rtl');
  // Renamed through the form, marks typed or pasted in are dropped too.
  await item.getByRole('button', { name: t.rename }).click();
  await item.getByLabel(t.newName).fill('\u2068YubiKey\u2069 المكتب');
  await item.getByLabel(t.newName).press('Enter');
  await expect(listStatus(page)).toContainText('YubiKey المكتب');
  expect(((await supabase.auth.passkey.list()).data ?? []).map((passkey) => passkey.friendly_name)).toEqual([
    'YubiKey المكتب',
  ]);
});

test('a cancelled prompt says so and keeps what was typed, on sign-in and when adding', async ({ page }) => {
  const { Passkeys: t, AuthErrors: errors } = messagesOf('en');
  const user = await createConfirmedUser();
  const { cdp, authenticatorId } = await addAuthenticator(page);
  // The person does not confirm with their fingerprint, face or PIN.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });

  await page.goto('/en/sign-in');
  await page.locator('input[name="email"]').fill(user.email);
  await page.getByRole('button', { name: t.signIn }).click();
  await expect(page.getByTestId('form-message')).toHaveText(errors.passkeyCancelled);
  await expect(page.locator('input[name="email"]')).toHaveValue(user.email);

  await signInWithPassword(page, user.email, user.password);
  const name = section(page).getByLabel(t.nameLabel);
  await name.fill('My phone');
  await section(page).getByRole('button', { name: t.add }).click();
  await expect(addForm(page).getByTestId('form-message')).toHaveText(errors.passkeyCancelled);
  await expect(name).toHaveValue('My phone');
  expect(await credentialCount(cdp, authenticatorId)).toBe(0);
});

test('a second passkey on the same authenticator is refused as already registered', async ({ page }) => {
  const { Passkeys: t, AuthErrors: errors } = messagesOf('en');
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const { cdp, authenticatorId } = await addAuthenticator(page);
  await section(page).getByRole('button', { name: t.add }).click();
  await expect(section(page).getByTestId('passkey-item')).toHaveCount(1);
  await section(page).getByRole('button', { name: t.add }).click();
  await expect(addForm(page).getByTestId('form-message')).toHaveText(errors.passkeyAlreadyRegistered);
  await expect(section(page).getByTestId('passkey-item')).toHaveCount(1);
  expect(await credentialCount(cdp, authenticatorId)).toBe(1);
});

test('a browser without WebAuthn is told so, and nothing is sent', async ({ page }) => {
  const { Passkeys: t, AuthErrors: errors } = messagesOf('en');
  await page.addInitScript(() => {
    // @ts-expect-error: a browser from before WebAuthn
    delete window.PublicKeyCredential;
  });
  const user = await createConfirmedUser();
  await page.goto('/en/sign-in');
  await page.getByRole('button', { name: t.signIn }).click();
  await expect(page.getByTestId('form-message')).toHaveText(errors.passkeyUnsupported);

  await signInWithPassword(page, user.email, user.password);
  await section(page).getByLabel(t.nameLabel).fill('Old browser');
  await section(page).getByRole('button', { name: t.add }).click();
  await expect(addForm(page).getByTestId('form-message')).toHaveText(errors.passkeyUnsupported);
  await expect(section(page).getByLabel(t.nameLabel)).toHaveValue('Old browser');
});

test('the email field offers passkeys (autofill): picking one signs in and lands on next', async ({
  page,
  request,
}) => {
  const { Passkeys: t } = messagesOf('en');
  // Without JavaScript too, the field is marked for passkey suggestions.
  expect(await (await request.get('/en/sign-in')).text()).toMatch(
    /<input[^>]*name="email"[^>]*autoComplete="username webauthn"|<input[^>]*autoComplete="username webauthn"[^>]*name="email"/i,
  );

  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  await addAuthenticator(page);
  await addForm(page).getByRole('button', { name: t.add }).click();
  await expect(section(page).getByTestId('passkey-item')).toHaveCount(1);
  await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/en');
  // The virtual authenticator picks the suggested passkey as soon as the page asks: no button pressed.
  await page.goto(`/en/sign-in?next=${encodeURIComponent('/account#passkeys')}`);
  await expect(page).toHaveURL('/en/account#passkeys');
  await expect(page.getByTestId('current-email')).toContainText(user.email);
});

test('the autofill request renews its challenge before the auth server’s expires (5 minutes)', async ({
  page,
}) => {
  // No virtual authenticator here: it would answer the request at once. Chromium's own then waits for the visitor.
  await page.addInitScript(() => {
    const get = navigator.credentials.get.bind(navigator.credentials);
    const counted = window as unknown as { autofillRequests: number };
    counted.autofillRequests = 0;
    navigator.credentials.get = (options) => {
      if (options?.mediation === 'conditional') counted.autofillRequests++;
      return get(options);
    };
  });
  await page.clock.install();
  const challenges: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/en/auth/passkey-options')) challenges.push(sent.method());
  });
  const autofillRequests = () =>
    page.evaluate(() => (window as unknown as { autofillRequests: number }).autofillRequests);
  await page.goto('/en/sign-in');
  // The options for the autofill request (one challenge), then the request, waiting for the visitor.
  await expect.poll(autofillRequests).toBe(1);
  expect(challenges).toEqual(['GET']);
  await page.clock.fastForward('04:00');
  expect(await autofillRequests()).toBe(1);
  // Half a minute before the challenge's 5 minutes are up: fresh options, a new request.
  await page.clock.fastForward('00:45');
  await expect.poll(autofillRequests).toBe(2);
  expect(challenges).toEqual(['GET', 'GET']);
});

// GoTrue counts a passkey sign-in as aal1 (amr `passkey` is no MFA claim) and accepts at the code step
// only WebAuthn MFA factors, never passkeys, so a two-factor user still owes a code; the code step says why and
// shows every other way forward.
for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: a two-factor user who signs in with a passkey is told why the code step asks, and every way on`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { Passkeys: t, TwoFactor: two, CodeStep: step, RecoveryCodes: rc } = messagesOf(locale);
    const user = await createConfirmedUser({ locale });
    await allowAutofillSwitch(page);
    await signInWithPassword(page, user.email, user.password, { locale });
    await autofill(page, false);
    await addAuthenticator(page);
    await section(page).getByRole('button', { name: t.add }).click();
    await expect(section(page).getByTestId('passkey-item')).toHaveCount(1);
    const [, tablet] = await enrollFactors(user.email, user.password, ['Phone', 'Tablet']);

    await page.context().clearCookies();
    await page.goto(`/${locale}/sign-in`);
    await page.getByRole('button', { name: t.signIn }).click();
    await expect(page).toHaveURL(`/${locale}/sign-in/verify?next=%2Faccount`);
    await expect(page.getByTestId('code-step-passkey')).toHaveText(passkeyNote(locale, 'app'));
    const ways = page.getByTestId('code-step-ways');
    await expect(ways).toContainText(two.cantUseApp);
    await expect(ways).toContainText(step.otherApp);
    // No recovery codes yet: no link to them, and signing out is the last way.
    await expect(page.getByRole('link', { name: rc.useRecoveryCode })).toHaveCount(0);
    await expect(ways).toContainText(codeStep(locale, 'signOutOnly', 'app'));
    await expect(ways.getByRole('button', { name: two.signOut, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('radio', { name: 'Tablet' }).check();
    const code = await tablet!.freshCode();
    await page.getByLabel(two.code).fill(locale === 'ar' ? arabicIndic(code) : code);
    await page.getByRole('button', { name: two.verifySubmit }).click();
    await expect(page).toHaveURL(`/${locale}/account`);

    // A password sign-in says nothing about passkeys.
    await page.context().clearCookies();
    await signInWithPassword(page, user.email, user.password, { locale });
    await expect(page).toHaveURL(`/${locale}/sign-in/verify?next=%2Faccount`);
    await expect(page.getByTestId('code-step-ways')).toContainText(step.otherApp);
    await expect(page.getByTestId('code-step-passkey')).toHaveCount(0);
  });
}

// The note names the second factors the user has. Security keys only: the key, not an app; then an app
// beside the key: both.
test('a user with a passkey and a security key is told to confirm with the key, then with an app too', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { Passkeys: t, SecurityKeys: keys, TwoFactor: two } = messagesOf('en');
  const user = await createConfirmedUser({});
  await allowAutofillSwitch(page);
  await signInWithPassword(page, user.email, user.password);
  await autofill(page, false);
  // One authenticator holds both: the passkey (discoverable) and the security key (GoTrue's WebAuthn MFA factor,
  // a credential of its own that only the code step asks for).
  await addAuthenticator(page);
  await section(page).getByRole('button', { name: t.add }).click();
  await expect(section(page).getByTestId('passkey-item')).toHaveCount(1);
  const keySection = page.locator('section[aria-labelledby="security-keys-title"]');
  await keySection.getByLabel(keys.nameLabel).fill('YubiKey');
  await keySection.getByRole('button', { name: keys.add }).click();
  await expect(keySection.getByTestId('security-key')).toContainText('YubiKey');

  const passkeySignIn = async () => {
    await page.context().clearCookies();
    await page.goto('/en/sign-in');
    await page.getByRole('button', { name: t.signIn }).click();
    await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
  };
  await passkeySignIn();
  const note = page.getByTestId('code-step-passkey');
  await expect(note).toHaveText(passkeyNote('en', 'keys'));
  // The key, not an app the user does not have.
  await expect(note).toContainText('security key');
  await expect(note).not.toContainText('authenticator app');
  // The first key came with recovery codes; signing out is the other way, to come back with the key.
  const ways = page.getByTestId('code-step-ways');
  await expect(ways).toContainText(codeStep('en', 'signOutHint', 'keys'));
  await expect(ways).not.toContainText('app');
  await expect(page.locator('input[name="code"]')).toHaveCount(0);
  await page.getByRole('button', { name: keys.use }).click();
  await expect(page).toHaveURL('/en/account');

  // An app beside the key.
  const appSection = page.locator('section[aria-labelledby="two-factor-title"]');
  await appSection.getByLabel(two.enrollName).fill('Phone');
  await appSection.getByRole('button', { name: two.enrollStart }).click();
  const app = new Authenticator((await appSection.getByTestId('two-factor-secret').textContent()) ?? '');
  await appSection.getByLabel(two.confirmCode).fill(await app.freshCode());
  await appSection.getByRole('button', { name: two.confirmSubmit }).click();
  await expect(appSection.getByRole('status').filter({ hasText: two.enabled })).toBeVisible();

  await passkeySignIn();
  await expect(note).toHaveText(passkeyNote('en', 'both'));
  await expect(note).toContainText('authenticator app');
  await expect(note).toContainText('security key');
  await expect(page.locator('input[name="code"]')).toBeVisible();
  await expect(page.getByRole('button', { name: keys.use })).toBeEnabled();
});
