import { createClient } from '@supabase/supabase-js';
import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { expectNoAxeViolations } from '../support/axe';
import { readSessionCookie, writeSessionCookie } from '../support/session-cookie';
import { secretKey, supabaseUrl } from '../support/test-env';

// ASVS 7.3: a session the auth server has ended (its timebox or inactivity limit, `session_expired`;
// revoked, `session_not_found` / `refresh_token_not_found`) sends the next private visit to sign-in, which says
// why. Here the session is revoked with the admin API: its refresh then fails as a timed-out one does, with a
// session code, through the same path (the middleware's refresh of an expired access token).

test('a session the auth server ended lands on sign-in with a localized note (de)', async ({
  page,
  context,
}) => {
  const user = await createConfirmedUser({ locale: 'de' });
  await signInWithPassword(page, user.email, user.password, { locale: 'de' });
  const session = await readSessionCookie(context);

  const admin = createClient(supabaseUrl, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await admin.auth.admin.signOut(String(session.access_token), 'global');
  expect(error).toBeNull();
  // The access token's time is up, so the middleware asks the auth server for a new one and is refused.
  await writeSessionCookie(context, { ...session, expires_at: Math.floor(Date.now() / 1000) - 60 });

  await page.goto('/de/account');
  await expect(page).toHaveURL('/de/sign-in?next=%2Faccount&status=session-ended');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // The refused session is gone from the browser: sign-in is offered, not sent back to the account page.
  await expect(page.locator('input[name="password"]')).toBeVisible();
});
