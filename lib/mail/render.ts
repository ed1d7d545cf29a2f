import { createFormatter, type Locale } from 'next-intl';
import { textDirection } from '@/i18n/locales';
import type { AppNotice } from '@/supabase/templates/src/app-notices';
import { layout, noticeBody } from '@/supabase/templates/src/layout';
import { mailWords } from './words';
import type { OutgoingMail } from './transport';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!,
  );

/**
 * Fills the layout's Go template variables (`{{ $word }}`, `{{ .Value }}`) with HTML-escaped text, as GoTrue does
 * for the auth mails; the layout itself stays the one in supabase/templates/src, shared, not copied.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const html = template.replace(/\{\{ ([$.]\w+) \}\}/g, (action, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`mail template: no value for ${action}`);
    return escapeHtml(values[name]!);
  });
  if (html.includes('{{')) throw new Error('mail template: an action this renderer does not fill');
  return html;
}

/** When something happened, as the notice says it: date and time in UTC, through next-intl's formatter. */
export function noticeTime(at: Date, locale: Locale): string {
  return createFormatter({ locale, timeZone: 'UTC' }).dateTime(at, { dateStyle: 'long', timeStyle: 'long' });
}

/** A security notice to `email` in `locale`: subject, HTML in the auth mails' layout, and its plain-text part. */
export async function renderNotice(
  notice: AppNotice,
  locale: Locale,
  { email, at, siteUrl }: { email: string; at: Date; siteUrl: URL },
): Promise<OutgoingMail> {
  const words = await mailWords(notice, locale);
  const word = (name: string) => {
    const text = words[name];
    if (text === undefined) throw new Error(`${notice.name} names no word for $${name}`);
    return text;
  };
  const rtl = textDirection(locale) === 'rtl';
  const link = new URL(`/${locale}${notice.path}`, siteUrl).href;
  const time = noticeTime(at, locale);
  const template = layout(
    noticeBody(notice.path, [
      ['$accountLabel', '.Email'],
      ['$timeLabel', '$time'],
    ]),
  );
  const html = fillTemplate(template, {
    ...Object.fromEntries(Object.entries(words).map(([name, text]) => [`$${name}`, text])),
    $lang: locale,
    $dir: rtl ? 'rtl' : 'ltr',
    $align: rtl ? 'right' : 'left',
    $time: time,
    '.Email': email,
    '.SiteURL': siteUrl.origin,
  });
  const text = [
    word('heading'),
    word('intro'),
    `${word('accountLabel')} ${email}\n${word('timeLabel')} ${time}`,
    word('notYou'),
    `${word('button')}: ${link}`,
    `--\n${word('footer')}`,
  ].join('\n\n');
  return { to: email, subject: word('subject'), html, text };
}
