import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { fillTemplate, noticeTime, renderNotice } from '@/lib/mail/render';
import {
  recoveryCodeUsed,
  recoveryCodesCreated,
  recoveryCodesReplaced,
} from '@/supabase/templates/src/app-notices';
import { securityFooter } from '@/supabase/templates/src/words';

// The app's own mail (lib/mail): the auth mails' layout and words, an HTML and a plain-text part, per language.

const notices = { recoveryCodeUsed, recoveryCodesCreated, recoveryCodesReplaced };
const at = new Date('2026-11-28T09:05:00Z');
const siteUrl = new URL('https://polyglot.example');

describe('the security notices the app sends', () => {
  for (const [name, notice] of Object.entries(notices))
    for (const locale of locales)
      it(`${name} in ${locale}: the shared layout filled, nothing left unfilled, and a plain-text part`, async () => {
        const mail = await renderNotice(notice, locale, { email: 'a+b@example.com', at, siteUrl });
        expect(mail.to).toBe('a+b@example.com');
        expect(mail.subject).toBe(notice.words.subject[locale]);
        expect(mail.html).toMatch(
          new RegExp(`^<!doctype html>\\n<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`),
        );
        expect(mail.html).not.toContain('{{');
        expect(mail.html).toContain('<strong dir="ltr">a+b@example.com</strong>');
        expect(mail.html).toContain(`href="https://polyglot.example/${locale}/account"`);
        expect(mail.html).toContain(securityFooter[locale].replace(/'/g, '&#39;'));
        const time = noticeTime(at, locale);
        expect(mail.text.split('\n\n')).toEqual([
          notice.words.heading[locale],
          notice.words.intro[locale],
          `${notice.words.accountLabel[locale]} a+b@example.com\n${notice.words.timeLabel[locale]} ${time}`,
          notice.words.notYou[locale],
          `${notice.words.button[locale]}: https://polyglot.example/${locale}/account`,
          `--\n${securityFooter[locale]}`,
        ]);
      });

  it('says when in each language, in UTC', () => {
    expect(noticeTime(at, 'en')).toBe('November 28, 2026 at 9:05:00 AM UTC');
    expect(noticeTime(at, 'de')).toBe('28. November 2026 um 09:05:00 UTC');
  });

  it('writes Japanese with a space between Latin words and kana, and Arabic done-messages in the passive', () => {
    const kanaNextToLatin = /[A-Za-z][\u3040-\u30ff\u4e00-\u9fff]|[\u3040-\u30ff\u4e00-\u9fff][A-Za-z]/;
    for (const notice of Object.values(notices))
      for (const phrase of Object.values(notice.words)) expect(phrase.ja).not.toMatch(kanaNextToLatin);
    // Passive past (fuʿila): the first letter carries damma, e.g. سُجِّل, أُنشئت, استُبدلت, استُخدم.
    expect(recoveryCodeUsed.words.heading.ar).toMatch(/^استُ/);
    expect(recoveryCodesCreated.words.heading.ar).toMatch(/^أُ/);
    expect(recoveryCodesReplaced.words.heading.ar).toMatch(/^استُ/);
  });

  it('escapes every value it fills in and refuses a variable it has no value for', () => {
    expect(fillTemplate('<p>{{ $a }} {{ .B }}</p>', { $a: '<b>&', '.B': '"x\'' })).toBe(
      '<p>&lt;b&gt;&amp; &#34;x&#39;</p>',
    );
    expect(() => fillTemplate('{{ $missing }}', {})).toThrow('no value for {{ $missing }}');
    expect(() => fillTemplate('{{ if .X }}', {})).toThrow('does not fill');
  });
});
