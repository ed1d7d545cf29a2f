import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeBody } from '../../supabase/templates/src/layout.ts';
import { defineMail, renderMail } from '../../supabase/templates/src/mail.ts';
import { TEMPLATES_DIR, emailTemplates } from '../../supabase/templates/src/templates.ts';
import { codeLabel, ignoreIfNotAsked } from '../../supabase/templates/src/words.ts';

// GoTrue reads each template on its own (no includes), so the layout and the shared words are written once in
// supabase/templates/src/ and scripts/email-templates.ts copies them into every file.
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

describe('the generator', () => {
  const words = {
    preheader: codeLabel,
    heading: codeLabel,
    intro: codeLabel,
    ignore: ignoreIfNotAsked,
    footer: codeLabel,
  };

  it('refuses a word the mail never prints and a variable it never sets', () => {
    expect(() =>
      renderMail(defineMail({ words: { ...words, button: codeLabel }, body: codeBody() }), 'x.ts'),
    ).toThrow(/^x\.ts: words never printed: button$/);
    expect(() => renderMail(defineMail({ words, body: codeBody('magiclink') }), 'x.ts')).toThrow(
      /^x\.ts: variables never set: button, codeLabel$/,
    );
  });

  it('refuses a word missing in a language', () => {
    const withoutJapanese = Object.fromEntries(
      Object.entries(ignoreIfNotAsked).filter(([locale]) => locale !== 'ja'),
    ) as typeof ignoreIfNotAsked;
    expect(() =>
      renderMail(defineMail({ words: { ...words, ignore: withoutJapanese }, body: codeBody() }), 'x.ts'),
    ).toThrow('$ignore has no ja text');
  });
});
