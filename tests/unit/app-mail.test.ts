import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { fillTemplate, noticeTime, renderNotice } from '@/lib/mail/render';
import {
  recoveryCodeUsed,
  recoveryCodesCreated,
  recoveryCodesReplaced,
} from '@/supabase/templates/src/app-notices';
import { type EmailWords, emailWords } from '@/supabase/templates/src/words';

// The app's own mail (lib/mail): the auth mails' layout and words (Email in messages/<locale>.json), an HTML and a
// plain-text part, per language.

const notices = { recoveryCodeUsed, recoveryCodesCreated, recoveryCodesReplaced };
const words = emailWords();
/** What each notice tells a reader who did not do it. */
const notYou: Record<keyof typeof notices, (email: EmailWords) => string> = {
  recoveryCodeUsed: (email) => email.app_recovery_code_used.notYou,
  recoveryCodesCreated: (email) => email.shared.notYouCodesChanged,
  recoveryCodesReplaced: (email) => email.shared.notYouCodesChanged,
};
const at = new Date('2026-11-28T09:05:00Z');
const siteUrl = new URL('https://polyglot.example');

describe('the security notices the app sends', () => {
  for (const [name, notice] of Object.entries(notices))
    for (const locale of locales)
      it(`${name} in ${locale}: the shared layout filled, nothing left unfilled, and a plain-text part`, async () => {
        const email = words[locale];
        const own = email[notice.name];
        const mail = await renderNotice(notice, locale, { email: 'a+b@example.com', at, siteUrl });
        expect(mail.to).toBe('a+b@example.com');
        expect(mail.subject).toBe(own.subject);
        expect(mail.html).toMatch(
          new RegExp(`^<!doctype html>\\n<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`),
        );
        expect(mail.html).not.toContain('{{');
        expect(mail.html).toContain('<strong dir="ltr">a+b@example.com</strong>');
        expect(mail.html).toContain(`href="https://polyglot.example/${locale}/account"`);
        const escaped = (text: string) => text.replace(/'/g, '&#39;');
        expect(mail.html).toContain(`<title>${escaped(own.heading)}</title>`);
        expect(mail.html).toContain(escaped(own.preheader));
        expect(mail.html).toContain(escaped(email.shared.securityFooter));
        const time = noticeTime(at, locale);
        expect(mail.text.split('\n\n')).toEqual([
          own.heading,
          own.intro,
          `${email.shared.accountLabel} a+b@example.com\n${email.shared.timeLabel} ${time}`,
          notYou[name as keyof typeof notices](email),
          `${email.shared.goToAccount}: https://polyglot.example/${locale}/account`,
          `--\n${email.shared.securityFooter}`,
        ]);
      });

  it('says when in each language, in UTC', () => {
    expect(noticeTime(at, 'en')).toBe('November 28, 2026 at 9:05:00 AM UTC');
    expect(noticeTime(at, 'de')).toBe('28. November 2026 um 09:05:00 UTC');
  });

  it('writes Arabic done-messages in the passive', () => {
    // Passive past (fuʿila): the first letter carries damma, e.g. سُجِّل, أُنشئت, استُبدلت, استُخدم.
    expect(words.ar[recoveryCodeUsed.name].heading).toMatch(/^استُ/);
    expect(words.ar[recoveryCodesCreated.name].heading).toMatch(/^أُ/);
    expect(words.ar[recoveryCodesReplaced.name].heading).toMatch(/^استُ/);
  });

  it('names the file and key of a word a language lacks', async () => {
    const notice = { ...recoveryCodeUsed, words: [...recoveryCodeUsed.words, 'missing'] };
    await expect(renderNotice(notice, 'ja', { email: 'a@example.com', at, siteUrl })).rejects.toThrow(
      'messages/ja.json has no text for Email.app_recovery_code_used.missing',
    );
  });

  it('escapes every value it fills in and refuses a variable it has no value for', () => {
    expect(fillTemplate('<p>{{ $a }} {{ .B }}</p>', { $a: '<b>&', '.B': '"x\'' })).toBe(
      '<p>&lt;b&gt;&amp; &#34;x&#39;</p>',
    );
    expect(() => fillTemplate('{{ $missing }}', {})).toThrow('no value for {{ $missing }}');
    expect(() => fillTemplate('{{ if .X }}', {})).toThrow('does not fill');
  });
});
