import { createClient } from '@supabase/supabase-js';
import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { localServerRoutesDuring } from '../support/local-server-requests';
import { secretKey, supabaseUrl, usesLocalAuth } from '../support/test-env';

// What one signed-in view of each private page asks the local server, by route (Auth and Data API together):
// the session confirmed once (docs/decisions/0004-private-pages-confirm-the-session.md) and only the reads the page
// shows. bench/README.md has the same counts from the benchmark; docs/decisions/0015-private-page-reads.md says why
// each read is there.

function admin() {
  return createClient(supabaseUrl, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

test.beforeEach(() => {
  test.skip(!usesLocalAuth, 'counts requests on the local server');
});

test('a private view asks the local server only what it shows', async ({ page }) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const slug = `reads-${Math.random().toString(36).slice(2, 10)}`;
  const { data: team, error } = await admin()
    .from('teams')
    .insert({ slug, name: 'Reads' })
    .select('id')
    .single();
  if (error) throw error;
  const member = await admin()
    .from('team_members')
    .insert({ team_id: team.id, user_id: user.id, role: 'owner' });
  if (member.error) throw member.error;
  const notes = await admin()
    .from('notes')
    .insert([
      { user_id: user.id, title: 'Personal note', body: 'Mine' },
      { user_id: user.id, team_id: team.id, title: 'Team note', body: 'Ours' },
    ]);
  if (notes.error) throw notes.error;

  const routesOf = (path: string, shows: string) =>
    localServerRoutesDuring(async () => {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(shows);
    });

  // The account page: the session and the passkey list. Whether a team blocks deleting the account is asked by
  // the delete action, not on every view (tests/e2e/teams/teams.spec.ts: the sole owner is still told).
  expect(await routesOf('/en/account', user.email)).toEqual({ 'GET /user': 1, 'GET /passkeys': 1 });
  // The notes list: the session and one page of notes with their count.
  expect(await routesOf('/en/notes', 'Personal note')).toEqual({ 'GET /user': 1, 'GET /rest/v1': 1 });
  // A team's notes: the session, the team's row (the middleware's 404 decision, handed to the page) and the list.
  expect(await routesOf(`/en/teams/${slug}/notes`, 'Team note')).toEqual({
    'GET /user': 1,
    'GET /rest/v1': 2,
  });
});
