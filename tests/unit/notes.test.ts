import { createTranslator } from 'next-intl';
import type { Locale } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import {
  isNoteId,
  noteLimits,
  noteSchema,
  pageNumber,
  searchFilter,
  searchText,
} from '@/lib/notes/note-schema';
import {
  noteFileKey,
  noteFileName,
  noteFilePathNote,
  noteFileProblem,
  noteFileSource,
  sniffNoteFileType,
} from '@/lib/notes/note-files';
import { knownTimeZone, noteTime, noteTimeUtc, recentMs } from '@/lib/notes/note-time';
import { loadMessages } from './support/message-files';

/** The Notes messages of a locale, as next-intl translates them. */
function notes(locale: Locale) {
  const messages = { Notes: loadMessages(locale).Notes as Record<string, string> };
  const t = createTranslator({ locale, messages });
  return {
    t: (key: string, values: Record<string, number | string>) => t(`Notes.${key}`, values),
    markup: (key: string, values: Record<string, number | string>, bdi: (chunks: string) => string) =>
      t.markup(`Notes.${key}`, { ...values, bdi }),
  };
}

// The notes example: its one schema for browser and server, its plurals and its dates.

function issues(input: unknown) {
  const result = noteSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('noteSchema', () => {
  it('accepts a title of 1 to 120 characters and a body up to 10,000, trimming the title only', () => {
    expect(noteSchema.parse({ title: '  Groceries ', body: '  milk\n' })).toEqual({
      title: 'Groceries',
      body: '  milk\n',
    });
    expect(noteSchema.safeParse({ title: 'x'.repeat(noteLimits.title), body: '' }).success).toBe(true);
    expect(noteSchema.safeParse({ title: 'ملاحظة', body: 'y'.repeat(noteLimits.body) }).success).toBe(true);
  });

  it('names the Validation message for each refusal', () => {
    expect(issues({ title: '', body: '' })).toEqual([['title', 'required']]);
    expect(issues({ title: '   ', body: '' })).toEqual([['title', 'whitespace']]);
    expect(issues({ body: '' })).toEqual([['title', 'required']]);
    expect(issues({ title: ['a'], body: '' })).toEqual([['title', 'wrongType']]);
    expect(issues({ title: 'x'.repeat(121), body: '' })[0]?.[0]).toBe('title');
    expect(issues({ title: 'ok', body: 'y'.repeat(10_001) })[0]?.[0]).toBe('body');
    expect(issues({ title: 'ok' })).toEqual([['body', 'required']]);
  });

  it('stores line breaks as LF and counts each once, as the textarea does', () => {
    expect(noteSchema.parse({ title: 't', body: 'milk\r\neggs\rbread' }).body).toBe('milk\neggs\nbread');
    const lines = 'y\r\n'.repeat(5_000);
    expect(noteSchema.safeParse({ title: 't', body: lines }).success).toBe(true);
  });

  it('counts the limit after trimming, as the database sees the title', () => {
    expect(noteSchema.safeParse({ title: ` ${'x'.repeat(120)} `, body: '' }).success).toBe(true);
  });
});

describe('note ids, pages and searches from the address', () => {
  it('takes only UUIDs as note ids', () => {
    expect(isNoteId('0b6f6e8e-4d5c-4c1a-9a57-2f4b8e1f0c3d')).toBe(true);
    for (const id of ['', 'new', '123', '0b6f6e8e-4d5c-4c1a-9a57-2f4b8e1f0c3', "' or 1=1", null, 7])
      expect(isNoteId(id), String(id)).toBe(false);
  });

  it('reads ?page= as a page from 1, anything else as the first', () => {
    expect(pageNumber('2')).toBe(2);
    expect(pageNumber('999999')).toBe(999_999);
    for (const raw of [undefined, '', '0', '-1', '1.5', '1e3', '02', 'two', '9999999'])
      expect(pageNumber(raw)).toBe(1);
  });

  it('trims a search and cuts it to 200 characters', () => {
    expect(searchText('  milk  ')).toBe('milk');
    expect(searchText(undefined)).toBe('');
    expect(searchText('q'.repeat(500))).toHaveLength(200);
  });

  it('quotes the search for the Data API filter and escapes LIKE wildcards', () => {
    expect(searchFilter('milk')).toBe('title.ilike."%milk%",body.ilike."%milk%"');
    // A comma or parenthesis would end the filter; a percent sign would match everything.
    expect(searchFilter('a,b)')).toBe('title.ilike."%a,b)%",body.ilike."%a,b)%"');
    expect(searchFilter('50%_')).toBe(String.raw`title.ilike."%50\\%\\_%",body.ilike."%50\\%\\_%"`);
    expect(searchFilter('say "hi"')).toBe(String.raw`title.ilike."%say \"hi\"%",body.ilike."%say \"hi\"%"`);
  });
});

describe('Notes.count and Notes.matches plurals', () => {
  const expected: Record<string, [number, string][]> = {
    en: [
      [0, 'No notes yet'],
      [1, '1 note'],
      [2, '2 notes'],
      [21, '21 notes'],
    ],
    de: [
      [0, 'Noch keine Notizen'],
      [1, '1 Notiz'],
      [2, '2 Notizen'],
    ],
    fr: [
      [0, 'Aucune note pour l’instant'],
      [1, '1 note'],
      [2, '2 notes'],
    ],
    es: [
      [0, 'Aún no hay notas'],
      [1, '1 nota'],
      [2, '2 notas'],
    ],
    ja: [
      [0, 'メモはまだありません'],
      [1, '1件のメモ'],
      [21, '21件のメモ'],
    ],
    // Arabic's six forms: zero, one, two, few (3–10), many (11–99), other (100–102 and so on).
    ar: [
      [0, 'لا توجد ملاحظات بعد'],
      [1, 'ملاحظة واحدة'],
      [2, 'ملاحظتان'],
      [3, '3 ملاحظات'],
      [10, '10 ملاحظات'],
      [11, '11 ملاحظة'],
      [99, '99 ملاحظة'],
      [100, '100 ملاحظة'],
      [1000, '1,000 ملاحظة'],
    ],
  };

  it.each(locales)('%s: the count reads as a native speaker writes it', (locale) => {
    const { t } = notes(locale);
    for (const [count, text] of expected[locale]!)
      expect(t('count', { count }), `${locale} ${count}`).toBe(text);
  });

  it('Arabic goes through all six plural categories (many and other both take the singular)', () => {
    const { t, markup } = notes('ar');
    const forms = [0, 1, 2, 3, 11, 100].map((count) => t('count', { count }).replace(/[\d,٬٠-٩]+/gu, '#'));
    expect(new Set(forms).size).toBe(5); // many and other share ملاحظة (singular after 11+), told apart by the number
    const matches = [0, 1, 2, 3, 11, 100].map((count) =>
      markup('matches', { count, query: 'x' }, (chunks) => chunks),
    );
    expect(matches.map((text) => text.replace(/\d+/gu, '#'))).toEqual([
      'لا توجد ملاحظة تحتوي على «x»',
      'ملاحظة واحدة تحتوي على «x»',
      'ملاحظتان تحتويان على «x»',
      '# ملاحظات تحتوي على «x»',
      '# ملاحظة تحتوي على «x»',
      '# ملاحظة تحتوي على «x»',
    ]);
  });

  it.each(locales)('%s: a search term sits in <bdi> inside the sentence', (locale) => {
    const { markup } = notes(locale);
    for (const count of [0, 1, 2, 5, 11, 100])
      expect(markup('matches', { count, query: 'שלום' }, (chunks) => `[${chunks}]`)).toContain('[שלום]');
  });
});

describe('note times', () => {
  const now = new Date('2026-11-25T22:00:00Z');

  it('say "now" within a minute either way, whatever the clocks', () => {
    const words = locales.map((locale) => noteTime(locale, new Date(now.getTime() + 20_000), now, 'UTC'));
    expect(words).toEqual(['now', 'jetzt', 'maintenant', 'ahora', '今', 'الآن']);
    expect(noteTime('en', new Date(now.getTime() - 59_000), now, 'UTC')).toBe('now');
    expect(noteTime('en', new Date(now.getTime() - 61_000), now, 'UTC')).toBe('1 minute ago');
  });

  it('are relative within a week, in the locale', () => {
    const threeHoursAgo = new Date('2026-11-25T19:00:00Z');
    expect(noteTime('en', threeHoursAgo, now, 'UTC')).toBe('3 hours ago');
    expect(noteTime('de', threeHoursAgo, now, 'UTC')).toBe('vor 3 Stunden');
    expect(noteTime('ar', threeHoursAgo, now, 'UTC')).toBe('قبل 3 ساعات');
    expect(noteTime('ja', new Date(now.getTime() - 2 * 86_400_000), now, 'UTC')).toBe('2 日前');
    expect(noteTime('fr', new Date(now.getTime() - recentMs + 1000), now, 'UTC')).toBe('il y a 7 jours');
  });

  it('are absolute after a week, in the visitor’s time zone', () => {
    const october = new Date('2026-10-01T08:05:00Z');
    expect(noteTime('en', october, now, 'Asia/Tokyo')).toBe('Oct 1, 2026, 5:05 PM');
    expect(noteTime('en', october, now, 'America/Los_Angeles')).toBe('Oct 1, 2026, 1:05 AM');
    expect(noteTime('de', october, now, 'Europe/Berlin')).toBe('01.10.2026, 10:05');
    expect(noteTime('es', october, now, 'UTC')).toBe('1 oct 2026, 8:05');
    expect(noteTime('ar', october, now, 'Asia/Riyadh')).toBe('01‏/10‏/2026، 11:05 ص');
  });

  it('say UTC before the browser knows the zone', () => {
    const october = new Date('2026-10-01T08:05:00Z');
    expect(noteTimeUtc('en', october)).toBe('Oct 1, 2026, 8:05 AM UTC');
    expect(noteTimeUtc('ja', october)).toBe('2026年10月1日 8:05 UTC');
  });

  it('take only time zones Intl knows from the form', () => {
    expect(knownTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    for (const value of ['', 'Mars/Olympus', 'x'.repeat(100), null, 3])
      expect(knownTimeZone(value)).toBeUndefined();
  });
});

describe('note files', () => {
  const note = '0b7a9c1e-3f4d-4a5b-8c6d-7e8f9a0b1c2d';
  const random = '0123456789abcdef';

  it('stores a name in any script as Storage keys allow, and reads it back', () => {
    for (const name of ['report.pdf', 'صورة الشاطئ.png', '写真 2026.jpg', 'a b (1).png']) {
      const key = noteFileKey(note, name, random);
      expect(key).toMatch(/^[0-9a-f-]{36}\/[0-9a-f]{16}\.[\w-]+$/);
      expect(noteFilePathNote(key)).toBe(note);
      expect(noteFileName(key.slice(note.length + 1))).toBe(name);
    }
    // Control characters and separators never reach the name; an over-long one is cut to 120 code points.
    expect(noteFileName(noteFileKey(note, 'a/b\\c\u0000.png', random).split('/')[1]!)).toBe('a_b_c_.png');
    expect([...noteFileName(noteFileKey(note, 'é'.repeat(300), random).split('/')[1]!)]).toHaveLength(120);
  });

  it('shows a name it did not write as it is, and takes no other path', () => {
    expect(noteFileName('uploaded-elsewhere.png')).toBe('uploaded-elsewhere.png');
    expect(noteFileName(`${random}.____`)).toBe(`${random}.____`);
    for (const path of [null, '', note, `${note}/x.png`, `../${note}/${random}.YQ`, `${note}/${random}.YQ/x`])
      expect(noteFilePathNote(path)).toBeNull();
    expect(noteFileSource(`${note}/${random}.YQ`, 'thumb')).toBe(
      `/api/note-file?path=${encodeURIComponent(`${note}/${random}.YQ`)}&thumb=1`,
    );
  });

  it('takes images and PDFs up to 10 MiB, by their declared type and by their bytes', () => {
    expect(noteFileProblem({ size: 1, type: 'application/pdf' })).toBeNull();
    expect(noteFileProblem({ size: 0, type: 'image/png' })).toBe('empty');
    expect(noteFileProblem({ size: 10 * 1024 * 1024 + 1, type: 'image/png' })).toBe('tooBig');
    expect(noteFileProblem({ size: 10, type: 'image/svg+xml' })).toBe('wrongType');
    expect(sniffNoteFileType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffNoteFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(sniffNoteFileType(new TextEncoder().encode('<svg xmlns='))).toBeNull();
  });
});
