import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfirmedUser, signInWithPassword } from '../support/auth-users';
import { type APIRequestContext, expect, test } from '../support/test';

// Every server action in the production build, posted with malformed bodies, answers a 4xx, never a 5xx: the sweep
// reads the build's own action manifest, so an action added later is fuzzed without anyone listing it here. Each
// body goes as a JavaScript post would (Next-Action header) and as a form posted without JavaScript ($ACTION_ fields),
// signed out and signed in (an action may read its arguments only after the session check).

interface ManifestEntry {
  workers: Record<string, unknown>;
  exportedName?: string;
}

interface Action {
  id: string;
  name: string;
  path: string;
}

/** A page's URL from its route (`app/[locale]/(group)/account/page` → `/en/account`). */
function routeUrl(worker: string): string {
  const segments = worker
    .replace(/^app/, '')
    .replace(/\/page$/, '')
    .split('/')
    .filter((segment) => segment && !/^\(.*\)$/.test(segment) && !segment.startsWith('@'))
    .map((segment) =>
      segment === '[locale]'
        ? 'en'
        : segment.startsWith('[')
          ? '00000000-0000-4000-8000-000000000000'
          : segment,
    );
  return `/${segments.join('/')}`;
}

/** Each action in the build with a page that carries it (the one with the shortest URL). */
function buildActions(): Action[] {
  const manifest = JSON.parse(
    readFileSync(join(process.cwd(), '.next/server/server-reference-manifest.json'), 'utf8'),
  ) as { node?: Record<string, ManifestEntry>; edge?: Record<string, ManifestEntry> };
  const entries = { ...manifest.edge, ...manifest.node };
  return Object.entries(entries).map(([id, entry]) => {
    const pages = Object.keys(entry.workers)
      .filter((worker) => worker.endsWith('/page'))
      .map(routeUrl)
      .sort((a, b) => a.length - b.length);
    return { id, name: entry.exportedName ?? id, path: pages[0] ?? '/en' };
  });
}

const multipart = (parts: Record<string, string>, boundary = 'fuzz') =>
  Object.entries(parts)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('') + `--${boundary}--\r\n`;

const text = 'text/plain;charset=UTF-8';
const form = 'multipart/form-data; boundary=fuzz';

// React Flight argument lists a crafted call can send: temporary references (what React sends for a value it keeps on
// the client), form data and references to parts the body lacks, numbers JSON or BigInt cannot hold, deep nesting,
// prototype keys, and text that is not JSON or not a list.
const argumentLists = [
  '["$T"]',
  '["$T","$T"]',
  '[{"enrollment":"$T"},"$K1"]',
  '[{"status":"idle","values":"$T"},"$K1"]',
  '["$K1"]',
  '["$K1","$K1"]',
  '["$K1","$T"]',
  '[null,null]',
  '[]',
  '["$1"]',
  '["$@1"]',
  '["$Q1"]',
  '["$h1"]',
  '["$R1","$x2"]',
  '["$ffffffff"]',
  `["$n${'9'.repeat(299)}"]`,
  `["$n${'9'.repeat(400)}"]`,
  `[${'9'.repeat(5000)}]`,
  '[1e999,-1e999]',
  '["$D","$Dnot a date"]',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '[{"__proto__":{"then":"$T"}},{"constructor":"$K1"}]',
  '"$T"',
  'null',
  '{"0":"$T"}',
  '{',
  '[',
  '',
];

/** Fetch-action bodies (with the Next-Action header): [content type, body]. */
const fetchBodies: Array<[string, string]> = [
  ...argumentLists.map((args): [string, string] => [text, args]),
  ...argumentLists.map((args): [string, string] => [form, multipart({ 0: args })]),
  [form, multipart({ 0: '["$h1"]', 1: '{"id":"00ffffffffffffffffffffffffffffffffffffff","bound":null}' })],
  [form, multipart({ 0: '["$1:a"]', 1: '{"a":"$T"}' })],
  [form, 'not multipart at all'],
  [form, '--fuzz\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$T"]'],
  ['multipart/form-data', multipart({ 0: '["$T"]' })],
  ['multipart/form-data; boundary=other', multipart({ 0: '["$T"]' })],
  ['application/x-www-form-urlencoded', '0=%5B%22%24T%22%5D'],
  ['application/x-www-form-urlencoded', '%%%=%%%'],
  ['application/json', '["$T"]'],
  ['application/octet-stream', '["$T"]'],
  ['text/x-component', '["$T"]'],
  ['image/png', '\u0089PNG\r\n'],
];

