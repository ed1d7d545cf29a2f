import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import { createConfirmedUser, goodPassword, signInWithPassword, uniqueEmail } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';

// ASVS 6.2.4: a new password on zxcvbn-ts's common-password list is refused by the server, in the form's
// language, and the list never reaches the browser.

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

test('the common-password list is in the server build only', () => {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  // The list's first entries as @zxcvbn-ts/language-common stores them (compressed).
  const marker = 'A123456ApasswordA12345678Aqwerty';
  const holds = (dir: string) =>
    files(join(distDir, dir)).filter(
      (path) => path.endsWith('.js') && readFileSync(path, 'utf8').includes(marker),
    );
  expect(holds('server').length).toBeGreaterThan(0);
  expect(holds('static')).toEqual([]);
});

test('sign-up refuses a common password, in German', async ({ page }) => {
  const email = uniqueEmail('common-de');
  await page.goto('/de/sign-up');
  await page.locator('input[name="displayName"]').fill('Ada');
  await page.locator('input[name="email"]').fill(email);
  // Meets the length and character rules, so only the server's list refuses it.
  await page.locator('input[name="password"]').fill('Password1');
  await page.locator('form:has(input[name="displayName"]) button[type="submit"]').click();
  const password = page.locator('input[name="password"]');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText(
      'Dieses Passwort gehört zu den häufigsten oder ähnelt einem davon und ist daher leicht zu erraten. Bitte wählen Sie ein anderes.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL('/de/sign-up');
  await expect(page.locator('input[name="email"]')).toHaveValue(email);
  await expectNoAxeViolations(page);

  await password.fill(goodPassword);
  await page.locator('form:has(input[name="displayName"]) button[type="submit"]').click();
  await expect(page).toHaveURL('/de/sign-up/check-email');
});

test('changing the password refuses a common one, in Japanese', async ({ page }) => {
  const user = await createConfirmedUser({ locale: 'ja' });
  await signInWithPassword(page, user.email, user.password, { locale: 'ja' });
  await page.goto('/ja/account');
  const section = page.locator('section[aria-labelledby="password-title"]');
  await section.locator('input[name="password"]').fill('Passw0rd');
  await section.locator('input[name="confirmPassword"]').fill('Passw0rd');
  await section.locator('button[type="submit"]').click();
  await expect(
    section.getByText(
      'このパスワードはよく使われるもの、またはそれによく似たもので、簡単に推測されてしまいます。別のパスワードを設定してください。',
    ),
  ).toBeVisible();
  // Refused here, before the auth server: the old password still signs in.
  await page.context().clearCookies();
  await signInWithPassword(page, user.email, user.password, { locale: 'ja' });
});
