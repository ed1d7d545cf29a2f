import { readFileSync } from 'node:fs';
import { NextRequest } from 'next/server';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { GET as confirmRoute } from '@/app/[locale]/auth/confirm/route';
import { loadConfig } from '@/local-supabase/src/config/config';
import { GoTemplate } from '@/local-supabase/src/mail/go-template';
import { htmlToText } from '@/local-supabase/src/mail/mailer';
import { locales } from '@/i18n/locales';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { isEmailOtpType } from '@/lib/auth/link-verification';
import { nextPath } from '@/lib/routes/safe-redirect';
import { siteUrl } from '@/lib/seo/site-url';

// Emailed links go to the app's own /[locale]/auth/confirm on site_url with the token hash, where only the "Continue"
// button uses the token (docs/decisions/0005-emailed-links-go-through-the-app.md). GoTrue's .RedirectTo rides along in
// `next` (urlquery): appending to it broke whenever it had no query, e.g. site_url, which GoTrue sends when no redirect
// or a disallowed one was asked for.
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
    const uses = source.match(/\.RedirectTo/g) ?? [];
    expect(uses.length).toBeGreaterThan(0);
    expect(source.match(/&amp;next=\{\{ urlquery \.RedirectTo \}\}"/g)).toHaveLength(uses.length);
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

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The parts of a rendered mail that the layout promises, read from its markup. */
function layout(html: string) {
  const text = (re: RegExp) => decode(re.exec(html)?.[1] ?? '').trim();
  const button = /<td bgcolor="(#[0-9a-f]{6})"[^>]*>\s*<a href="([^"]*)" style="([^"]*)">([^<]*)<\/a>/.exec(
    html,
  );
  return {
    preheader: text(/<body[^>]*>\s*<div style="display:none;[^"]*">([^<]*)<\/div>/),
    wordmarkBeforeHeading: /<td [^>]*>Polyglot<\/td>[\s\S]*<h1[^>]*>[^<]+<\/h1>/.test(html),
    footer: text(/<td class="footer"[^>]*>([^<]*)<\/td>/),
    code: text(/<strong dir="ltr" style="[^"]*letter-spacing:[^"]*">([^<]*)<\/strong>/),
    button: button && {
      background: button[1]!,
      href: decode(button[2]!),
      color: /(?:^|;)color:(#[0-9a-f]{6})/.exec(button[3]!)?.[1] ?? '',
      label: decode(button[4]!),
    },
  };
}

// A product's mail in every language and both directions (mail clients keep tables and inline styles;
// webmail drops <html>, so the outer table repeats lang and dir).
describe.each([...Object.entries(linkTemplates), ['reauthentication', null] as const])(
  'supabase/templates/%s.html: one accessible layout',
  (name, type) => {
    const template = new GoTemplate(readFileSync(`supabase/templates/${name}.html`, 'utf8'));
    const render = (locale: string) =>
      template.render({
        SiteURL: site,
        RedirectTo: site,
        TokenHash: 'pkce_0123abcdef',
        Token: '123456',
        Data: { locale },
        Email: 'a@example.com',
        NewEmail: 'b@example.com',
      });
    const english = layout(render('en'));

    it.each(locales)(
      'in %s: wordmark, button, code, preheader and footer, in its language and direction',
      (locale) => {
        const html = render(locale);
        const dir = locale === 'ar' ? 'rtl' : 'ltr';
        expect(html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${locale}" dir="${dir}">`));
        expect(html).toMatch(new RegExp(`<table role="presentation"[^>]* lang="${locale}" dir="${dir}"`));
        expect(html).toContain('<meta name="color-scheme" content="light">');
        expect(html.match(/<table\b[^>]*>/g)?.every((t) => t.includes('role="presentation"'))).toBe(true);
        // Text and the button start on the reading side.
        const aligns = [...html.matchAll(/<td [^>]*align="(\w+)"/g)]
          .map((m) => m[1])
          .filter((a) => a !== 'center');
        expect(new Set(aligns)).toEqual(new Set([dir === 'rtl' ? 'right' : 'left']));

        const mail = layout(html);
        expect(mail.wordmarkBeforeHeading).toBe(true);
        expect(mail.code).toBe('123456');
        expect(mail.preheader).not.toBe('');
        expect(mail.footer).not.toBe('');
        if (locale !== 'en') {
          expect(mail.preheader).not.toBe(english.preheader);
          expect(mail.footer).not.toBe(english.footer);
        }
        if (locale === 'ja') expect(mail.footer).toMatch(/\p{sc=Hiragana}/u);
        if (locale === 'ar') expect(mail.footer).toMatch(/\p{sc=Arabic}/u);

        if (type === null) {
          expect(mail.button).toBeNull();
          return;
        }
        // A bulletproof button: the one link, on a cell with its own background, readable on it.
        expect(mail.button).not.toBeNull();
        const button = mail.button!;
        expect(hrefs(html)).toEqual([button.href]);
        expect(new URL(button.href).pathname).toBe(`/${locale}/auth/confirm`);
        expect(button.label).not.toBe('');
        if (locale !== 'en') expect(button.label).not.toBe(english.button!.label);
        expect(contrast(button.color, button.background)).toBeGreaterThanOrEqual(4.5);
        // Mail clients show the HTML; the mailbox's text version still reads "Sign in: <link>" on a line of its own.
        expect(htmlToText(html).split('\n')).toContain(`${button.label}: ${button.href}`);
      },
    );

    it('writes every text in a colour of at least 4.5:1 on the white card', () => {
      const html = render('en');
      const card = /max-width:560px;background-color:(#[0-9a-f]{6})/.exec(html)?.[1];
      expect(card).toBe('#ffffff');
      const colours = [...html.replace(/<a [^>]*>/g, '').matchAll(/(?:^|[;"])color:(#[0-9a-f]{6})/g)].map(
        (m) => m[1]!,
      );
      expect(colours.length).toBeGreaterThanOrEqual(3);
      for (const colour of colours) expect(contrast(colour, card!), colour).toBeGreaterThanOrEqual(4.5);
    });
  },
);

// GoTrue's security notices, one per kind in config.toml, in the layout above. They report a change and
// carry one link, to a page of the site that signs no one in, and tell the reader what to do if it was not them.
const notices = Object.entries(
  (
    parseToml(readFileSync('supabase/config.toml', 'utf8')) as {
      auth: { email: { notification: Record<string, { enabled: boolean; content_path: string }> } };
    }
  ).auth.email.notification,
);
const notYou: Record<(typeof locales)[number], string> = {
  en: "If this wasn't you,",
  de: 'Falls Sie das nicht waren,',
  fr: 'Si ce n’est pas vous,',
  es: 'Si no has sido tú,',
  ja: 'お心当たりがない場合は、',
  ar: 'إذا لم تكن أنت من قام بذلك،',
};

it('config.toml enables every notice GoTrue has, each with its template', () => {
  // GoTrue's NotificationsConfiguration, the CLI's [auth.email.notification.<kind>].
  expect(notices.map(([kind]) => kind).sort()).toEqual([
    'email_changed',
    'identity_linked',
    'identity_unlinked',
    'mfa_factor_enrolled',
    'mfa_factor_unenrolled',
    'password_changed',
    'phone_changed',
  ]);
  for (const [kind, notice] of notices) {
    expect(notice.enabled, kind).toBe(true);
    expect(notice.content_path).toBe(`./supabase/templates/${kind}_notification.html`);
  }
});

describe.each(notices)('supabase/templates/%s_notification.html: one accessible layout', (kind) => {
  const template = new GoTemplate(readFileSync(`supabase/templates/${kind}_notification.html`, 'utf8'));
  // What GoTrue passes (templatemailer's *NotificationMail), values that show where they are printed.
  const render = (locale: unknown, values: Record<string, string> = {}) =>
    template.render({
      SiteURL: site,
      Email: 'new@example.com',
      OldEmail: 'old@example.com',
      Phone: '+15550000002',
      OldPhone: '+15550000001',
      Provider: 'github',
      FactorType: 'totp',
      Data: locale === undefined ? {} : { locale },
      ...values,
    });
  const english = layout(render('en'));

  it.each(locales)(
    'in %s: wordmark, details, "if this wasn\'t you" and one link that signs no one in',
    (locale) => {
      const html = render(locale);
      const dir = locale === 'ar' ? 'rtl' : 'ltr';
      expect(html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${locale}" dir="${dir}">`));
      expect(html).toMatch(new RegExp(`<table role="presentation"[^>]* lang="${locale}" dir="${dir}"`));
      expect(html.match(/<table\b[^>]*>/g)?.every((t) => t.includes('role="presentation"'))).toBe(true);
      const aligns = [...html.matchAll(/<td [^>]*align="(\w+)"/g)]
        .map((m) => m[1])
        .filter((a) => a !== 'center');
      expect(new Set(aligns)).toEqual(new Set([dir === 'rtl' ? 'right' : 'left']));

      const mail = layout(html);
      expect(mail.wordmarkBeforeHeading).toBe(true);
      expect(mail.preheader).not.toBe('');
      expect(mail.footer).not.toBe('');
      if (locale !== 'en') {
        expect(mail.preheader).not.toBe(english.preheader);
        expect(mail.footer).not.toBe(english.footer);
        expect(mail.button!.label).not.toBe(english.button!.label);
      }
      if (locale === 'ja') expect(mail.footer).toMatch(/\p{sc=Hiragana}/u);
      if (locale === 'ar') expect(mail.footer).toMatch(/\p{sc=Arabic}/u);
      expect(htmlToText(html)).toContain(notYou[locale]);

      // The only link: the button, to the account page or the password reset form, with nothing that signs in.
      const button = mail.button!;
      expect(hrefs(html)).toEqual([button.href]);
      const link = new URL(button.href);
      expect(link.origin).toBe(siteUrl.origin);
      expect(link.pathname).toBe(
        kind === 'password_changed' ? `/${locale}/forgot-password` : `/${locale}/account`,
      );
      expect(link.search + link.hash).toBe('');
      expect(html).not.toMatch(/token|verify|auth\/confirm/i);
      expect(contrast(button.color, button.background)).toBeGreaterThanOrEqual(4.5);
      expect(htmlToText(html).split('\n')).toContain(`${button.label}: ${button.href}`);
    },
  );

  it('prints what changed as GoTrue names it, in words for providers and factor types', () => {
    const text = htmlToText(render('de'));
    const shown: Record<string, string[]> = {
      password_changed: ['new@example.com'],
      email_changed: ['old@example.com', 'new@example.com'],
      phone_changed: ['new@example.com', '+15550000001', '+15550000002'],
      identity_linked: ['new@example.com', 'GitHub'],
      identity_unlinked: ['new@example.com', 'GitHub'],
      mfa_factor_enrolled: ['new@example.com', 'Authenticator-App'],
      mfa_factor_unenrolled: ['new@example.com', 'Authenticator-App'],
    };
    for (const value of shown[kind]!) expect(text).toContain(value);
    expect(text).not.toMatch(/\b(?:github|totp)\b/);
    if (kind.startsWith('mfa_'))
      expect(htmlToText(render('fr', { FactorType: 'webauthn' }))).toContain('Clé de sécurité');
  });

  it('falls back to English for a user without (or with an unknown) locale', () => {
    for (const locale of [undefined, 'xx']) {
      expect(render(locale)).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
      expect(htmlToText(render(locale))).toContain(notYou.en);
    }
  });

  it('writes every text in a colour of at least 4.5:1 on the white card', () => {
    const html = render('en');
    const colours = [...html.replace(/<a [^>]*>/g, '').matchAll(/(?:^|[;"])color:(#[0-9a-f]{6})/g)].map(
      (m) => m[1]!,
    );
    expect(colours.length).toBeGreaterThanOrEqual(3);
    for (const colour of colours) expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
  });
});
