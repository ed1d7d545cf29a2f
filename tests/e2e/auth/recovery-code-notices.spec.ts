import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '../support/test';
import {
  recoveryCodeUsed,
  recoveryCodesCreated,
  recoveryCodesReplaced,
  type AppNotice,
} from '../../../supabase/templates/src/app-notices';
import { wordsIn } from '../../../supabase/templates/src/mail';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { Authenticator } from '../support/authenticator';
import { mailboxUrl, usesLocalAuth } from '../support/test-env';

// The app's own security notices, sent through SMTP (nodemailer, SMTP_URL) to the local mailbox's SMTP port and
// read back through its Mailpit API: codes created with the first app, a recovery code used to sign in, codes
// replaced. In the user's stored language (user_metadata.locale), with an HTML and a plain-text part.

test.skip(!usesLocalAuth, 'reads the local mailbox');

type Messages = typeof import('../../../messages/ja.json');
const ja = JSON.parse(
  readFileSync(new URL('../../../messages/ja.json', import.meta.url), 'utf8'),
) as Messages;

interface Message {
  Subject: string;
  HTML: string;
  Text: string;
  From: { Name: string; Address: string };
}

/** A notice's words in Japanese, by variable, from messages/ja.json. */
const wordsOf = ({ name, words }: AppNotice) => wordsIn(ja.Email, 'ja', name, words);

/** Waits for the notice to `address` and returns it (it goes out right after the action answers). */
async function notice(address: string, kind: AppNotice): Promise<Message> {
  const words = wordsOf(kind);
  const query = encodeURIComponent(`to:${address} subject:"${words.subject}"`);
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(`${mailboxUrl}/api/v1/search?query=${query}`)).json()) as {
          messages: { ID: string }[];
        };
        id = list.messages[0]?.ID;
        return list.messages.length;
      },
      { timeout: 15_000, message: `"${words.subject}" to ${address}` },
    )
    .toBe(1);
  return (await (await fetch(`${mailboxUrl}/api/v1/message/${id}`)).json()) as Message;
}

function expectNotice(mail: Message, address: string, kind: AppNotice) {
  const words = wordsOf(kind);
  expect(mail.From.Name).toBe('Polyglot');
  expect(mail.HTML).toContain('<html lang="ja" dir="ltr">');
  expect(mail.HTML).toContain(`>${words.heading}</h1>`);
  expect(mail.HTML).toContain(`/ja/account"`);
  expect(mail.Text).toContain(words.intro);
  expect(mail.Text).toContain(`${words.accountLabel} ${address}`);
  expect(mail.Text).toMatch(new RegExp(`${words.timeLabel} \\d{4}年\\d{1,2}月\\d{1,2}日 .*UTC`));
  expect(mail.Text).toContain(words.notYou);
  expect(mail.Text).toMatch(/\/ja\/account$/m);
}

const signOut = (page: Page) =>
  page
    .locator('section[aria-labelledby="sessions-title"]')
    .getByRole('button', { name: ja.Account.signOut, exact: true })
    .click();

test('creating, using and replacing recovery codes each mails the account a notice in its language', async ({
  page,
}) => {
  // Three app codes: each after the first waits for the clock's next 30-s step.
  test.setTimeout(180_000);
  const { TwoFactor: two, RecoveryCodes: rc } = ja;
  const user = await createConfirmedUser({ locale: 'ja' });
  await signInWithPassword(page, user.email, user.password, { locale: 'ja' });
  await expect(page).toHaveURL('/ja/account');

  // The first app brings the first codes: "created".
  const twoFactor = page.locator('section[aria-labelledby="two-factor-title"]');
  await twoFactor.getByLabel(two.enrollName).fill('Phone');
  await twoFactor.getByRole('button', { name: two.enrollStart }).click();
  const app = new Authenticator((await twoFactor.getByTestId('two-factor-secret').textContent()) ?? '');
  await twoFactor.getByLabel(two.confirmCode).fill(await app.freshCode());
  await twoFactor.getByRole('button', { name: two.confirmSubmit }).click();
  await expect(twoFactor.getByTestId('recovery-code')).toHaveCount(10);
  const codes = (await twoFactor.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
  expectNotice(await notice(user.email, recoveryCodesCreated), user.email, recoveryCodesCreated);

  // Signing in with a recovery code: "used".
  await signOut(page);
  await signInWithPassword(page, user.email, user.password, { locale: 'ja' });
  await page.goto('/ja/sign-in/verify?next=%2Faccount&method=recovery');
  await page.getByLabel(rc.codeLabel).fill(codes[0]!);
  await page.getByRole('button', { name: rc.verifySubmit }).click();
  await expect(page).toHaveURL('/ja/account');
  expectNotice(await notice(user.email, recoveryCodeUsed), user.email, recoveryCodeUsed);

  // Replacing them on the account page: "replaced".
  const section = page.locator('section[aria-labelledby="recovery-codes-title"]');
  const details = section.locator('details').filter({ hasText: rc.regenerateSummary });
  await details.getByText(rc.regenerateSummary, { exact: true }).click();
  await details.getByLabel(rc.stepUpCode).fill(await app.freshCode());
  await details.getByRole('button', { name: rc.regenerateSubmit }).click();
  await expect(section.getByRole('status').filter({ hasText: rc.regenerated })).toBeVisible();
  expectNotice(await notice(user.email, recoveryCodesReplaced), user.email, recoveryCodesReplaced);
});
