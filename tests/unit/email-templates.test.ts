import { readFileSync } from 'node:fs';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET as confirmRoute } from '@/app/[locale]/auth/confirm/route';
import { loadConfig } from '@/local-supabase/src/config/config';
import { GoTemplate } from '@/local-supabase/src/mail/go-template';
import { locales } from '@/i18n/locales';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { isEmailOtpType } from '@/lib/auth/link-verification';
import { nextPath } from '@/lib/routes/safe-redirect';
import { siteUrl } from '@/lib/seo/site-url';

// Emailed links go to the app's own /[locale]/auth/confirm on site_url with the token hash, where only the
// "Continue" button uses the token (issue 18). GoTrue's .RedirectTo rides along in `next` (urlquery): appending to it
// broke whenever it had no query, e.g. site_url, which GoTrue sends when no redirect or a disallowed one was asked
// for (issue 34).
const linkTemplates = {
  confirmation: 'signup',
  invite: 'invite',
  magic_link: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
} as const;

const config = loadConfig('supabase/config.toml', {} as NodeJS.ProcessEnv);
const site = config.siteUrl;

/** What GoTrue puts in .RedirectTo, and the page the visitor must end on (a recovery link's default: the form). */
const redirectCases = (locale: string, type: string): [string, string, string][] => [
  [
    "the app's own redirect, with a query",
    authRedirectUrl(locale as (typeof locales)[number], '/auth/confirm', '/account?updated=email'),
    '/account?updated=email',
  ],
  ['a redirect without a query', `${site}/${locale}/reset-password`, '/reset-password'],
  // GoTrue's GetReferrer: no redirect asked for, or one outside the allow-list, gives site_url.
  ['no redirect, or a disallowed one (site_url)', site, type === 'recovery' ? '/reset-password' : '/account'],
  // Never sent by GoTrue; if it were, the app still does not go there.
  [
    'a disallowed redirect passed on as is',
    'https://evil.example.net/steal',
    type === 'recovery' ? '/reset-password' : '/account',
  ],
];

const ENTITIES: Record<string, string> = { amp: '&', '#34': '"', '#39': "'", '#43': '+', lt: '<', gt: '>' };
const decode = (attribute: string) =>
  attribute.replace(/&(#?\w+);/g, (m, name: string) => ENTITIES[name] ?? m);

/** Every link in a mail, as a mail client hands it to the browser. */
const hrefs = (html: string) => [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => decode(m[1]!));

/** Where the confirm route sends a GET of this link (it redirects, which Next throws). */
async function confirmRedirect(link: URL, locale: string): Promise<URL> {
  try {
    await confirmRoute(new NextRequest(link), { params: Promise.resolve({ locale }) });
  } catch (error) {
    const target = /^NEXT_REDIRECT;\w+;(.+);30\d;$/.exec((error as { digest?: string }).digest ?? '')?.[1];
    if (target) return new URL(target, link);
    throw error;
  }
  throw new Error(`no redirect for ${link.href}`);
}

it("site_url is the app's origin, with no trailing slash: the templates append the confirm route's path", () => {
  expect(site).toBe(siteUrl.origin);
});

describe.each(Object.entries(linkTemplates))('supabase/templates/%s.html', (name, type) => {
  const source = readFileSync(`supabase/templates/${name}.html`, 'utf8');
  const template = new GoTemplate(source);
  const render = (locale: unknown, redirectTo: string) =>
    template.render({
      SiteURL: site,
      RedirectTo: redirectTo,
      TokenHash: 'pkce_0123abcdef',
      Token: '123456',
      Data: locale === undefined ? {} : { locale },
      Email: 'a@example.com',
      NewEmail: 'b@example.com',
    });

  it('never links to /verify, never appends to .RedirectTo: it only ever goes into next, query-escaped', () => {
    expect(source).not.toContain('.ConfirmationURL');
    expect(source.match(/\.RedirectTo/g)).toHaveLength(locales.length);
    expect(source.match(/&amp;next=\{\{ urlquery \.RedirectTo \}\}"/g)).toHaveLength(locales.length);
    expect(isEmailOtpType(type)).toBe(true);
  });

  describe.each(locales)('in %s', (locale) => {
    it.each(redirectCases(locale, type))(
      '%s: a valid link to the confirm route, which keeps the token and lands on a page of the site',
      async (_case, redirectTo, destination) => {
        const links = hrefs(render(locale, redirectTo));
        expect(links).toHaveLength(1);
        const link = new URL(links[0]!);
        expect(link.origin).toBe(siteUrl.origin);
        expect(link.pathname).toBe(`/${locale}/auth/confirm`);
        expect(link.searchParams.get('token_hash')).toBe('pkce_0123abcdef');
        expect(link.searchParams.get('type')).toBe(type);
        expect(link.searchParams.get('next')).toBe(redirectTo);

        const continuePage = await confirmRedirect(link, locale);
        expect(continuePage.origin).toBe(siteUrl.origin);
        expect(continuePage.pathname).toBe(`/${locale}/auth/continue`);
        expect(continuePage.searchParams.get('token_hash')).toBe('pkce_0123abcdef');
        expect(continuePage.searchParams.get('type')).toBe(type);
        // The "Continue" button ends on nextPath(next) (lib/auth/link-verification.ts).
        expect(nextPath(continuePage.searchParams.get('next'))).toBe(destination);
        expect(continuePage.href).not.toContain('evil');
      },
    );
  });

  it('falls back to English for a user without (or with an unknown) locale', async () => {
    for (const locale of [undefined, 'xx']) {
      const link = new URL(hrefs(render(locale, site))[0]!);
      expect(link.pathname).toBe('/en/auth/confirm');
      expect((await confirmRedirect(link, 'en')).pathname).toBe('/en/auth/continue');
    }
  });
});

it('supabase/templates/reauthentication.html has no link in any language, only the code', () => {
  const template = new GoTemplate(readFileSync('supabase/templates/reauthentication.html', 'utf8'));
  for (const locale of locales) {
    const html = template.render({
      SiteURL: site,
      Token: '123456',
      Data: { locale },
      Email: 'a@example.com',
    });
    expect(hrefs(html)).toEqual([]);
    expect(html).toContain('123456');
  }
});
