import { describe, expect, it } from 'vitest';
import { offlinePageFor } from '@/lib/pwa/offline-pages';
import {
  isFont,
  isHashedStaticAsset,
  isIcon,
  isOfflineCopyNavigation,
  isPrivateRequest,
  isSignOutRequest,
  isStorablePage,
} from '@/lib/pwa/request-policy';

const origin = 'https://polyglot.example';
const supabase = 'https://abc.supabase.co';

function facts(
  path: string,
  init: { method?: string; mode?: RequestMode; headers?: Record<string, string> } = {},
) {
  return {
    url: new URL(path, origin),
    origin,
    method: init.method ?? 'GET',
    mode: init.mode ?? 'cors',
    headers: new Headers(init.headers),
  };
}

describe('service worker request policy', () => {
  it.each([
    ['a page navigation', facts('/en', { mode: 'navigate' })],
    ['an RSC request', facts('/en/account', { headers: { RSC: '1' } })],
    ['an RSC prefetch with router state', facts('/de', { headers: { 'Next-Router-State-Tree': '%5B%5D' } })],
    ['an RSC URL with _rsc', facts('/fr?_rsc=abc')],
    ['our API', facts('/api/health')],
    ['auth routes', facts('/auth/callback?code=1')],
    ['localized auth routes', facts('/ja/auth/confirm')],
    ['account pages', facts('/ar/account/security')],
    ['sign-in pages', facts('/es/sign-in')],
    ['the reset-password page', facts('/fr/reset-password')],
    ['public pages fetched other than by navigating', facts('/de/forgot-password')],
    ['a navigation to a private page', facts('/de/account', { mode: 'navigate' })],
    ['the Supabase origin', facts(`${supabase}/auth/v1/user`)],
    ['other origins', facts('https://www.googletagmanager.com/gtm.js')],
    ['writes', facts('/_next/static/chunks/a.js', { method: 'POST' })],
  ])('keeps %s network-only', (_label, request) => {
    expect(isPrivateRequest(request, supabase)).toBe(true);
  });

  it.each([
    ['a hashed chunk', facts('/_next/static/chunks/app-1a2b.js')],
    ['a font', facts('/_next/static/media/inter-s.p.woff2')],
    ['an icon', facts('/icons/icon-192.png')],
  ])('lets %s be cached', (_label, request) => {
    expect(isPrivateRequest(request, supabase)).toBe(false);
  });

  it('keeps offline copies of public static pages only, and only of navigations to them', () => {
    for (const path of ['/en', '/de/sign-in', '/ar/sign-up', '/ja/forgot-password', '/es/sign-in/email-link'])
      expect(isOfflineCopyNavigation(facts(path, { mode: 'navigate' })), path).toBe(true);
    expect(isOfflineCopyNavigation(facts('/fr/sign-in?next=%2Ffr%2Faccount', { mode: 'navigate' }))).toBe(
      true,
    );
    for (const path of ['/en/account', '/de/sign-in/verify', '/ar/sign-up/check-email', '/ja/reset-password'])
      expect(isOfflineCopyNavigation(facts(path, { mode: 'navigate' })), path).toBe(false);
    expect(isOfflineCopyNavigation(facts('/en/auth/confirm', { mode: 'navigate' }))).toBe(false);
    expect(isOfflineCopyNavigation(facts('/en/no-such-page', { mode: 'navigate' }))).toBe(false);
    expect(isOfflineCopyNavigation(facts('/en'))).toBe(false);
    expect(isOfflineCopyNavigation(facts('/en', { mode: 'navigate', method: 'POST' }))).toBe(false);
    expect(isOfflineCopyNavigation(facts('/en', { mode: 'navigate', headers: { RSC: '1' } }))).toBe(false);
    expect(
      isOfflineCopyNavigation({
        ...facts('/en', { mode: 'navigate' }),
        url: new URL('https://evil.example/en'),
      }),
    ).toBe(false);
  });

  it('keeps a page only from a plain 200 the server did not mark private', () => {
    const answer = (status: number, cacheControl?: string, extra: Partial<Response> = {}) => ({
      status,
      type: 'basic' as ResponseType,
      redirected: false,
      headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}),
      ...extra,
    });
    expect(isStorablePage(answer(200, 's-maxage=31536000'))).toBe(true);
    expect(isStorablePage(answer(200))).toBe(true);
    expect(isStorablePage(answer(200, 'private, no-cache'))).toBe(false);
    expect(isStorablePage(answer(200, 'no-store'))).toBe(false);
    expect(isStorablePage(answer(200, undefined, { redirected: true }))).toBe(false);
    expect(isStorablePage(answer(200, undefined, { type: 'opaqueredirect' }))).toBe(false);
    expect(isStorablePage(answer(404))).toBe(false);
    expect(isStorablePage(answer(500))).toBe(false);
  });

  it('recognises cacheable kinds', () => {
    expect(isHashedStaticAsset(facts('/_next/static/css/app.css'))).toBe(true);
    expect(isHashedStaticAsset(facts('/_next/static/css/app.css?v=1'))).toBe(false);
    expect(isHashedStaticAsset(facts('/en/account'))).toBe(false);
    expect(isFont(facts('/_next/static/media/inter.woff2'))).toBe(true);
    expect(isIcon(facts('/icons/maskable-512.png'))).toBe(true);
    expect(isIcon(facts('/screenshots/en-wide.jpg'))).toBe(false);
  });

  it('spots sign-out requests', () => {
    expect(isSignOutRequest(facts('/auth/sign-out', { method: 'POST' }))).toBe(true);
    expect(isSignOutRequest(facts('/en/signout', { method: 'POST' }))).toBe(true);
    expect(isSignOutRequest(facts('/auth/sign-out'))).toBe(false);
  });

  it('picks the offline page in the language of the URL', () => {
    const pages = {
      en: '/en/~offline',
      de: '/de/~offline',
      fr: '/fr/~offline',
      es: '/es/~offline',
      ja: '/ja/~offline',
      ar: '/ar/~offline',
    };
    expect(offlinePageFor(pages, '/ar/account')).toBe('/ar/~offline');
    expect(offlinePageFor(pages, '/de')).toBe('/de/~offline');
    expect(offlinePageFor(pages, '/')).toBe('/en/~offline');
    expect(offlinePageFor(pages, '/it/x')).toBe('/en/~offline');
  });
});
