import { describe, expect, it } from 'vitest';
import { getEdgePathname, type Href } from '@/i18n/edge-navigation';
import { locales } from '@/i18n/locales';
import { getPathname } from '@/i18n/navigation';

// The middleware's stand-in for next-intl's getPathname (see i18n/edge-navigation.ts) must give its answers.
describe('getEdgePathname', () => {
  const hrefs: Href[] = [
    '/',
    '/?lang=de',
    '/account',
    '/account?tab=email#top',
    '/sign-in/email-link',
    '/it/chi-siamo',
    '//double-slash',
    { pathname: '/sign-in', query: { next: '/account?tab=email', status: 'session ended' } },
    { pathname: '/' },
    { pathname: '/', query: { a: '1' } },
  ];

  it.each(locales)('matches next-intl for /%s', (locale) => {
    for (const href of hrefs)
      expect(getEdgePathname({ href, locale }), JSON.stringify(href)).toBe(getPathname({ href, locale }));
  });

  it('prefixes every path, the home page without a trailing slash', () => {
    expect(getEdgePathname({ href: '/', locale: 'de' })).toBe('/de');
    expect(
      getEdgePathname({ href: { pathname: '/sign-in', query: { next: '/account' } }, locale: 'ar' }),
    ).toBe('/ar/sign-in?next=%2Faccount');
  });
});
