import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales.ts';
import { codeBody } from '../../supabase/templates/src/layout.ts';
import { renderMail } from '../../supabase/templates/src/mail.ts';
import {
  CONFIG_FILE,
  TEMPLATES_DIR,
  emailSubjects,
  emailTemplates,
  withSubjects,
} from '../../supabase/templates/src/templates.ts';
import { emailWords, phrase } from '../../supabase/templates/src/words.ts';

// GoTrue reads each template on its own (no includes), so the layout is written once in supabase/templates/src/,
// the words once per language in messages/<locale>.json (Email), and scripts/email-templates.ts writes them into
// every file and each subject into config.toml.
const generated = emailTemplates();

describe('supabase/templates/', () => {
  it('holds only generated templates', () => {
    const files = readdirSync(TEMPLATES_DIR).filter((name) => name.endsWith('.html'));
    expect(files.sort()).toEqual(Object.keys(generated).sort());
  });

  it.each(Object.entries(generated))('%s is what its source generates', (file, text) => {
    expect(
      readFileSync(`${TEMPLATES_DIR}/${file}`, 'utf8'),
      `${TEMPLATES_DIR}/${file} is not what ${TEMPLATES_DIR}/src/ generates: edit the source and run npm run templates`,
    ).toBe(text);
  });

  it.each(Object.entries(generated))(
    '%s says on its first line that it is generated, and from where',
    (file, text) => {
      const first = text.split('\n')[0]!;
      // A Go comment, which GoTrue drops.
      expect(first).toMatch(/^\{\{- \/\*.* \*\/ -\}\}$/);
      expect(first).toContain(`Generated from ${TEMPLATES_DIR}/src/${file.replace(/\.html$/, '.ts')} `);
      expect(first).toContain('npm run templates');
    },
  );
});

describe(`the subjects in ${CONFIG_FILE}`, () => {
  const config = readFileSync(CONFIG_FILE, 'utf8');

  it('are what the Email words generate, and nothing else in the file differs', () => {
    expect(
      withSubjects(config, emailSubjects()),
      `${CONFIG_FILE}'s subject lines are not what messages/<locale>.json says: run npm run templates`,
    ).toBe(config);
  });

  it("pick the reader's language, the default last", () => {
    const subjects = emailSubjects();
    expect(Object.keys(subjects).sort()).toEqual(Object.keys(generated).sort());
    expect(subjects['invite.html']).toMatch(
      /^\{\{ if eq \.Data\.locale "de" \}\}.+\{\{ else if eq \.Data\.locale "ar" \}\}.+\{\{ else \}\}.+\{\{ end \}\}$/,
    );
  });

  it('are written only where a section sends that template, and a mail the file does not send is an error', () => {
    const toml = [
      '[a]',
      'subject = "old"',
      'content_path = "./supabase/templates/x.html"',
      '',
      '[b]',
      'subject = "kept"',
    ];
    expect(withSubjects(toml.join('\n'), { 'x.html': 'new "one"' }).split('\n')).toEqual([
      '[a]',
      'subject = "new \\"one\\""',
      ...toml.slice(2),
    ]);
    expect(() => withSubjects(toml.join('\n'), { 'y.html': 'z' })).toThrow(`${CONFIG_FILE} sends no y.html`);
  });
});

describe('the generator', () => {
  const all = emailWords();
  const codeLabel = phrase(all, 'shared', 'codeLabel');
  const ignoreIfNotAsked = phrase(all, 'shared', 'ignoreIfNotAsked');
  const words = {
    preheader: codeLabel,
    heading: codeLabel,
    intro: codeLabel,
    ignore: ignoreIfNotAsked,
    footer: codeLabel,
  };

  it('refuses a word the mail never prints and a variable it never sets', () => {
    expect(() => renderMail({ words: { ...words, button: codeLabel }, body: codeBody() }, 'x.ts')).toThrow(
      /^x\.ts: words never printed: button$/,
    );
    expect(() => renderMail({ words, body: codeBody('magiclink') }, 'x.ts')).toThrow(
      /^x\.ts: variables never set: button, codeLabel$/,
    );
  });

  it('refuses a word missing in a language', () => {
    const withoutJapanese = { ...ignoreIfNotAsked, ja: '' };
    expect(() =>
      renderMail({ words: { ...words, ignore: withoutJapanese }, body: codeBody() }, 'x.ts'),
    ).toThrow('$ignore has no ja text');
  });

  it('refuses a seventh language without its words, naming the file to write', () => {
    const seven = [...locales, 'pt'] as unknown as typeof locales;
    expect(() => emailTemplates(seven)).toThrow('messages/pt.json cannot be read');
    expect(() => emailSubjects(seven)).toThrow('messages/pt.json cannot be read');
  });

  it('refuses a language whose file lacks a word, naming the key', () => {
    const partial = emailWords();
    const confirmation: Partial<typeof partial.ja.confirmation> = { ...partial.ja.confirmation };
    delete confirmation.heading;
    partial.ja = { ...partial.ja, confirmation: confirmation as typeof partial.ja.confirmation };
    expect(() => phrase(partial, 'confirmation', 'heading')).toThrow(
      'messages/ja.json has no text for Email.confirmation.heading',
    );
  });

  it("refuses ICU syntax in an email word, which the app's messages would read differently", () => {
    const odd = emailWords();
    odd.de = { ...odd.de, shared: { ...odd.de.shared, codeLabel: 'Code: {code}' } };
    expect(() => phrase(odd, 'shared', 'codeLabel')).toThrow('Email.shared.codeLabel is plain text');
  });
});
