import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types';
import { createConfirmedUser, findUser, goodPassword, uniqueEmail } from '../e2e/support/auth-users';
import { enrollFactors } from '../e2e/support/authenticator';
import { mailTo } from '../e2e/support/mailbox';
import { publishableKey, supabaseUrl } from '../e2e/support/test-env';
import { openGate } from './gate';
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

// The main flows, written once; engines.test.ts runs each in every engine.
export interface Flow {
  name: string;
  run(page: EnginePage): Promise<void>;
}

type Messages = typeof import('../../messages/en.json');
function messages(locale: string): Messages {
  return JSON.parse(
    readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'),
  ) as Messages;
}

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

/** Where an element sits across the viewport: its centre as a share of the width (0 = left edge). */
async function horizontalCentre(page: EnginePage, selector: string): Promise<number> {
  return page.evaluate((css: string) => {
    const box = document.querySelector(css)!.getBoundingClientRect();
    return (box.left + box.width / 2) / document.documentElement.clientWidth;
  }, selector);
}

async function signInWithPassword(page: EnginePage, email: string, password: string) {
  await page.goto('/en/sign-in');
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
  {
    name: 'Arabic lays out right to left: computed direction and the header controls mirrored',
    async run(page) {
      for (const [locale, dir] of [
        ['ar', 'rtl'],
        ['ja', 'ltr'],
      ] as const) {
        await page.goto(`/${locale}`);
        const seen = await page.evaluate(() => ({
          dir: document.documentElement.dir,
          lang: document.documentElement.lang,
          direction: getComputedStyle(document.body).direction,
          heading: getComputedStyle(document.querySelector('main h1')!).direction,
        }));
        check(
          seen.dir === dir && seen.lang === locale && seen.direction === dir && seen.heading === dir,
          `${locale}: ${JSON.stringify(seen)}`,
        );
        // Logical properties: the site name starts the header, the language menu sits at its end.
        const home = await horizontalCentre(page, `header a[href="/${locale}"]`);
        const language = await horizontalCentre(
          page,
          `header button[aria-label^="${messages(locale).LocaleSwitcher.label}"]`,
        );
        if (dir === 'rtl')
          check(home > 0.5 && language < 0.5, `ar: site name at ${home}, language menu at ${language}`);
        else check(home < 0.5 && language > 0.5, `ja: site name at ${home}, language menu at ${language}`);
      }
    },
  },
  {
    name: 'an unknown page answers 404 with the localized not-found page',
    async run(page) {
      for (const [path, locale] of [
        ['/en/does-not-exist', 'en'],
        ['/ar/missing', 'ar'],
      ] as const) {
        await page.goto(path);
        const text = messages(locale).NotFound;
        await waitForText(page, 'h1', text.title);
        const seen = await page.evaluate(async () => ({
          status: (await fetch(location.href)).status,
          lang: document.documentElement.lang,
          home: document.querySelector('main a[href^="/"]')?.getAttribute('href'),
        }));
        check(
          seen.status === 404 && seen.lang === locale && seen.home === `/${locale}`,
          `${path}: ${JSON.stringify(seen)}`,
        );
      }
    },
  },
  {
    name: 'the account page: profile and preferred language, then a new password',
    async run(page) {
      const user = await createConfirmedUser({ displayName: 'Before' });
      await signInWithPassword(page, user.email, user.password);
      await waitForPath(page, '/en/account');
      await waitForHydration(page);
      await page.fill('#profile-displayName', 'Después');
      await page.select('#profile-preferredLocale', 'es');
      await clickText(page, 'button', messages('en').Account.saveProfile);
      await waitForPath(page, '/es/account?updated=profile');
      const es = messages('es').Account;
      await waitForText(page, '[role="status"]', es.profileSaved);
      check(
        (await findUser(user.id))?.user_metadata.locale === 'es',
        'The preferred language was not stored',
      );

      await waitForHydration(page);
      const section = 'section[aria-labelledby="password-title"]';
      const newPassword = `${goodPassword}x`;
      await page.fill(`${section} input[name="currentPassword"]`, user.password);
      await page.fill(`${section} input[name="password"]`, newPassword);
      await page.fill(`${section} input[name="confirmPassword"]`, newPassword);
      await clickText(page, `${section} button`, es.changePassword);
      await waitForText(page, `${section} [data-testid="form-message"]`, es.passwordChanged);

      // The new password works, and sign-in lands in the stored language.
      await signOutFromMenu(page, es.signOut);
      await waitForPath(page, '/es');
      await signInWithPassword(page, user.email, newPassword);
      await waitForPath(page, '/es/account');
    },
  },
  {
    name: 'two-factor: the code step after the password, a wrong code refused, the right one accepted',
    async run(page) {
      const user = await createConfirmedUser();
      const [app] = await enrollFactors(user.email, user.password, ['Phone']);
      const { TwoFactor: two, AuthErrors: errors } = messages('en');
      await signInWithPassword(page, user.email, user.password);
      await waitForPath(page, '/en/sign-in/verify?next=%2Faccount');
      await waitForHydration(page);
      await page.fill('input[name="code"]', app!.wrongCode());
      await clickText(page, 'main button', two.verifySubmit);
      await waitForText(page, 'main [role="alert"]', errors.mfaCodeWrong);
      await page.fill('input[name="code"]', await app!.freshCode());
      await clickText(page, 'main button', two.verifySubmit);
      await waitForPath(page, '/en/account');
    },
  },
  {
    name: 'teams: accept an invitation, signed out at first, through sign-in with the address filled in',
    async run(page) {
      const owner = await createConfirmedUser();
      const invitee = await createConfirmedUser();
      // Setup only: the owner's team and invitation through the Data API with the owner's session (the app's
      // invite form sends the mail; its token is what the mail's link carries).
      const client = createClient<Database>(supabaseUrl, publishableKey, { auth: { persistSession: false } });
      await client.auth.signInWithPassword({ email: owner.email, password: owner.password });
      const slug = `engines-${Math.random().toString(36).slice(2, 10)}`;
      const team = await client.rpc('create_team', { p_slug: slug, p_name: 'Engines team' });
      check(!team.error, `create_team: ${team.error?.message}`);
      const sent = await client
        .rpc('invite_to_team', {
          p_team_id: team.data!.id,
          p_email: invitee.email,
          p_role: 'member',
          p_locale: 'en',
        })
        .single();
      check(!sent.error && !!sent.data, `invite_to_team: ${sent.error?.message}`);
      const { Teams: teams } = messages('en');

      // Signed out, the invitation's page holds the sign-in form itself.
      await page.goto(`/en/invitations/${sent.data!.token}`);
      await waitForHydration(page);
      await until('the invited address filled in', async () =>
        (await page.evaluate(
          () => document.querySelector<HTMLInputElement>('input[name="email"]')?.value,
        )) === invitee.email
          ? true
          : null,
      );
      await page.fill('input[name="password"]', invitee.password);
      await page.click('form:has(input[name="password"]) button[type="submit"]');
      await waitForPath(page, `/en/invitations/${sent.data!.token}`);
      await waitForHydration(page);
      await clickText(page, 'main button', teams.accept);
      await waitForPath(page, `/en/teams/${slug}?done=joined`);
      await waitForText(page, '[role="status"]', teams.done.joined);
    },
  },
  // example:notes start
  {
    name: 'notes: create a note, find it in the list, open it',
    async run(page) {
      const user = await createConfirmedUser();
      await signInWithPassword(page, user.email, user.password);
      await waitForPath(page, '/en/account');
      await page.goto('/en/notes');
      await waitForHydration(page);
      await clickText(page, 'main a', 'Write a note');
      await waitForPath(page, '/en/notes/new');
      await waitForHydration(page);
      await page.fill('input[name="title"]', 'Shopping list');
      await page.fill('textarea[name="body"]', 'milk');
      await clickText(page, 'main button', 'Save note');
      const saved = await until('the saved note', async () =>
        /^\/en\/notes\/([0-9a-f-]{36})$/.exec((await page.url()).pathname),
      );
      await waitForText(page, 'h1', 'Shopping list');

      await page.goto('/en/notes');
      await waitForText(page, '[data-testid="notes-count"]', '1 note');
      await clickText(page, '[data-testid="notes-list"] a', 'Shopping list');
      await waitForPath(page, `/en/notes/${saved[1]}`);
      await waitForText(page, '[data-testid="note-body"]', 'milk');
    },
  },
  // example:notes end
  {
    name: 'offline: once the service worker controls the page, an unvisited page shows the offline page',
    async run(page) {
      const gate = await openGate();
      let open = true;
      try {
        await page.goto(`${gate.url}/en`);
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        // The worker controls the pages loaded once it is active.
        await page.goto(`${gate.url}/en`);
        await until('a controlling service worker', () =>
          page.evaluate(
            () => navigator.serviceWorker.controller?.scriptURL.includes('/serwist/sw.js') ?? false,
          ),
        );

        await gate.close();
        open = false;
        await page.goto(`${gate.url}/en/some/page-never-visited`);
        await waitForText(page, 'h1', messages('en').Offline.title);
      } finally {
        if (open) await gate.close();
      }
    },
  },
];