/** Forms as a browser without JavaScript posts them: the action's id (or its bound form) in `$ACTION_` fields. */
function noScriptBodies(id: string): string[] {
  return [
    multipart({ [`$ACTION_ID_${id}`]: '', email: 'a@b.c', step: 'confirm', factorId: '$T' }),
    multipart({ [`$ACTION_ID_${id}`]: '', $ACTION_KEY: '["$T"]' }),
    multipart({ $ACTION_REF_1: '', '$ACTION_1:0': `{"id":"${id}","bound":"$@1"}`, '$ACTION_1:1': '["$T"]' }),
    multipart({ $ACTION_REF_1: '', '$ACTION_1:0': `{"id":"${id}","bound":"$@1"}`, '$ACTION_1:1': '[' }),
    multipart({ $ACTION_REF_1: '', '$ACTION_1:0': `{"id":"${id}","bound":"$@2"}` }),
    multipart({ $ACTION_REF_1: '', '$ACTION_1:0': `{"id":"${id}","bound":"$T"}` }),
    multipart({ $ACTION_REF_1: '', '$ACTION_1:0': '{' }),
    multipart({
      $ACTION_REF_1: '',
      '$ACTION_1:0': '{"id":"00ffffffffffffffffffffffffffffffffffffff","bound":null}',
    }),
    multipart({ $ACTION_ID_00ffffffffffffffffffffffffffffffffffffff: '' }),
    `--fuzz\r\nContent-Disposition: form-data; name="$ACTION_ID_${id}"\r\n\r\n`,
  ];
}

/** Posts every fuzz body to every action; the answers of 500 and above, described. */
async function sweep(request: APIRequestContext, actions: Action[]): Promise<string[]> {
  const failures: string[] = [];
  const check = async (action: Action, label: string, post: Promise<{ status(): number }>) => {
    const status = (await post).status();
    if (status >= 500) failures.push(`${action.name} at ${action.path}: ${status} for ${label}`);
  };
  for (const action of actions) {
    for (const [type, data] of fetchBodies) {
      await check(
        action,
        `${type} ${JSON.stringify(data.slice(0, 80))}`,
        request.post(action.path, {
          headers: { 'Next-Action': action.id, 'Content-Type': type },
          data,
          maxRedirects: 0,
        }),
      );
    }
    for (const data of noScriptBodies(action.id)) {
      await check(
        action,
        `no-JS form ${JSON.stringify(data.slice(0, 160))}`,
        request.post(action.path, { headers: { 'Content-Type': form }, data, maxRedirects: 0 }),
      );
    }
  }
  return failures;
}

test.describe('every server action in the build', () => {
  test.setTimeout(15 * 60_000);

  test('signed out, every action answers malformed bodies with a 4xx, never a 5xx', async ({ request }) => {
    const actions = buildActions();
    // The sweep covers the app's actions, the one that once answered ["$T"] with a 500 among them.
    expect(actions.length).toBeGreaterThan(20);
    expect(actions.map((action) => action.name)).toContain('enrollTwoFactor');
    expect(await sweep(request, actions)).toEqual([]);
  });

  test('signed in, every action answers malformed bodies with a 4xx, never a 5xx', async ({ page }) => {
    const user = await createConfirmedUser();
    await signInWithPassword(page, user.email, user.password);
    // Signing out or ending sessions last, so the other actions see a session.
    const last = /sign.?out|session/i;
    const actions = buildActions();
    const ordered = [
      ...actions.filter((a) => !last.test(a.name)),
      ...actions.filter((a) => last.test(a.name)),
    ];
    expect(await sweep(page.request, ordered)).toEqual([]);
  });

  test('a well-formed post still works, with and without JavaScript', async ({ page, browser }) => {
    await page.goto('/en/forgot-password');
    await page.locator('input[name="email"]').fill('nobody@example.com');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByTestId('form-message')).toBeVisible();

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto('/en/forgot-password');
    await plain.locator('input[name="email"]').fill('nobody@example.com');
    await plain.locator('form button[type="submit"]').click();
    await expect(plain.getByTestId('form-message')).toBeVisible();
    await noScript.close();
  });
});
