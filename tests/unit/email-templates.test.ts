import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { authRedirectUrl } from '@/lib/auth/auth-routes';
import { isEmailOtpType } from '@/lib/auth/link-verification';
import { GoTemplate } from '@/auth-server/src/mail/go-template';
import { locales } from '@/i18n/locales';

// Emailed links go to the app's own /[locale]/auth/confirm with the token hash, where only the "Continue" button
// uses the token (issue 18): a link through the auth server's /verify is spent by any mail scanner that opens it.
// Invites keep {{ .ConfirmationURL }}: an admin may send them with no redirect_to, and .RedirectTo is then site_url.
const linkTemplates = {
  confirmation: 'signup',
  magic_link: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
} as const;

describe.each(Object.entries(linkTemplates))('supabase/templates/%s.html', (name, type) => {
  const source = readFileSync(`supabase/templates/${name}.html`, 'utf8');

  it('links to the app with the token hash in every language, never to /verify', () => {
    expect(source).not.toContain('.ConfirmationURL');
    expect(isEmailOtpType(type)).toBe(true);
    const template = new GoTemplate(source);
    for (const locale of locales) {
      const redirectTo = authRedirectUrl(locale, '/auth/confirm', '/account');
      const html = template.render({
        RedirectTo: redirectTo,
        TokenHash: 'pkce_abc123',
        Token: '123456',
        Data: { locale },
        Email: 'a@example.com',
      });
      const href = /<a\s[^>]*href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
      const url = new URL(href ?? '');
      expect(url.pathname).toBe(`/${locale}/auth/confirm`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        next: '/account',
        token_hash: 'pkce_abc123',
        type,
      });
    }
  });
});
