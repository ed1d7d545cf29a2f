import { createClient } from '@supabase/supabase-js';
import { expect, type Response, test } from '../support/test';
import { routeTable } from '@/lib/routes/route-table';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { readSessionCookie, sessionCookieNames } from '../support/session-cookie';
import { appUrl, secretKey, supabaseUrl } from '../support/test-env';

// Every private page decides before its first byte: a session the auth server has ended while its access token
// still looks valid (so the middleware, which verifies the token itself, lets it through) is answered with a
// redirect on the document response itself, never a page that only JavaScript moves on.

function admin() {
  return createClient(supabaseUrl, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** The responses of a navigation's redirect chain, first to last. */
async function chainOf(last: Response): Promise<{ status: number; url: string; location?: string }[]> {
  const chain: { status: number; url: string; location?: string }[] = [];
  let request: ReturnType<Response['request']> | null = last.request();
  while (request) {
    const response = await request.response();
    if (response)
      chain.unshift({
        status: response.status(),
        url: response.url(),
        location: response.headers().location,
      });
    request = request.redirectedFrom();
  }
  return chain;
}

for (const javaScriptEnabled of [false, true]) {
  test(`a session ended on another device: every private page answers a redirect to sign-in, JavaScript ${
    javaScriptEnabled ? 'on' : 'off'
  }`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const user = await createConfirmedUser({ locale: 'de' });
    await signInWithPassword(page, user.email, user.password, { locale: 'de' });
    // example:notes start
    const { data: note, error: noteError } = await admin()
      .from('notes')
      .insert({ user_id: user.id, title: 'Privat', body: 'nur für mich' })
      .select('id')
      .single();
    expect(noteError).toBeNull();
    // example:notes end
    const signedIn = await context.cookies();
    const session = await readSessionCookie(context);
    // Another device signs out everywhere: the auth server ends the session; the access token is still unexpired.
    const { error } = await admin().auth.admin.signOut(String(session.access_token), 'global');
    expect(error).toBeNull();

    // Every signed-in page of the route table, the page below the account's and a note among them.
    const paths = [
      ...routeTable
        .filter((entry) => entry.access === 'signed-in' && !entry.path.includes('['))
        .map((entry) => entry.path),
      '/account/sessions',
      `/notes/${note!.id}`, // example:notes
    ];
    expect(paths).toEqual(expect.arrayContaining(['/account', '/account/sessions']));
    for (const path of paths) {
      await context.clearCookies();
      await context.addCookies(signedIn);
      const response = await page.goto(`/de${path}`);
      const [first] = await chainOf(response!);
      // The document response itself is the redirect: nothing of the page went out with a 200.
      expect(first?.status, path).toBe(307);
      expect(new URL(first!.location!, appUrl).pathname, path).toBe('/de/auth/session-ended');
      // The enrollment step comes back to where the visitor was headed (its own `next`, the account page by default).
      const next = path === '/sign-in/enroll' ? '/account' : path;
      await expect(page, path).toHaveURL(`/de/sign-in?next=${encodeURIComponent(next)}&status=session-ended`);
      // Sign-in is static and reads why the visitor came (`?status=`) in the browser: the note needs JavaScript.
      if (javaScriptEnabled)
        await expect(
          page.getByText('Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.'),
          path,
        ).toBeVisible();
      await expect(page.locator('input[name="password"]'), path).toBeVisible();
      await expect(page.locator('main'), path).not.toContainText('nur für mich'); // example:notes
      // The refused session is cleared on the way.
      expect(await sessionCookieNames(context), path).toEqual([]);
    }
    await context.close();
  });
}
