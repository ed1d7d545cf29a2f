import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { type BrowserContext, expect, test } from '../support/test';
import type { Locale } from 'next-intl';
import { textDirection } from '@/i18n/locales';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { appUrl, secretKey, supabaseUrl } from '../support/test-env';

// A note the visitor cannot read (another user's, a deleted one, a malformed id) answers 404 with the localized
// not-found page, decided before the page renders (the route table's `row`, lib/routes/not-found.ts): the page
// says the note no longer exists and links to all notes, in the server's HTML, with JavaScript or without.

function admin() {
  return createClient(supabaseUrl, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

function words(locale: Locale) {
  const messages = JSON.parse(
    readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), 'utf8'),
  ) as typeof import('../../../messages/en.json');
  return {
    heading: messages.NotFound.title,
    missing: messages.Notes.missing,
    allNotes: messages.Notes.allNotes,
    documentTitle: messages.Metadata.titleTemplate.replace('%s', messages.Metadata.notFoundTitle),
  };
}

async function noteOf(userId: string, title: string) {
  const { data, error } = await admin()
    .from('notes')
    .insert({ user_id: userId, title, body: 'secret body' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/** The answer's status and server HTML, with the context's cookies, as a browser without JavaScript reads it. */
async function serverAnswer(context: BrowserContext, path: string) {
  const response = await context.request.get(`${appUrl}${path}`, { maxRedirects: 0 });
  return { status: response.status(), html: await response.text(), headers: response.headers() };
}

for (const [locale, javaScriptEnabled] of [
  ['de', false],
  ['ar', true],
] as const) {
  test(`${locale}: another user's note, a deleted note and a malformed id answer 404 with the localized page, JavaScript ${
    javaScriptEnabled ? 'on' : 'off'
  }`, async ({ browser }) => {
    const text = words(locale);
    const owner = await createConfirmedUser({ locale });
    const othersNote = await noteOf(owner.id, 'Owner only');
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const visitor = await createConfirmedUser({ locale });
    await signInWithPassword(page, visitor.email, visitor.password, { locale });
    const deleted = await noteOf(visitor.id, 'Gone soon');
    await admin().from('notes').delete().eq('id', deleted);
    const own = await noteOf(visitor.id, 'Mine');

    for (const id of [othersNote, deleted, 'not-a-uuid', '%27%20or%201%3D1']) {
      const path = `/${locale}/notes/${id}`;
      const answer = await serverAnswer(context, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['cache-control'], path).toContain('no-store');
      expect(answer.html, path).toContain(`<html lang="${locale}" dir="${textDirection(locale)}"`);
      expect(answer.html, path).not.toContain('__next_error__');
      expect(answer.html, path).toContain(`<title>${text.documentTitle}</title>`);
      expect(answer.html, path).toContain(text.missing);
      expect(answer.html, path).toContain(`href="/${locale}/notes"`);
      expect(answer.html, path).not.toContain('secret body');

      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(text.heading);
      await expect(page.getByText(text.missing), path).toBeVisible();
      await expect(page.getByRole('link', { name: text.allNotes }), path).toHaveAttribute(
        'href',
        `/${locale}/notes`,
      );
    }

    // The visitor's own note still opens.
    const mine = await page.goto(`/${locale}/notes/${own}`);
    expect(mine?.status()).toBe(200);
    await context.close();
  });
}
