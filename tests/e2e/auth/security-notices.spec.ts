import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { arabicIndic, Authenticator } from '../support/authenticator';
import { mailTo } from '../support/mailbox';

// GoTrue's security notices in the user's stored language. Adding an authenticator app on the account page
// mails mfa_factor_enrolled from supabase/templates/, read here from the local server's mailbox.

type Messages = typeof import('../../../messages/en.json');
const twoFactor = (locale: string) =>
  (JSON.parse(readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), 'utf8')) as Messages)
    .TwoFactor;

// The subject and the "if this wasn't you" line as supabase/config.toml and the template write them.
const expected = {
  en: {
    subject: 'New two-factor authentication method on your Polyglot account',
    notYou: "If this wasn't you,",
  },
  ar: {
    subject: 'أُضيفت طريقة جديدة للمصادقة الثنائية إلى حسابك في Polyglot',
    notYou: 'إذا لم تكن أنت من قام بذلك،',
  },
} as const;

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: adding an authenticator app mails the notice in the stored language, with no sign-in link`, async ({
    page,
    browser,
  }) => {
    const two = twoFactor(locale);
    const user = await createConfirmedUser({ locale });
    await signInWithPassword(page, user.email, user.password, { locale });
    await expect(page).toHaveURL(`/${locale}/account`);

    const section = page.locator('section[aria-labelledby="two-factor-title"]');
    await section.getByLabel(two.enrollName).fill(locale === 'ar' ? 'الهاتف' : 'Phone');
    await section.getByRole('button', { name: two.enrollStart }).click();
    const app = new Authenticator((await section.getByTestId('two-factor-secret').textContent()) ?? '');
    const code = await app.freshCode();
    await section.getByLabel(two.confirmCode).fill(locale === 'ar' ? arabicIndic(code) : code);
    await section.getByRole('button', { name: two.confirmSubmit }).click();
    await expect(section.getByRole('status').filter({ hasText: two.enabled })).toBeVisible();

    // The user was made through the admin API: this notice is the first mail to the address.
    const mail = await mailTo(user.email);
    expect(mail.subject).toBe(expected[locale].subject);
    expect(mail.html).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
    // The factor type in the app's own words for it, and what to do if it was someone else.
    expect(mail.text).toContain(two.unnamed);
    expect(mail.text).toContain(user.email);
    expect(mail.text).toContain(expected[locale].notYou);
    expect(mail.code).toBeUndefined();

    // Its one link is the account page, which signs no one in: another browser lands on sign-in.
    const link = new URL(mail.confirmLink);
    expect(link.pathname).toBe(`/${locale}/account`);
    expect(link.search + link.hash).toBe('');
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto(mail.confirmLink);
    await expect(stranger).toHaveURL(new RegExp(`/${locale}/sign-in\\?next=%2Faccount$`));
    await other.close();
    // The signed-in user's browser opens the account page itself.
    await page.goto(mail.confirmLink);
    await expect(page).toHaveURL(`/${locale}/account`);
  });
}
