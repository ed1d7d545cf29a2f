import { describe, expect, it } from 'vitest';
import { authRedirectUrl, localizedNextPath } from '@/lib/auth/auth-routes';
import { emailedNextPath, sameSitePath } from '@/lib/routes/safe-redirect';

// Every one of these must fall back to the default destination.
const attacks: Array<[string, unknown]> = [
  ['absolute https URL', 'https://evil.example/account'],
  ['absolute http URL', 'http://evil.example'],
  ['scheme-relative with colon only', 'https:evil.example'],
  ['one-slash scheme', 'https:/evil.example'],
  ['protocol-relative', '//evil.example'],
  ['triple slash', '///evil.example'],
  ['slash backslash', '/\\evil.example'],
  ['double backslash', '\\\\evil.example'],
  ['backslash slash', '\\/evil.example'],
  ['backslash later in path', '/account\\..\\evil'],
  ['encoded slash', '/%2fevil.example'],
  ['encoded slash upper case', '/%2Fevil.example'],
  ['encoded backslash', '/%5cevil.example'],
  ['fully encoded protocol-relative', '%2f%2fevil.example'],
  ['double-encoded slashes', '/%252f%252fevil.example'],
  ['encoded dot segments', '/%2e%2e/%2e%2e/evil'],
  ['javascript scheme', 'javascript:alert(1)'],
  ['javascript scheme mixed case', 'JaVaScRiPt:alert(1)'],
  ['data URL', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript scheme', 'vbscript:msgbox(1)'],
  ['mailto scheme', 'mailto:someone@evil.example'],
  ['ftp URL', 'ftp://evil.example/'],
  ['userinfo host trick', 'https://polyglot.example@evil.example'],
  ['protocol-relative userinfo', '//polyglot.example@evil.example/account'],
  ['bare at-host', '@evil.example'],
  ['leading-dot host', '.evil.example'],
  ['leading-dot segment', '/.evil.example/account'],
  ['dot-dot traversal', '/../../evil.example'],
  ['bare host', 'evil.example/account'],
  ['leading tab', '\t//evil.example'],
  ['tab inside slashes', '/\t/evil.example'],
  ['newline', '/\n/evil.example'],
  ['carriage return line feed', '/\r\n/evil.example'],
  ['NUL byte', '/\u0000/evil.example'],
  ['leading space', ' //evil.example'],
  ['fullwidth solidus', '／／evil.example'],
  ['division slash look-alike', '/\u2215\u2215evil.example'],
  ['fullwidth reverse solidus', '/\uFF3Cevil.example'],
  ['encoded unicode slash', '/%E2%88%95evil.example'],
  ['API route', '/api/health'],
  ['Next internals', '/_next/static/chunk.js'],
  ['overlong value', `/${'a'.repeat(2000)}`],
  ['empty string', ''],
  ['wrong type', 42],
  ['missing', undefined],
];

describe('sameSitePath', () => {
  it(`has at least 30 attack strings`, () => {
    expect(attacks.length).toBeGreaterThanOrEqual(30);
  });

  it.each(attacks)('rejects %s', (_name, value) => {
    expect(sameSitePath(value)).toBeNull();
    expect(localizedNextPath(value, 'en')).toBe('/en/account');
  });

  it.each([
    ['/account', '/account'],
    ['/', '/'],
    ['/account?tab=email', '/account?tab=email'],
    ['/account#danger', '/account#danger'],
    ['/search?q=a%2Fb', '/search?q=a%2Fb'],
    ['/en/account', '/account'],
    ['/ar', '/'],
  ])('keeps %s', (value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });
});

describe('localizedNextPath', () => {
  it('re-prefixes with the target locale, replacing a locale already in the path', () => {
    expect(localizedNextPath('/en/account?tab=email', 'de')).toBe('/de/account?tab=email');
    expect(localizedNextPath('/account', 'ar')).toBe('/ar/account');
    expect(localizedNextPath('/', 'ja')).toBe('/ja');
  });

  it('falls back to the account page for unsafe values', () => {
    expect(localizedNextPath('//evil.example', 'fr')).toBe('/fr/account');
  });
});

describe('authRedirectUrl', () => {
  it('builds our own absolute URL carrying only a safe next', () => {
    const url = new URL(authRedirectUrl('es', '/auth/confirm', '//evil.example'));
    expect(url.pathname).toBe('/es/auth/confirm');
    expect(url.searchParams.get('next')).toBe('/account');
    expect(new URL(authRedirectUrl('de', '/auth/callback', '/de/account?x=1')).searchParams.get('next')).toBe(
      '/account?x=1',
    );
  });
});

describe("emailedNextPath (GoTrue's .RedirectTo from an emailed link)", () => {
  const site = 'http://localhost:3000';

  it.each(attacks)('rejects %s', (_name, value) => {
    expect(emailedNextPath(value, site)).toBeNull();
  });

  it.each([
    ['another origin', 'https://evil.example.net/steal'],
    ['another port', 'http://localhost:3001/account'],
    ['userinfo trick', 'http://localhost:3000@evil.example/account'],
    ['our confirm URL wrapping another origin', `${site}/de/auth/confirm?next=https%3A%2F%2Fevil.example`],
    ['our confirm URL wrapping a protocol-relative path', `${site}/de/auth/confirm?next=%2F%2Fevil.example`],
    ['our confirm URL without next', `${site}/fr/auth/confirm`],
    ['a double slash path', `${site}//evil.example/account`],
    ['an API route', `${site}/api/health`],
    ["site_url (GoTrue's fallback)", site],
    ['site_url with a slash', `${site}/`],
    ['site_url with a locale', `${site}/ja`],
    ['not a URL', 'http://'],
    ['too long', `${site}/account?q=${'a'.repeat(5000)}`],
  ])('names no page for %s', (_name, value) => {
    expect(emailedNextPath(value, site)).toBeNull();
  });

  it.each([
    [
      'our confirm URL: the next it carries',
      `${site}/de/auth/confirm?next=%2Faccount%3Fupdated%3Demail`,
      '/account?updated=email',
    ],
    ['a page of the site', `${site}/fr/reset-password`, '/reset-password'],
    ['a page with a query', `${site}/es/sign-up?next=%2Faccount`, '/sign-up?next=%2Faccount'],
    ['a plain path (links mailed before)', '/account', '/account'],
  ])('keeps %s', (_name, value, expected) => {
    expect(emailedNextPath(value, site)).toBe(expected);
  });
});
