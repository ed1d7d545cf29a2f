import { readFileSync } from 'node:fs';
import { type CDPSession, expect, type Page, test } from '../support/test';
import { createTranslator } from 'next-intl';
import { createConfirmedUser, findUser, signInWithPassword } from '../support/auth-users';
import { enrollFactors } from '../support/authenticator';
import { expectNoAxeViolations } from '../support/axe';
import { readSessionCookie } from '../support/session-cookie';
import type english from '../../../messages/en.json';

// A security key as the second factor (GoTrue's WebAuthn MFA factor), with Chromium's virtual authenticator
// (DevTools protocol) standing in for a USB key.

const messages = JSON.parse(readFileSync('messages/en.json', 'utf8')) as typeof english;
const keys = messages.SecurityKeys;
/** The recovery texts for a user whose only second factor is a security key. */
const recovery = createTranslator({ locale: 'en', messages, namespace: 'RecoveryCodes' });

/** A message as a server action sends it: the `<bdi>` value between Unicode isolates (i18n/isolate.tsx). */
const withValue = (message: string, name: string) =>
  message.replace('<bdi>{name}</bdi>', `\u2068${name}\u2069`);

async function addSecurityKey(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const aalOf = (session: Record<string, unknown>) =>
  JSON.parse(Buffer.from(String(session.access_token).split('.')[1]!, 'base64url').toString()).aal;

test('enroll a security key on the account page, then pass the code step with it after a password sign-in', async ({
  page,
  context,
}) => {
  const { cdp, authenticatorId } = await addSecurityKey(page);
  const user = await createConfirmedUser({});
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/account');

  const section = page.locator('section[aria-labelledby="security-keys-title"]');
  await expect(section.getByRole('heading', { name: keys.title })).toBeVisible();
  await section.getByLabel(keys.nameLabel).fill('YubiKey');
  await section.getByRole('button', { name: keys.add }).click();
  await expect(section).toContainText(withValue(keys.added, 'YubiKey'));
  await expect(section.getByTestId('security-key')).toContainText('YubiKey');
  // The first key, like the first app, comes with recovery codes, shown once; they stand in for the key, not an app.
  const shown = section.getByTestId('recovery-codes-shown');
  await expect(shown).toContainText(recovery('shownOnce', { ways: 'keys' }));
  await expect(shown).not.toContainText(/authenticator app/i);
  const file = decodeURIComponent(
    (
      (await shown.getByRole('link', { name: messages.RecoveryCodes.download }).getAttribute('href')) ?? ''
    ).replace(/^data:[^,]*,/, ''),
  );
  expect(file.split('\n')[0]).toBe(recovery('fileHeading', { ways: 'keys' }));
  // Two-factor authentication is on, though there is no app, and the section says so.
  await expect(page.getByTestId('two-factor-off')).toHaveCount(0);
  await expect(page.getByTestId('two-factor-on')).toHaveText(messages.TwoFactor.statusOn);
  await expectNoAxeViolations(page);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  const factors = (await findUser(user.id))?.factors ?? [];
  expect(
    factors.map(({ factor_type, status, friendly_name }) => ({ factor_type, status, friendly_name })),
  ).toEqual([
    { factor_type: 'webauthn', status: 'verified', friendly_name: 'YubiKey' },
    expect.objectContaining({ factor_type: 'recovery_code', status: 'verified' }),
  ]);

  // Sign out; the password alone then leads to the code step, where the key is the way forward.
  await page.getByRole('main').getByRole('button', { name: messages.Account.signOut, exact: true }).click();
  await expect(page).toHaveURL('/en');
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
  await expect(page.getByText(keys.verifyDescription)).toBeVisible();
  // No code to enter: the step is headed "Confirm it's you", not "Enter your code".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.TwoFactor.confirmTitle);
  await expect(page).toHaveTitle(new RegExp(`^${messages.TwoFactor.confirmTitle}`));
  // No app: no code field to fill in.
  await expect(page.locator('input[name="code"]')).toHaveCount(0);
  const useKey = page.getByRole('button', { name: keys.use });
  await expect(useKey).toBeEnabled();
  await expectNoAxeViolations(page);
  expect(aalOf(await readSessionCookie(context))).toBe('aal1');
  // The recovery codes are the other way forward; from there, back to the key.
  await page.getByRole('link', { name: messages.RecoveryCodes.useRecoveryCode }).click();
  await page.getByRole('link', { name: keys.useKeyInstead }).click();
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');

  await useKey.click();
  await expect(page).toHaveURL('/en/account');
  expect(aalOf(await readSessionCookie(context))).toBe('aal2');
  await expect(page.locator('section[aria-labelledby="security-keys-title"]')).toContainText('YubiKey');
});

test('without JavaScript the code step says the key needs it, and the button stays disabled', async ({
  browser,
}) => {
  const user = await createConfirmedUser({});
  const withScript = await browser.newContext();
  const page = await withScript.newPage();
  await addSecurityKey(page);
  await signInWithPassword(page, user.email, user.password);
  const section = page.locator('section[aria-labelledby="security-keys-title"]');
  await section.getByLabel(keys.nameLabel).fill('Key');
  await section.getByRole('button', { name: keys.add }).click();
  await expect(section.getByTestId('security-key')).toContainText('Key');
  await withScript.close();

  // A password sign-in (a plain form post) in a browser without JavaScript: aal1, so the code step shows.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/en/sign-in');
  await bare.locator('input[name="email"]').fill(user.email);
  await bare.locator('input[name="password"]').fill(user.password);
  await bare.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(bare).toHaveURL(/\/en\/sign-in\/verify/);
  await expect(bare.getByRole('button', { name: keys.use })).toBeDisabled();
  await expect(bare.getByText(keys.needsScript)).toBeVisible();
  await noScript.close();
});

test('with an app and a key, the code step offers both; a bad signature is refused; the key is removed at aal2', async ({
  page,
}) => {
  const user = await createConfirmedUser({});
  const [app] = await enrollFactors(user.email, user.password, ['Phone']);
  const { cdp, authenticatorId } = await addSecurityKey(page);
  const codeStep = async () => {
    await signInWithPassword(page, user.email, user.password);
    await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
  };

  // The app's code first (the account asks for aal2), then a key beside it.
  await codeStep();
  await page.locator('input[name="code"]').fill(await app!.freshCode());
  await page.getByRole('button', { name: messages.TwoFactor.verifySubmit }).click();
  await expect(page).toHaveURL('/en/account');
  const section = page.locator('section[aria-labelledby="security-keys-title"]');
  await section.getByLabel(keys.nameLabel).fill('Desk key');
  await section.getByRole('button', { name: keys.add }).click();
  await expect(section).toContainText(withValue(keys.added, 'Desk key'));

  await page.getByRole('main').getByRole('button', { name: messages.Account.signOut, exact: true }).click();
  await expect(page).toHaveURL('/en');
  await codeStep();
  // Every way forward: the code field and the key.
  await expect(page.getByText(messages.TwoFactor.verifyDescription)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.TwoFactor.verifyTitle);
  await expect(page.locator('input[name="code"]')).toBeVisible();
  const useKey = page.getByRole('button', { name: keys.use });
  await expect(useKey).toBeEnabled();

  // A signature that does not verify reads as a key this account does not know.
  await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: true });
  await useKey.click();
  await expect(page.getByText(messages.AuthErrors.securityKeyUnknown)).toBeVisible();
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount');
  await expectNoAxeViolations(page);
  await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: false });
  await useKey.click();
  await expect(page).toHaveURL('/en/account');

  // Removing the key asks the key once more.
  const item = section.getByTestId('security-key');
  await item.getByText(keys.removeSummary, { exact: true }).click();
  await expect(item.getByText(keys.removeHint)).toBeVisible();
  await expectNoAxeViolations(page);
  await item.getByRole('button', { name: keys.removeSubmit }).click();
  await expect(section).toContainText(keys.removed);
  await expect(section.getByTestId('security-key')).toHaveCount(0);
  const factors = (await findUser(user.id))?.factors ?? [];
  expect(factors.filter((factor) => factor.factor_type === 'webauthn')).toEqual([]);
});
