import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'smol-toml';
import { describe, expect, it, vi } from 'vitest';
import { globalErrorTexts } from '@/i18n/global-error-texts';
import { glossary } from '@/i18n/glossary';
import { defaultLocale, locales, textDirection } from '@/i18n/locales';
import { GoTemplate } from '@/local-supabase/src/mail/go-template';

// One list of languages (i18n/locales.ts) drives the app; these are the pieces each language needs outside the
// code. Adding a language without one of them fails here (docs/languages.md, "Adding a language").

const templates = readdirSync('supabase/templates').filter((name) => name.endsWith('.html'));
const config = parse(readFileSync('supabase/config.toml', 'utf8')) as {
  auth: {
    email: {
      template: Record<string, { subject: string; content_path: string }>;
      notification: Record<string, { subject: string; content_path: string }>;
    };
  };
};
/** The link and code mails, then the security notices: every mail the project's config sends. */
const mails = { ...config.auth.email.template, ...config.auth.email.notification };
const readMessages = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8'));

/** The languages a Go template branches on (`eq .Data.locale "de"`), in order. */
const branches = (template: string) =>
  [...template.matchAll(/eq \.Data\.locale \\?"([^"\\]+)\\?"/g)].map((match) => match[1]);

describe.each(locales)('language %s', (locale) => {
  it('has its messages file', () => {
    expect(existsSync(`messages/${locale}.json`)).toBe(true);
  });

  it.each(templates)(
    'has its branch in supabase/templates/%s, marked with its language and direction',
    (name) => {
      const source = readFileSync(`supabase/templates/${name}`, 'utf8');
      const template = new GoTemplate(source);
      const root = `<html lang="${locale}" dir="${textDirection(locale)}">`;
      expect(template.render({ Data: { locale } })).toContain(root);
      // The default language is what the template sets before its branches, also for users without a stored one.
      if (locale === defaultLocale) expect(template.render({ Data: {} })).toContain(root);
      else expect(branches(source)).toContain(locale);
    },
  );

  it('has its email subjects in supabase/config.toml', () => {
    for (const [name, template] of Object.entries(mails)) {
      if (locale !== defaultLocale) expect(branches(template.subject), name).toContain(locale);
    }
  });

  it('has its global-error text, derived from its messages', () => {
    const { texts } = globalErrorTexts(readMessages);
    const text = texts[locale];
    expect(text.title.trim()).not.toBe('');
    expect(text.retry.trim()).not.toBe('');
    expect(text.dir).toBe(textDirection(locale));
  });

  it('has its manifest texts and install screenshots', () => {
    const manifest = readMessages(locale).Manifest as Record<string, string>;
    for (const key of ['name', 'shortName', 'description', 'wideScreenshot', 'narrowScreenshot'])
      expect(manifest[key], key).toBeTruthy();
    for (const form of ['wide', 'narrow'])
      expect(existsSync(`public/screenshots/${locale}-${form}.jpg`), form).toBe(true);
  });
});

