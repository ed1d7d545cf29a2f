import { expect, test } from '../support/test';
import { routeTable } from '@/lib/routes/route-table';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { presetConsent } from '../support/consent';
import { directive, effectivePolicies, watchViolations } from '../support/csp';

// Every page carries a Content-Security-Policy, and none of them breaks it: every route of the table in
// English and Arabic, signed out and signed in, before any choice, after "reject" and after "accept" (which loads
// Google Tag Manager: answered here by a local stub, so the policy is what decides whether it may load).

const gtmStub = 'window.dataLayer=window.dataLayer||[];window.dataLayer.push({event:"gtm.js"});';

// Every page of the table (the /auth subtree holds route handlers, but for its error page), plus a 404.
const pages = [
  ...routeTable.filter((entry) => !('subtree' in entry)).map((entry) => entry.path),
  '/auth/error',
  '/no-such-page',
];

for (const consent of ['undecided', 'rejected', 'accepted'] as const) {
  for (const signedIn of [false, true]) {
    test(`no CSP violation on any page: consent ${consent}, ${signedIn ? 'signed in' : 'signed out'}`, async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000);
      await context.route('https://www.googletagmanager.com/**', (route) =>
        route.fulfill({ contentType: 'application/javascript', body: gtmStub }),
      );
      if (consent !== 'undecided') await presetConsent(context, consent === 'accepted');
      const violations = await watchViolations(page);
      if (signedIn) {
        const user = await createConfirmedUser();
        await signInWithPassword(page, user.email, user.password);
      }
      const gtmLoads: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith('https://www.googletagmanager.com/')) gtmLoads.push(request.url());
      });
      const paths = signedIn
        ? ['/account', ...pages.filter((path) => path !== '/sign-in' && path !== '/sign-up')]
        : pages;
      for (const locale of ['en', 'ar'] as const) {
        for (const path of paths) {
          const response = await page.goto(`/${locale}${path === '/' ? '' : path}`);
          expect(response?.headers()['content-security-policy'], path).toContain("object-src 'none'");
          await page.waitForLoadState('networkidle');
        }
      }
      expect(violations).toEqual([]);
      // With consent the tag manager did load: the policy allows what consent turns on.
      if (consent === 'accepted') expect(gtmLoads.length).toBeGreaterThan(0);
      else expect(gtmLoads).toEqual([]);
    });
  }
}

test('the policy forbids what it should', async ({ page }) => {
  // A prerendered page (its script policy in a meta element) and one rendered per request (a nonce in the header).
  for (const path of ['/en', '/en/no-such-page']) {
    const response = await page.goto(path);
    const policies = await effectivePolicies(page, response);
    const header = policies.header ?? '';
    const meta = policies.meta[0];
    expect(policies.meta.length, path).toBe(path === '/en' ? 1 : 0);
    const scripts = meta ?? header;
    for (const [policy, name, sources] of [
      [scripts, 'default-src', ["'self'"]],
      [header, 'object-src', ["'none'"]],
      [header, 'base-uri', ["'none'"]],
      [header, 'frame-ancestors', ["'none'"]],
      [header, 'script-src-attr', ["'none'"]],
    ] as const) {
      expect(directive(policy, name), `${path} ${name}`).toEqual(sources);
    }
    expect(header).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:\d+(;|$)/);
    expect(`${header} ${meta ?? ''}`).not.toContain('unsafe-eval');
    // No inline script but those it names (hashes, or the request's nonce), no script from another origin but
    // GTM's (the build sets NEXT_PUBLIC_GTM_ID).
    const named = directive(scripts, 'script-src')!.filter(
      (source) => !/^'(sha256-[A-Za-z0-9+/]+=*|nonce-[A-Za-z0-9+/]+=*)'$/.test(source),
    );
    expect(named, path).toEqual(
      path === '/en'
        ? ["'self'", 'https://www.googletagmanager.com']
        : ["'self'", "'strict-dynamic'", 'https://www.googletagmanager.com'],
    );
  }
});

test('Next’s own slash redirects carry the policy and refuse framing too', async ({ request }) => {
  const redirects: Array<[string, string]> = [
    ['/en/', '/en'],
    ['/en//account', '/en/account'],
    ['/de//sign-in/', '/de/sign-in/'],
  ];
  for (const [path, target] of redirects) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(308);
    expect(new URL(response.headers().location!, 'http://x').pathname, path).toBe(target);
    expect(response.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-frame-options'], path).toBe('DENY');
  }
});
