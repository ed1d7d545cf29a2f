import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { getPathname } from '@/i18n/navigation';
import { middlewareNeed, routeTable } from '@/lib/routes/route-table';
import { PRESENCE_HINT_COOKIE } from '@/lib/session/types';
import { config, formContentType } from '@/middleware';

// Next's request helpers expect the AsyncLocalStorage its server installs.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
const { unstable_doesMiddlewareMatch } = await import('next/experimental/testing/server');

const runs = (url: string) => unstable_doesMiddlewareMatch({ config, url });

// The matcher is a literal (Next reads it at build time): these real URLs keep it in step with the route table
// and the language list. A route added to the table without its matcher entry fails here, and so does a matcher
// entry that puts a static public page on the middleware's path.
describe('middleware matcher', () => {
  describe.each(locales)('under /%s', (locale) => {
    it.each(routeTable.map((entry) => [entry.path, entry] as const))(
      '%s runs the middleware only if the route needs it',
      (path, entry) => {
        const url = getPathname({ href: path, locale });
        const need = middlewareNeed(entry);
        const paths = [url, `${url}?_rsc=1`, ...('subtree' in entry ? [`${url}/nested/page`] : [])];
        // The RSC payload of a client navigation takes the same path through the middleware.
        for (const each of paths) {
          expect(runs(each), each).toBe(need === 'always');
          const hinted = unstable_doesMiddlewareMatch({
            config,
            url: each,
            cookies: { [PRESENCE_HINT_COOKIE]: 'Ada' },
          });
          expect(hinted, `${each} with the session hint`).toBe(need !== 'never');
        }
      },
    );

    it('leaves look-alikes of session routes alone', () => {
      for (const path of [
        '/accounting',
        '/sign-in-help',
        '/sign-up/other',
        '/authors',
        '/sign-in/email-link/extra',
        '/sign-in/verify/extra',
        '/sign-in/verifying',
      ]) {
        expect(runs(`/${locale}${path}`), path).toBe(false);
      }
    });
  });

  it('runs for every unprefixed page, to detect the language', () => {
    for (const { path } of routeTable) expect(runs(path), path).toBe(true);
    expect(runs('/it/chi-siamo'), 'a locale we do not speak').toBe(true);
  });

  it('skips API routes, Next internals, Vercel endpoints, the service worker and files', () => {
    for (const url of [
      '/api/health',
      '/api',
      '/_next/static/chunks/a.js',
      '/_vercel/insights/view',
      '/serwist/sw.js',
      '/icons/icon-192.png',
      '/en/manifest.webmanifest',
      '/favicon.ico',
    ]) {
      expect(runs(url), url).toBe(false);
    }
  });

  it('runs for every path with a percent sign, to redirect undecodable ones', () => {
    for (const url of ['/en/%ff', '/api/%ff', '/_next/static/%ff', '/%E0%A4%A'])
      expect(runs(url), url).toBe(true);
  });

  it('runs for server-action and form POSTs on every page, to refuse bad ones with a 4xx', () => {
    const action = { 'next-action': '7f7424f9f1ed2ab369cf25ced868876cef35b2fbaf' };
    for (const url of ['/en', '/en/forgot-password', '/de/sign-in/email-link']) {
      expect(unstable_doesMiddlewareMatch({ config, url, headers: action }), url).toBe(true);
      expect(
        unstable_doesMiddlewareMatch({
          config,
          url,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        }),
        url,
      ).toBe(true);
      expect(
        unstable_doesMiddlewareMatch({
          config,
          url,
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
        }),
        url,
      ).toBe(true);
      expect(unstable_doesMiddlewareMatch({ config, url, headers: { accept: 'text/html' } }), url).toBe(
        false,
      );
    }
    for (const url of ['/api/health', '/_next/static/chunks/a.js'])
      expect(unstable_doesMiddlewareMatch({ config, url, headers: action }), url).toBe(false);
  });

  it('refuses form posts by the content types the matcher lists, read the way Next reads them', () => {
    for (const type of [
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'text/plain;charset=UTF-8',
      'text/plain',
      'application/json',
      'text/html',
      'x-multipart/form-data',
      ' text/plain',
      '',
    ]) {
      const matched = unstable_doesMiddlewareMatch({ config, url: '/en', headers: { 'content-type': type } });
      expect(formContentType.test(type), type).toBe(matched);
    }
    expect(formContentType.test('text/plain')).toBe(true);
  });
});
