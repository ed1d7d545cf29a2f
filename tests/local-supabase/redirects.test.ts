import { describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  latestMailTo,
  linkAndCode,
  open,
  PASSWORD,
  signedInUser,
  uniqueEmail,
} from './helpers.ts';

/**
 * redirect_to as an attacker writes it: every vector on every endpoint that takes one, through real requests. A
 * vector either lands on its normalised form (what the browser will visit) or falls back to site_url; a token never
 * reaches a host the allow-list does not name.
 */

const SITE = 'https://app.example.com';
const srv = authServerForFile({
  configOverrides: {
    siteUrl: SITE,
    additionalRedirectUrls: [
      'http://localhost:3000/**',
      'https://*.preview.example.com/**',
      'http://127.0.0.1:3999/**',
      // gobwas/glob reads [ ] as a class: an IPv6 literal's brackets are escaped.
      'http://\\[::1\\]:4000/cb/*',
      'com.example.app://callback/**',
    ],
    email: { maxFrequencySeconds: 0 },
  },
});

/** [redirect_to as sent, where it must land (normalised) or null for the site_url fallback]. */
const VECTORS: [string, string | null][] = [
  // Allowed, normalised as a browser would.
  ['http://localhost:3000/en/auth/confirm?next=%2Fen', 'http://localhost:3000/en/auth/confirm?next=%2Fen'],
  ['HTTP://LOCALHOST:3000/en', 'http://localhost:3000/en'],
  ['http://localhost:3000', 'http://localhost:3000/'],
  ['http://localhost:03000/x', 'http://localhost:3000/x'],
  ['http://localhost:3000/a/%2e%2E/b', 'http://localhost:3000/b'],
  ['http://localhost:3000/ページ?q=ü', 'http://localhost:3000/%E3%83%9A%E3%83%BC%E3%82%B8?q=%C3%BC'],
  ['http://localhost:3000/a b', 'http://localhost:3000/a%20b'],
  ['https://app.example.com/x', 'https://app.example.com/x'],
  ['https://APP.Example.COM:443/x', 'https://app.example.com/x'],
  ['https://pr-1.preview.example.com/cb', 'https://pr-1.preview.example.com/cb'],
  ['http://127.0.0.1:3999/x', 'http://127.0.0.1:3999/x'],
  ['http://[::1]:4000/cb/x', 'http://[::1]:4000/cb/x'],
  ['http://[0:0:0:0:0:0:0:1]:4000/cb/x', 'http://[::1]:4000/cb/x'],
  // IPv4-mapped IPv6 is matched, and redirected to, as its IPv4 address.
  ['http://[::ffff:7f00:1]:3999/', 'http://127.0.0.1:3999/'],
  ['http://[::ffff:127.0.0.1]:3999/x', 'http://127.0.0.1:3999/x'],
  // A scheme other than http(s) only where an entry names it.
  ['com.example.app://callback/done', 'com.example.app://callback/done'],
  ['com.example.app://elsewhere/', null],
  ['ftp://127.0.0.1/', null],
  ['ftp://127.0.0.1:3999/x', null],
  ['ftp://localhost:3000/', null],
  ['ftp://app.example.com/x', null],
  // Userinfo: what people read is not the host.
  ['http://localhost:1@evil%2ecom/', null],
  ['http://localhost:1@evil%252ecom/', null],
  ['http://localhost:3000@evil.com/', null],
  ['http://LOCALHOST:3000@EVIL.COM/', null],
  ['http://localhost:3000%40evil.com/', null],
  ['https://app.example.com\\@evil.com/', null],
  ['http://user:pass@localhost:3000/', null],
  // Encoded and double-encoded host characters.
  ['http://evil%2ecom/', null],
  ['http://evil%252ecom/', null],
  ['http://evil.com%2flocalhost:3000/', null],
  ['https://%61pp.example.com/', null],
  ['http://localhost%3a3000/', null],
  // Characters a browser rewrites: fullwidth, ideographic and halfwidth dots, fullwidth letters, soft hyphen.
  ['http://evil．com/', null],
  ['http://evil。com/', null],
  ['http://evil｡com/', null],
  ['http://localhost:3000．evil.com/', null],
  ['http://ＥＶＩＬ.com/', null],
  ['http://ev\u00adil.com/', null],
  // Tabs, newlines and other controls (stripped by browsers), backslashes (read as "/").
  ['http://evil\t.com/', null],
  ['http://localhost:3000/\n.evil.com', null],
  ['http://localhost:3000/\r\nSet-Cookie: a=b', null],
  ['http://localhost:3000\\.evil.com/', null],
  ['http:\\\\evil.com/', null],
  // Not an absolute URL, or one a browser reads differently.
  ['//evil.com/', null],
  ['http:/evil.com/', null],
  ['http:///evil.com/', null],
  ['javascript://localhost:3000/%0aalert(1)', null],
  ['data:text/html,<script>alert(1)</script>', null],
  ['http://localhost:99999/', null],
  ['http://localhost:3000:3000/', null],
  ['http://localhost:3000/%zz', null],
  // Hosts the list does not name; globs that would cross into the path, query or fragment.
  ['https://evil.com/', null],
  ['https://evil.com/.preview.example.com/', null],
  ['https://evil.com?.preview.example.com/', null],
  ['https://evil.com#.preview.example.com/', null],
  ['https://preview.example.com.evil.com/', null],
  ['https://app.example.com.evil.com/', null],
  ['https://app.example.com:8443/x', null],
  ['http://app.example.com/x', null],
  ['http://evil.com./', null],
  // IP literals: loopback only (IPv4 shorthands a browser expands are refused), IPv6 non-loopback and zones.
  ['http://2130706433/', null],
  ['http://0x7f000001/', null],
  ['http://127.1/', null],
  ['http://0177.0.0.1/', null],
  ['http://10.0.0.1:3000/', null],
  ['http://[::2]/', null],
  ['http://[::ffff:8.8.8.8]/', null],
  ['http://[::1%25eth0]/', null],
  // Loopback is not a wildcard: scheme, host, port and path must match an entry (or site_url).
  ['http://127.9.9.9:1/', null],
  ['http://127.0.0.1:9999/x', null],
  ['https://127.0.0.1:3999/', null],
  ['http://[::1]:3999/', null],
  ['http://[::1]:4000/x', null],
  ['http://[::1]:4000/cb/a/b', null],
  ['http://[::ffff:7f00:1]:4000/cb/x', null],
  ['http://[::ffff:7f09:909]:1/', null],
  ['http://localhost:9999/x', null],
  ['http://0.0.0.0:3999/', null],
  ['http://[::]:3999/', null],
];

