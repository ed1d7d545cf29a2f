import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '../support/test';
import { createClient } from '@supabase/supabase-js';
import { createTranslator } from 'next-intl';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { arabicIndic, Authenticator } from '../support/authenticator';
import { expectNoAxeViolations } from '../support/axe';
import { publishableKey, supabaseUrl } from '../support/test-env';

// MFA recovery codes through the UI against the local auth server: shown once when two-factor is turned
// on, usable once on the code step instead of the app, counted on the account page.

type Messages = typeof import('../../../messages/en.json');
function messages(locale: 'en' | 'ar') {
  const all = JSON.parse(
    readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), 'utf8'),
  ) as Messages;
  const left = createTranslator({ locale, messages: all, namespace: 'RecoveryCodes' });
  const remaining = (n: number, total: number) => left('remaining', { remaining: n, total });
  // The texts that name the user's second factors: here, an authenticator app.
  const forApp = (key: 'shownOnce' | 'fileHeading') => left(key, { ways: 'app' });
  return { two: all.TwoFactor, rc: all.RecoveryCodes, account: all.Account, remaining, forApp };
}

const signOut = (page: Page, label: string) =>
  page
    .locator('section[aria-labelledby="sessions-title"]')
    .getByRole('button', { name: label, exact: true })
    .click();

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: turning on two-factor shows recovery codes once; one signs in once, not twice; the count drops`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { two, rc, account, remaining, forApp } = messages(locale);
    const typed = (code: string) => (locale === 'ar' ? arabicIndic(code) : code);
    const user = await createConfirmedUser({ locale });
    await signInWithPassword(page, user.email, user.password, { locale });
    await expect(page).toHaveURL(`/${locale}/account`);

    const section = page.locator('section[aria-labelledby="two-factor-title"]');
    await section.getByLabel(two.enrollName).fill('Phone');
    await section.getByRole('button', { name: two.enrollStart }).click();
    const app = new Authenticator((await section.getByTestId('two-factor-secret').textContent()) ?? '');
    await section.getByLabel(two.confirmCode).fill(typed(await app.freshCode()));
    await section.getByRole('button', { name: two.confirmSubmit }).click();

    // The codes, once: ten of them in groups of four, with the warning, copy, download and print.
    const shown = section.getByTestId('recovery-codes-shown');
    await expect(shown.getByRole('heading', { name: rc.shownOnceTitle })).toBeVisible();
    await expect(shown).toContainText(forApp('shownOnce'));
    const items = shown.getByTestId('recovery-code');
    await expect(items).toHaveCount(10);
    const codes = (await items.allTextContents()).map((text) => text.trim());
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    await expect(shown.getByRole('button', { name: rc.copy })).toBeVisible();
    await expect(shown.getByRole('button', { name: rc.print })).toBeVisible();
    const download = shown.getByRole('link', { name: rc.download });
    await expect(download).toHaveAttribute('download', 'polyglot-recovery-codes.txt');
    const file = decodeURIComponent(
      ((await download.getAttribute('href')) ?? '').replace(/^data:[^,]*,/, ''),
    );
    expect(file).toBe(`${forApp('fileHeading')}\n\n${codes.join('\n')}\n`);
    await expectNoAxeViolations(page);

    // Not again: after a reload the codes are gone; the account page counts them.
    await page.reload();
    await expect(page.getByTestId('recovery-codes-shown')).toHaveCount(0);
    const summary = page.getByTestId('recovery-codes-summary');
    await expect(summary).toHaveText(remaining(10, 10));
    await expectNoAxeViolations(page);

    // Signing in again: the code step offers a recovery code instead of the app (a plain link).
    await signOut(page, account.signOut);
    await signInWithPassword(page, user.email, user.password, { locale });
    await expect(page).toHaveURL(`/${locale}/sign-in/verify?next=%2Faccount`);
    await page.getByRole('link', { name: rc.useRecoveryCode }).click();
    await expect(page).toHaveURL(`/${locale}/sign-in/verify?next=%2Faccount&method=recovery`);
    const field = page.getByLabel(rc.codeLabel);
    await field.fill('aaaa-bbbb-cccc-dddd');
    await page.getByRole('button', { name: rc.verifySubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: rc.wrong })).toBeVisible();
    await expect(page.getByLabel(rc.codeLabel)).toHaveValue('aaaa-bbbb-cccc-dddd');
    await expectNoAxeViolations(page);
    // Typed as people copy it from paper: upper case, with its hyphens.
    await page.getByLabel(rc.codeLabel).fill(codes[2]!.toUpperCase());
    await page.getByRole('button', { name: rc.verifySubmit }).click();
    await expect(page).toHaveURL(`/${locale}/account`);
    await expect(page.getByTestId('recovery-codes-summary')).toHaveText(remaining(9, 10));

    // The same code a second time is refused, and the user stays on the code step.
    await signOut(page, account.signOut);
    await signInWithPassword(page, user.email, user.password, { locale });
    await page.goto(`/${locale}/sign-in/verify?next=%2Faccount&method=recovery`);
    await page.getByLabel(rc.codeLabel).fill(codes[2]!);
    await page.getByRole('button', { name: rc.verifySubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: rc.wrong })).toBeVisible();
    await page.goto(`/${locale}/account`);
    await expect(page).toHaveURL(`/${locale}/sign-in/verify?next=%2Faccount`);
  });
}

test('the account page replaces, deletes and creates the codes after an app code; the last app goes with them', async ({
  page,
}) => {
  // Five codes from one app: each after the first two waits for the clock's next 30-s step.
  test.setTimeout(200_000);
  const { two, rc } = messages('en');
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const twoFactor = page.locator('section[aria-labelledby="two-factor-title"]');
  await twoFactor.getByLabel(two.enrollName).fill('Phone');
  await twoFactor.getByRole('button', { name: two.enrollStart }).click();
  const app = new Authenticator((await twoFactor.getByTestId('two-factor-secret').textContent()) ?? '');
  await twoFactor.getByLabel(two.confirmCode).fill(await app.freshCode());
  await twoFactor.getByRole('button', { name: two.confirmSubmit }).click();
  await expect(twoFactor.getByTestId('recovery-code')).toHaveCount(10);
  const first = await twoFactor.getByTestId('recovery-code').allTextContents();

  const section = page.locator('section[aria-labelledby="recovery-codes-title"]');
  const step = async (summary: string, submit: string, code: string) => {
    const details = section.locator('details').filter({ hasText: summary });
    await details.getByText(summary, { exact: true }).click();
    await details.getByLabel(rc.stepUpCode).fill(code);
    await details.getByRole('button', { name: submit }).click();
    return details;
  };

  // A wrong app code is refused and kept in the field.
  const regenerate = await step(rc.regenerateSummary, rc.regenerateSubmit, app.wrongCode());
  await expect(regenerate.getByRole('alert')).toBeVisible();
  await expect(regenerate.getByLabel(rc.stepUpCode)).toHaveValue(/^\d{6}$/);
  await regenerate.getByLabel(rc.stepUpCode).fill(await app.freshCode());
  await regenerate.getByRole('button', { name: rc.regenerateSubmit }).click();
  await expect(section.getByRole('status').filter({ hasText: rc.regenerated })).toBeVisible();
  await expect(section.getByTestId('recovery-code')).toHaveCount(10);
  const second = await section.getByTestId('recovery-code').allTextContents();
  expect(second).toHaveLength(10);
  expect(second.some((code) => first.includes(code))).toBe(false);
  await expectNoAxeViolations(page);

  await step(rc.deleteSummary, rc.deleteSubmit, await app.freshCode());
  await expect(section.getByRole('status').filter({ hasText: rc.deleted })).toBeVisible();
  await expect(section.getByTestId('recovery-codes-summary')).toHaveText(rc.none);

  await step(rc.generateSummary, rc.generateSubmit, await app.freshCode());
  await expect(section.getByRole('status').filter({ hasText: rc.created })).toBeVisible();
  await expect(section.getByTestId('recovery-code')).toHaveCount(10);

  // The last app can go while codes exist: they go first, and the section with them.
  const row = twoFactor.getByTestId('two-factor-app');
  await row.getByText(two.removeSummary, { exact: true }).click();
  await row.getByRole('textbox').fill(await app.freshCode());
  await row.getByRole('button', { name: two.removeSubmit }).click();
  await expect(twoFactor.getByRole('status').filter({ hasText: two.removed })).toBeVisible();
  await expect(section).toHaveCount(0);
});

/** Setup only: a user with a verified app and recovery codes, made through supabase-js as the app would. */
async function userWithCodes(): Promise<{ email: string; password: string; codes: string[] }> {
  const user = await createConfirmedUser();
  const supabase = createClient(supabaseUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, experimental: { recoveryCodes: true } },
  });
  const signedIn = await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
  if (signedIn.error) throw signedIn.error;
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error) throw enrolled.error;
  const verified = await supabase.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: await new Authenticator(enrolled.data.totp.secret).freshCode(),
  });
  if (verified.error) throw verified.error;
  const generated = await supabase.auth.mfa.recoveryCodes.generate();
  if (generated.error) throw generated.error;
  return { ...user, codes: generated.data.codes };
}

test('after five wrong recovery codes the code step says to wait, even for a right code', async ({
  page,
}) => {
  const { rc } = messages('en');
  const user = await userWithCodes();
  await signInWithPassword(page, user.email, user.password);
  await page.goto('/en/sign-in/verify?next=%2Faccount&method=recovery');
  for (let i = 0; i < 5; i++) {
    await page.getByLabel(rc.codeLabel).fill(`wrong-code-${i}`);
    await page.getByRole('button', { name: rc.verifySubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: rc.wrong })).toBeVisible();
  }
  await page.getByLabel(rc.codeLabel).fill(user.codes[0]!);
  await page.getByRole('button', { name: rc.verifySubmit }).click();
  await expect(page.getByRole('alert').filter({ hasText: rc.locked })).toBeVisible();
  await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount&method=recovery');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a recovery code on the code step: a link there, refused with the code kept, then on to next', async ({
    page,
  }) => {
    const { rc } = messages('en');
    const user = await userWithCodes();
    await signInWithPassword(page, user.email, user.password, { next: '/account?updated=profile' });
    await expect(page).toHaveURL('/en/sign-in/verify?next=%2Faccount%3Fupdated%3Dprofile');
    await page.getByRole('link', { name: rc.useRecoveryCode }).click();
    await page.getByLabel(rc.codeLabel).fill('not-a-code');
    await page.getByRole('button', { name: rc.verifySubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: rc.wrong })).toBeVisible();
    await expect(page.getByLabel(rc.codeLabel)).toHaveValue('not-a-code');
    await page.getByLabel(rc.codeLabel).fill(user.codes[0]!);
    await page.getByRole('button', { name: rc.verifySubmit }).click();
    await expect(page).toHaveURL('/en/account?updated=profile');
  });
});
