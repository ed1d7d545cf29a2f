import { describe, expect, it } from 'vitest';
import { offlinePageFor } from '@/lib/pwa/offline-pages';
import {
  isFont,
  isHashedStaticAsset,
  isIcon,
  isPrivateRequest,
  isSignOutRequest,
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
    ['public pages too (only the offline page is ever stored)', facts('/de/forgot-password')],
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
