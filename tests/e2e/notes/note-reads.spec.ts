import { createClient } from '@supabase/supabase-js';
import { expect, test } from '../support/test';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { secretKey, supabaseUrl, usesLocalAuth } from '../support/test-env';
import { HANDED_ROW_HEADER, encodeHandedRow } from '@/lib/routes/handed-row';

// A note's page reads its row once: the middleware reads it to decide the 404 before the page renders and hands it
// to the page (lib/routes/handed-row.ts). Counted on the local server's request counters.

function admin() {
  return createClient(supabaseUrl, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

async function noteOf(userId: string, title: string, body: string) {
  const { data, error } = await admin()
    .from('notes')
    .insert({ user_id: userId, title, body })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/** Requests per route the local server counted while `view` ran: the least of a few tries (parallel specs add). */
async function dataReadsDuring(view: () => Promise<void>): Promise<number> {
  const reads = async () => {
    const response = await fetch(`${supabaseUrl}/__local/stats`, {
      headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
    });
    return ((await response.json()) as { routes: Record<string, number> }).routes['GET /rest/v1'] ?? 0;
  };
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 5 && least > 1; attempt++) {
    const before = await reads();
    await view();
    least = Math.min(least, (await reads()) - before);
  }
  return least;
}

test.beforeEach(() => {
  test.skip(!usesLocalAuth, 'counts requests on the local server');
});

test("a note's page reads its row through the Data API once per view, document or RSC payload", async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  const id = await noteOf(user.id, 'Read once', 'Its body, shown from the one read');

  const document = async () => {
    const response = await page.request.get(`/en/notes/${id}`, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('Read once');
    expect(html).toContain('Its body, shown from the one read');
  };
  expect(await dataReadsDuring(document)).toBe(1);

  // A client-side navigation's request for the page's RSC payload is a view too.
  const navigation = async () => {
    // With Next's cache-busting parameter, empty for a request without router headers (or Next answers 307 to it).
    const response = await page.request.get(`/en/notes/${id}?_rsc=`, {
      maxRedirects: 0,
      headers: { RSC: '1' },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/x-component');
    expect(await response.text()).toContain('Its body, shown from the one read');
  };
  expect(await dataReadsDuring(navigation)).toBe(1);
});

test('a row handed by the client is ignored: the page shows the note as the database holds it', async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await signInWithPassword(page, user.email, user.password);
  // Too long for the middleware to hand over, so the page reads it itself: a copy that got through would show.
  const body = 'The stored body. '.repeat(500);
  const id = await noteOf(user.id, 'The stored title', body);
  const forged = encodeHandedRow(`/notes/${id}`, {
    id,
    title: 'A forged title',
    body: 'A forged body',
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
  });
  expect(forged).not.toBeNull();

  const response = await page.request.get(`/en/notes/${id}`, {
    maxRedirects: 0,
    headers: { [HANDED_ROW_HEADER]: forged! },
  });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('The stored title');
  expect(html).not.toContain('A forged');
  // Read by the page itself: the middleware's read and the page's.
  expect(
    await dataReadsDuring(async () => {
      expect((await page.request.get(`/en/notes/${id}`, { maxRedirects: 0 })).status()).toBe(200);
    }),
  ).toBe(2);
});