/** Every dotted key of a messages object. */
const keys = (messages: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

/**
 * What a language needs beyond the list, file by file, as docs/languages.md's "Adding a language" names them; for
 * a language that has everything, nothing. The words are all of messages/en.json's keys, the emails' included.
 */
function missingFor(locale: string): string[] {
  const missing: string[] = [];
  const file = `messages/${locale}.json`;
  if (!existsSync(file)) missing.push(file);
  else {
    const own = new Set(keys(readMessages(locale)));
    const absent = keys(readMessages(defaultLocale)).filter((key) => !own.has(key));
    if (absent.length)
      missing.push(`${file}: ${absent.slice(0, 5).join(', ')}${absent.length > 5 ? ', …' : ''}`);
  }
  if (!(locale in glossary)) missing.push('i18n/glossary.ts');
  const matcherLists = [
    ...readFileSync('middleware.ts', 'utf8').matchAll(/\((?:\?:)?(en(?:\|[a-z]{2,3})+)\)/g),
  ];
  if (matcherLists.length < 3 || matcherLists.some((list) => !list[1]!.split('|').includes(locale)))
    missing.push('middleware.ts');
  for (const form of ['wide', 'narrow'])
    if (!existsSync(`public/screenshots/${locale}-${form}.jpg`))
      missing.push(`public/screenshots/${locale}-${form}.jpg`);
  if (
    locale !== defaultLocale &&
    templates.some((name) => !branches(readFileSync(`supabase/templates/${name}`, 'utf8')).includes(locale))
  )
    missing.push('npm run templates');
  return missing;
}

describe('docs/languages.md, "Adding a language"', () => {
  const section = readFileSync('docs/languages.md', 'utf8')
    .split(/^## /m)
    .find((part) => part.startsWith('Adding a language'));

  it('names each file a language needs', () => {
    expect(section).toBeDefined();
    for (const file of [
      'i18n/locales.ts',
      'messages/<code>.json',
      'i18n/glossary.ts',
      'middleware.ts',
      'public/screenshots/<code>-wide.jpg',
      'npm run templates',
    ])
      expect(section, file).toContain(`\`${file}\``);
    // The emails' words are in the messages file: no step edits a mail or a subject by hand.
    expect(section).not.toMatch(/supabase\/templates\/src|words\.ts|edit .*config\.toml/);
  });

  it.each(locales)('%s has everything it names', (locale) => {
    expect(missingFor(locale)).toEqual([]);
  });

  it('finds a seventh language in the list without its words, file by file', () => {
    expect(missingFor('pt')).toEqual([
      'messages/pt.json',
      'i18n/glossary.ts',
      'middleware.ts',
      'public/screenshots/pt-wide.jpg',
      'public/screenshots/pt-narrow.jpg',
      'npm run templates',
    ]);
  });
});

describe('the screenshot script', () => {
  // It captures every language of the list, so adding one needs no edit there.
  it('reads the language list instead of keeping its own', () => {
    const script = readFileSync('scripts/pwa/capture-screenshots.ts', 'utf8');
    expect(script).toContain("import { locales } from '../../i18n/locales.ts';");
    expect(script).not.toMatch(/\[\s*'en'\s*,/);
  });
});

describe('no leftovers of a removed language', () => {
  it('every messages file, template branch and subject branch belongs to a listed language', () => {
    const known: readonly string[] = locales;
    for (const file of readdirSync('messages').filter((name) => name.endsWith('.json')))
      expect(known, file).toContain(file.replace('.json', ''));
    for (const name of templates)
      for (const branch of branches(readFileSync(`supabase/templates/${name}`, 'utf8')))
        expect(known, name).toContain(branch);
    for (const template of Object.values(mails))
      for (const branch of branches(template.subject)) expect(known).toContain(branch);
    // Every template file is one the config sends.
    expect(
      Object.values(mails)
        .map((t) => t.content_path.replace('./supabase/templates/', ''))
        .sort(),
    ).toEqual([...templates].sort());
  });
});

describe('app/global-error.tsx', () => {
  it('speaks the language of the URL, with its direction, from the build-time texts', async () => {
    vi.stubEnv('POLYGLOT_GLOBAL_ERROR_TEXTS', JSON.stringify(globalErrorTexts(readMessages)));
    vi.stubGlobal('window', { location: { pathname: '/ar/account' } });
    const { default: GlobalError } = await import('@/app/global-error');
    const html = renderToStaticMarkup(createElement(GlobalError, { error: new Error('x'), reset: () => {} }));
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(readMessages('ar').Error.title);
    vi.stubGlobal('window', { location: { pathname: '/it/x' } });
    expect(
      renderToStaticMarkup(createElement(GlobalError, { error: new Error('x'), reset: () => {} })),
    ).toContain(`<html lang="${defaultLocale}" dir="ltr">`);
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });
});
