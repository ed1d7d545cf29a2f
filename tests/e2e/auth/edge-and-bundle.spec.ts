import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { appUrl } from '../support/test-env';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

test('no browser chunk contains the Supabase client or the secret key', () => {
  const staticDir = join(process.env.NEXT_DIST_DIR || '.next', 'static');
  const chunks = files(staticDir).filter((path) => path.endsWith('.js'));
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) {
    const source = readFileSync(chunk, 'utf8');
    for (const marker of [
      'GoTrueClient',
      'supabase-js',
      'auth/v1',
      'createServerClient',
      'sb_secret_',
      'SUPABASE_SECRET_KEY',
    ]) {
      expect(source.includes(marker), `${marker} in ${chunk}`).toBe(false);
    }
  }
});

test('auth cookies are HttpOnly and SameSite=Lax', async ({ page, context }) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const authCookies = (await context.cookies()).filter((cookie) =>
    /^sb-.+-auth-token(\.\d+)?$/.test(cookie.name),
  );
  expect(authCookies.length).toBeGreaterThan(0);
  for (const cookie of authCookies) {
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  }
  expect(await page.evaluate(() => document.cookie)).not.toContain('auth-token');
});

test('the session cookie holds plain JSON, and a base64 cookie from before still signs in', async ({
  page,
  context,
  browser,
}) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const chunks = (await context.cookies())
    .filter((cookie) => /^sb-.+-auth-token(\.\d+)?$/.test(cookie.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const stored = decodeURIComponent(chunks.map((c) => c.value).join(''));
  // cookieEncoding 'raw' (lib/supabase/config.ts): read without a JavaScript base64 decoder on every request.
  expect(stored.startsWith('base64-')).toBe(false);
  expect(JSON.parse(stored)).toMatchObject({ access_token: expect.any(String), user: { email: user.email } });

  // The form @supabase/ssr wrote by default, as browsers signed in before the change still hold it.
  const earlier = await browser.newContext();
  const { hostname } = new URL(appUrl);
  const value = `base64-${Buffer.from(stored).toString('base64url')}`;
  await earlier.addCookies([
    {
      name: chunks[0]!.name.replace(/\.\d+$/, ''),
      value,
      domain: hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  const earlierPage = await earlier.newPage();
  await earlierPage.goto(`${appUrl}/en/account`);
  await expect(earlierPage.getByTestId('current-email')).toContainText(user.email);
  await earlier.close();
});

test('a server action called without form data answers with its form errors, not a 500', async ({
  request,
}) => {
  // Server actions are public endpoints; take the sign-in form's action id from its no-JavaScript fallback.
  const html = await (await request.get(`${appUrl}/en/sign-in`)).text();
  const actionId = /&quot;id&quot;:&quot;([0-9a-f]{40,})&quot;/.exec(html)?.[1];
  expect(actionId).toBeTruthy();
  for (const body of ['[]', '["$K1"]', '["state","not form data"]', '[null,{"email":"a@b.c"}]']) {
    const response = await request.post(`${appUrl}/en/sign-in`, {
      headers: { 'next-action': actionId!, 'content-type': 'text/plain;charset=UTF-8', origin: appUrl },
      data: body,
    });
    expect(response.status(), body).toBe(200);
    expect(await response.text(), body).toContain('"status":"error"');
  }
});

test('anonymous and malformed requests never cause a 500', async ({ request }) => {
  const junk = [
    { path: '/en', cookie: 'sb-127-auth-token=base64-%%%not-json' },
    { path: '/en/account', cookie: 'sb-127-auth-token=garbage' },
    { path: '/en/account', cookie: 'sb-127-auth-token.0=base64-eyJ; sb-127-auth-token.1=x' },
    { path: '/en/account', cookie: 'sb-127-auth-token=%7B%22access_token%22%3A' },
    { path: '/en/account', cookie: 'sb-127-auth-token=%E0%A4%A; sb-127-auth-token.0=%7B' },
    { path: '/en/sign-in?next=%E0%A4%A', cookie: '' },
    { path: '/en/sign-in?next=//evil.example&next=/x', cookie: '' },
    { path: '/en/auth/confirm?token_hash=%00&type=signup', cookie: '' },
  ];
  for (const { path, cookie } of junk) {
    const response = await request.get(`${appUrl}${path}`, {
      headers: cookie ? { cookie } : {},
      maxRedirects: 0,
    });
    expect(response.status(), `${path} with ${cookie}`).toBeLessThan(500);
  }
  const signIn = await request.get(`${appUrl}/en/account`, { maxRedirects: 0 });
  expect(signIn.status()).toBe(307);
  expect(signIn.headers().location).toContain('/en/sign-in?next=%2Faccount');
  expect(signIn.headers()['cache-control']).toContain('no-store');
});