/** The URL a browser visits, without the fragment, for comparison. */
const landing = (location: string) => new URL(location).href.split('#')[0];
const expectedLanding = (expected: string | null) => landing(expected ?? SITE);

const query = (v: string) => `redirect_to=${encodeURIComponent(v)}`;

/** The emailed link carries the normalised target; following it lands there with the session. */
async function checkMailedLink(email: string, expected: string | null): Promise<void> {
  const { link } = linkAndCode(await latestMailTo(srv.get(), email));
  expect(landing(new URL(link).searchParams.get('redirect_to')!)).toBe(expectedLanding(expected));
  const { status, location } = await open(link);
  expect(status).toBe(303);
  expect(landing(location)).toBe(expectedLanding(expected));
  expect(location).toContain('access_token=');
}

describe(`redirect_to: ${VECTORS.length} vectors`, () => {
  it('has at least 40 vectors, each answered on every endpoint', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(VECTORS)('GET /verify %j', async (vector, expected) => {
    const { status, location } = await open(
      `${srv.get().authUrl}/verify?token=x&type=magiclink&${query(vector)}`,
    );
    expect(status).toBe(303);
    expect(landing(location)).toBe(expectedLanding(expected));
  });

  it.each(VECTORS)('GET /authorize %j', async (vector, expected) => {
    const server = srv.get();
    const start = await open(`${server.authUrl}/authorize?provider=github&${query(vector)}`);
    expect(start.status).toBe(302);
    const state = new URL(start.location).searchParams.get('state')!;
    const consent = await open(`${server.authUrl}/local-idp/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        state,
        provider: 'github',
        identity: 'ada@example.com',
        decision: 'allow',
      }).toString(),
    });
    const done = await open(consent.location);
    expect(done.status).toBe(302);
    expect(landing(done.location)).toBe(expectedLanding(expected));
    expect(done.location).toContain('access_token=');
  });

  it.each(VECTORS)('POST /otp %j', async (vector, expected) => {
    const email = uniqueEmail('otp');
    const res = await api(srv.get(), `/otp?${query(vector)}`, { body: { email } });
    expect(res.status).toBe(200);
    await checkMailedLink(email, expected);
  });

  it.each(VECTORS)('POST /signup %j', async (vector, expected) => {
    const email = uniqueEmail('signup');
    const res = await api(srv.get(), `/signup?${query(vector)}`, { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    await checkMailedLink(email, expected);
  });

  it.each(VECTORS)('POST /recover %j', async (vector, expected) => {
    const email = uniqueEmail('recover');
    const created = await adminClient(srv.get()).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const res = await api(srv.get(), `/recover?${query(vector)}`, { body: { email } });
    expect(res.status).toBe(200);
    await checkMailedLink(email, expected);
  });

  it('uses the redirect_to header and Referer the same way', async () => {
    const viaHeader = await open(`${srv.get().authUrl}/verify?token=x&type=magiclink`, {
      headers: { redirect_to: 'http://localhost:1@evil.com/' },
    });
    expect(landing(viaHeader.location)).toBe(landing(SITE));
    const viaReferer = await open(`${srv.get().authUrl}/verify?token=x&type=magiclink`, {
      headers: { referer: 'HTTP://LOCALHOST:3000/a/../b' },
    });
    expect(landing(viaReferer.location)).toBe('http://localhost:3000/b');
  });
});

/** The loopback and scheme vectors, through supabase-js on every call that takes a redirect target. */
const LOOPBACK_VECTORS: [string, string | null][] = [
  ['http://[::ffff:7f00:1]:3999/', 'http://127.0.0.1:3999/'],
  ['http://127.0.0.1:3999/x', 'http://127.0.0.1:3999/x'],
  ['ftp://127.0.0.1/', null],
  ['http://127.9.9.9:1/', null],
  ['https://127.0.0.1:3999/', null],
  ['http://[::1]:3999/', null],
];

/** redirect_to as the emailed link to `email` carries it. */
async function mailedTarget(email: string): Promise<string> {
  const { link } = linkAndCode(await latestMailTo(srv.get(), email));
  return new URL(link).searchParams.get('redirect_to')!;
}

describe('every supabase-js call that takes a redirect target judges it the same way', () => {
  /** Where a URL points, without query and fragment. */
  const place = (url: string) => new URL(url).href.split(/[?#]/)[0]!;
  const expectedPlace = (expected: string | null) => place(expected ?? SITE);

  it.each(LOOPBACK_VECTORS)('signInWithOAuth, then Deny on the provider %j', async (vector, expected) => {
    const { data, error } = await anonClient(srv.get(), 'pkce').auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: vector, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const start = await open(data.url!);
    const state = new URL(start.location).searchParams.get('state')!;
    const denied = await open(`${srv.get().authUrl}/local-idp/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, provider: 'github', decision: 'deny' }).toString(),
    });
    const back = await open(denied.location);
    expect(back.status).toBe(302);
    expect(place(back.location)).toBe(expectedPlace(expected));
    expect(new URL(back.location).searchParams.get('error')).toBe('access_denied');
  });

  it.each(LOOPBACK_VECTORS)(
    'signUp, signInWithOtp, resend, reset, updateUser, invite, generateLink %j',
    async (vector, expected) => {
      const server = srv.get();
      const want = expectedPlace(expected);
      const admin = adminClient(server).auth.admin;

      const newcomer = uniqueEmail('signup');
      expect(
        (
          await anonClient(server).auth.signUp({
            email: newcomer,
            password: PASSWORD,
            options: { emailRedirectTo: vector },
          })
        ).error,
      ).toBeNull();
      expect(place(await mailedTarget(newcomer))).toBe(want);
      expect(
        (
          await anonClient(server).auth.resend({
            type: 'signup',
            email: newcomer,
            options: { emailRedirectTo: vector },
          })
        ).error,
      ).toBeNull();
      expect(place(await mailedTarget(newcomer))).toBe(want);

      const { email, client } = await signedInUser(server);
      expect(
        (await anonClient(server).auth.signInWithOtp({ email, options: { emailRedirectTo: vector } })).error,
      ).toBeNull();
      expect(place(await mailedTarget(email))).toBe(want);
      expect(
        (await anonClient(server).auth.resetPasswordForEmail(email, { redirectTo: vector })).error,
      ).toBeNull();
      expect(place(await mailedTarget(email))).toBe(want);
      const changed = uniqueEmail('change');
      expect(
        (await client.auth.updateUser({ email: changed }, { emailRedirectTo: vector })).error,
      ).toBeNull();
      expect(place(await mailedTarget(changed))).toBe(want);

      const invited = uniqueEmail('invite');
      expect((await admin.inviteUserByEmail(invited, { redirectTo: vector })).error).toBeNull();
      expect(place(await mailedTarget(invited))).toBe(want);
      const link = await admin.generateLink({ type: 'magiclink', email, options: { redirectTo: vector } });
      expect(link.error).toBeNull();
      expect(place(link.data.properties!.redirect_to)).toBe(want);

      const magic = await api(server, `/magiclink?${query(vector)}`, { body: { email } });
      expect(magic.status).toBe(200);
      expect(place(await mailedTarget(email))).toBe(want);
    },
  );
});
