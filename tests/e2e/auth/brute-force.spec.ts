import { expect, type Page, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { enrollFactors } from '../support/authenticator';
import { trustedIpHeader } from '../support/test-env';

// Guessing one account from many addresses (ASVS 6.3.1): GoTrue counts per IP, its lockout hooks per account
// (supabase/migrations/*_sign_in_attempt_hooks.sql; the app reads their refusal and vouches for browsers with a
// device cookie, lib/auth/attempt-limits.ts). The e2e server trusts `trustedIpHeader` as a proxy's client-IP header, so each
// attempt here comes from a new visitor IP, which the app passes to GoTrue with the secret key.

let nextIp = 0;
const freshIp = () => `198.51.100.${(nextIp += 1) % 250}`;

async function submitPassword(page: Page, email: string, password: string) {
  await page.setExtraHTTPHeaders({ [trustedIpHeader]: freshIp() });
  const form = page.locator('form:has(input[name="password"])');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('wrong passwords from many addresses lock the account, yet the owner’s browser still signs in', async ({
    page,
    browser,
  }) => {
    const user = await createConfirmedUser();
    // The owner signed in on their own browser before: it holds the device cookie.
    const owner = await browser.newContext({ javaScriptEnabled: false });
    const ownerPage = await owner.newPage();
    await signInWithPassword(ownerPage, user.email, user.password);
    const device = (await owner.cookies()).find((cookie) => cookie.name === 'polyglot-device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await owner.clearCookies({ name: /auth-token/ });

    await page.goto('/de/sign-in');
    const message = page.getByTestId('form-message');
    for (let i = 1; i < 10; i++) {
      await submitPassword(page, user.email, `Wrong-guess-${i}`);
      await expect(message).toHaveText('E-Mail-Adresse oder Passwort ist nicht korrekt.');
    }
    const locked = 'Zu viele fehlgeschlagene Versuche für dieses Konto. Versuchen Sie es in 1 Minute erneut.';
    await submitPassword(page, user.email, 'Wrong-guess-10');
    await expect(message).toHaveText(locked);
    // Even the right password waits in a browser the account has not signed in from.
    await submitPassword(page, user.email, user.password);
    await expect(message).toHaveText(locked);
    await expect(page).toHaveURL(/\/de\/sign-in/);

    await signInWithPassword(ownerPage, user.email, user.password);
    await expect(ownerPage).toHaveURL('/en/account');
    await owner.close();
  });
});

test('wrong codes at the code step lock it for a while, whatever the address', async ({ page }) => {
  const user = await createConfirmedUser({ locale: 'fr' });
  const [app] = await enrollFactors(user.email, user.password, ['Phone']);
  await signInWithPassword(page, user.email, user.password, { locale: 'fr' });
  await expect(page).toHaveURL('/fr/sign-in/verify?next=%2Faccount');
  const alert = page.getByRole('alert');
  for (let i = 1; i <= 5; i++) {
    await page.setExtraHTTPHeaders({ [trustedIpHeader]: freshIp() });
    await page.getByLabel('Code à 6 chiffres').fill(app!.wrongCode());
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(
      alert.filter({ hasText: i < 5 ? 'Ce code n’est pas correct.' : 'Trop de tentatives' }),
    ).toBeVisible();
  }
  await expect(
    alert.filter({ hasText: 'Trop de tentatives infructueuses pour ce compte. Réessayez dans 1 minute.' }),
  ).toBeVisible();
  // The auth server ended the session with the refusal; signed in again, a right code is refused too until the
  // lockout ends.
  await signInWithPassword(page, user.email, user.password, { locale: 'fr' });
  await expect(page).toHaveURL('/fr/sign-in/verify?next=%2Faccount');
  await page.getByLabel('Code à 6 chiffres').fill(await app!.freshCode());
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(alert.filter({ hasText: 'Réessayez dans 1 minute.' })).toBeVisible();
  await expect(page).toHaveURL('/fr/sign-in/verify?next=%2Faccount');
});
