import { expect, type Page, test } from '../support/test';
import { routeTable } from '@/lib/routes/route-table';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { presetConsent } from '../support/consent';

// Every page carries a Content-Security-Policy, and none of them breaks it: every route of the table in
// English and Arabic, signed out and signed in, before any choice, after "reject" and after "accept" (which loads
// Google Tag Manager: answered here by a local stub, so the policy is what decides whether it may load).

const gtmStub = 'window.dataLayer=window.dataLayer||[];window.dataLayer.push({event:"gtm.js"});';

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

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

test('the policy forbids what it should', async ({ request }) => {
  const policy = (await request.get('/en')).headers()['content-security-policy'] ?? '';
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "script-src-attr 'none'",
  ]) {
    expect(policy).toContain(directive);
  }
  expect(policy).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:\d+(;|$)/);
  expect(policy).not.toContain('unsafe-eval');
  // A script from another origin is refused (GTM only because the build sets NEXT_PUBLIC_GTM_ID).
  expect(policy.match(/script-src ([^;]*)/)?.[1]?.split(' ')).toEqual([
    "'self'",
    "'unsafe-inline'",
    'https://www.googletagmanager.com',
  ]);
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
