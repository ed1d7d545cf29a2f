import { describe, expect, it } from 'vitest';
import { authRedirectUrl, localizedNextPath } from '@/lib/auth/auth-routes';
import { sameSitePath } from '@/lib/routes/safe-redirect';

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
