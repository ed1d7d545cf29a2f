import { createConfirmedUser, goodPassword, uniqueEmail } from '../e2e/support/auth-users';
import { mailTo } from '../e2e/support/mailbox';
import type { EnginePage } from './page';
import {
  clickText,
  followEmailLink,
  textOf,
  until,
  waitForHydration,
  waitForPath,
  waitForText,
} from './steps';

// The main flows, written once and run in every engine by firefox.test.ts and webkit.test.ts.
export interface Flow {
  name: string;
  run(page: EnginePage): Promise<void>;
}

async function signInWithPassword(page: EnginePage, email: string, password: string, locale = 'en') {
  await page.goto(`/${locale}/sign-in`);
  await waitForHydration(page);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('form:has(input[name="password"]) button[type="submit"]');
}

async function signOutFromMenu(page: EnginePage, signOut: string) {
  await page.click('[data-testid="user-menu-trigger"]');
  await clickText(page, '[role="menuitem"]', signOut);
}

export const flows: Flow[] = [
  {
    name: 'sign up, confirm from the mailbox, land signed in',
    async run(page) {
      const email = uniqueEmail('engines-signup');
      await page.goto('/en/sign-up');
      await waitForHydration(page);
      await page.fill('input[name="displayName"]', 'Ada');
      await page.fill('input[name="email"]', email);
      await page.fill('input[name="password"]', goodPassword);
      await page.click('form:has(input[name="displayName"]) button[type="submit"]');
      await waitForPath(page, '/en/sign-up/check-email');
      await waitForText(page, '[data-testid="check-email-description"]', email);

      const mail = await mailTo(email);
      await followEmailLink(page, mail.confirmLink);
      await waitForPath(page, '/en/account');
      await waitForText(page, '[data-testid="current-email"]', email);
    },
  },
  {
    name: 'sign in with the password, then sign out',
    async run(page) {
      const user = await createConfirmedUser();
      await signInWithPassword(page, user.email, user.password);
      await waitForPath(page, '/en/account');
      await waitForText(page, '[data-testid="current-email"]', user.email);

      await signOutFromMenu(page, 'Sign out');
      await waitForPath(page, '/en');
      await page.goto('/en/account');
      await waitForPath(page, '/en/sign-in?next=%2Faccount');
    },
  },
  {
    name: 'sign in with the 6-digit code from the email',
    async run(page) {
      const user = await createConfirmedUser();
      await page.goto('/en/sign-in/email-link?next=%2Faccount');
      await waitForHydration(page);
      await page.fill('input[name="email"]', user.email);
      await clickText(page, 'button', 'Email me a link and code');
      await waitForText(page, 'main', `We sent a sign-in link and a 6-digit code to ${user.email}.`);
      const mail = await mailTo(user.email);
      await page.fill('input[name="code"]', mail.code!);
      await clickText(page, 'button', 'Sign in with the code');
      await waitForPath(page, '/en/account');
    },
  },
  {
    name: 'the language switcher keeps the page and query, and the choice is stored',
    async run(page) {
      await page.goto('/en?ref=newsletter');
      await waitForHydration(page);
      await clickText(page, 'button', 'Language: English');
      await clickText(page, '[role="menuitemradio"]', 'Deutsch');
      await waitForPath(page, '/de?ref=newsletter');
      await until('lang="de"', () => page.evaluate(() => document.documentElement.lang === 'de'));
      if (!(await textOf(page, 'h1')).includes('Grundlage'))
        throw new Error('The home page is not in German');

      const cookie = (await page.cookies()).find((candidate) => candidate.name === 'NEXT_LOCALE');
      if (cookie?.value !== 'de') throw new Error(`NEXT_LOCALE cookie: ${JSON.stringify(cookie)}`);
      const days = ((cookie.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      if (days < 364 || days > 366) throw new Error(`NEXT_LOCALE lasts ${days} days, not a year`);
      if ((await page.evaluate(() => localStorage.getItem('NEXT_LOCALE'))) !== 'de')
        throw new Error('The choice is not in localStorage');

      // The next unprefixed visit uses the stored choice.
      await page.goto('/');
      await waitForPath(page, '/de');
    },
  },
];
