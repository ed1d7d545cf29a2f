import { connect } from 'node:net';
import { expect, type APIRequestContext, test } from '../support/test';
import { appPort, appUrl } from '../support/test-env';
import { actionBodyLimit } from '@/lib/http/request-guard';

// No malformed request gets a 500 from the production build (docs/decisions/0006-bad-requests-answer-4xx.md). Server
// actions are fuzzed on a static page (the middleware does not otherwise run there) and on a session page; the request
// line goes over a raw socket, since HTTP clients never send TRACE, `OPTIONS *` or an absolute-form target.

/** Sends one raw HTTP/1.1 request; resolves with the status line and headers. */
function raw(
  requestLine: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(appPort, '127.0.0.1', () => {
      const lines = Object.entries({ Host: `localhost:${appPort}`, ...headers, Connection: 'close' }).map(
        ([key, value]) => `${key}: ${value}`,
      );
      socket.write(`${requestLine}\r\n${lines.join('\r\n')}\r\n\r\n`);
    });
    let text = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject).on('end', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      resolve({ status: Number(head.split(' ', 3)[1]), head, body });
    });
  });
}

/** A fetch action's multipart body with the arguments as part 0. */
const multipartArguments = (args: string) =>
  `--xx\r\nContent-Disposition: form-data; name="0"\r\n\r\n${args}\r\n--xx--\r\n`;

/** The page's own action id, as its progressively enhanced form carries it. */
async function actionId(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const id = /&quot;id&quot;:&quot;([0-9a-f]{20,})&quot;/.exec(html)?.[1];
  expect(id, `an action id on ${path}`).toBeTruthy();
  return id!;
}

for (const path of ['/en/forgot-password', '/en/sign-in']) {
  test.describe(`server actions on ${path}`, () => {
    test('a cross-origin action is a 403', async ({ request }) => {
      const id = await actionId(request, path);
      const response = await request.post(path, {
        headers: { 'Next-Action': id, Origin: 'http://evil.example', 'Content-Type': 'text/plain' },
        data: '[]',
      });
      expect(response.status()).toBe(403);
    });

    test('an empty or malformed action body is a 400', async ({ request }) => {
      const id = await actionId(request, path);
      const bodies: Array<[string, string]> = [
        ['text/plain;charset=UTF-8', ''],
        ['text/plain;charset=UTF-8', '{{{'],
        ['text/plain;charset=UTF-8', '{"not":"a list"}'],
        ['multipart/form-data; boundary=xx', 'garbage'],
        [
          'multipart/form-data; boundary=xx',
          '--xx\r\nContent-Disposition: form-data; name="1_email"\r\n\r\na@b.c\r\n--xx--\r\n',
        ],
        // Flight references decodeReply cannot resolve: parts the body lacks, inherited properties.
        ...['["$Q1"]', '[{"then":"$1:__proto__:then"}]', '["$1"]', '["$h1"]', '[{"a":"$0:a"}]'].flatMap(
          (args): Array<[string, string]> => [
            ['text/plain;charset=UTF-8', args],
            ['multipart/form-data; boundary=xx', multipartArguments(args)],
          ],
        ),
      ];
      for (const [type, data] of bodies) {
        const response = await request.post(path, {
          headers: { 'Next-Action': id, 'Content-Type': type },
          data,
        });
        expect(response.status(), `${type}: ${JSON.stringify(data)}`).toBe(400);
      }
      // A form posted without JavaScript, with a body that is not the form data it says.
      const noScript = await request.post(path, {
        headers: { 'Content-Type': 'multipart/form-data; boundary=xx' },
        data: 'garbage',
      });
      expect(noScript.status()).toBe(400);
    });

    test('an action body over the limit is a 413, and without JavaScript a 303 back to the page', async ({
      request,
    }) => {
      const id = await actionId(request, path);
      const big = 'a'.repeat(actionBodyLimit + 10);
      const fetchAction = await request.post(path, {
        headers: { 'Next-Action': id, 'Content-Type': 'text/plain' },
        data: `["${big}"]`,
      });
      expect(fetchAction.status()).toBe(413);
      // A browser would show a bare 413 as an error page: the page says why instead (note-files.spec.ts).
      const noScript = await request.post(path, { multipart: { email: big }, maxRedirects: 0 });
      expect(noScript.status()).toBe(303);
      expect(noScript.headers()['location']).toBe(path);
    });
  });
}

test('a temporary reference (what React sends for a value it keeps on the client) is a 400', async ({
  request,
}) => {
  const id = await actionId(request, '/en/forgot-password');
  for (const data of ['["$T"]', multipartArguments('["$T"]')]) {
    const response = await request.post('/en/forgot-password', {
      headers: {
        'Next-Action': id,
        'Content-Type': data.startsWith('--')
          ? 'multipart/form-data; boundary=xx'
          : 'text/plain;charset=UTF-8',
      },
      data,
    });
    expect(response.status(), data).toBe(400);
  }
});

test('a well-formed action still works (no false refusals)', async ({ page }) => {
  await page.goto('/en/forgot-password');
  await page.locator('input[name="email"]').fill('nobody@example.com');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('form-message')).toBeVisible();
});

test('TRACE is a 405 with Allow, in JSON under /api', async () => {
  for (const path of ['/', '/en', '/en/sign-in', '/api/health']) {
    const { status, head, body } = await raw(`TRACE ${path} HTTP/1.1`);
    expect(status, path).toBe(405);
    expect(head).toMatch(/^allow: .*GET/im);
    if (path.startsWith('/api')) expect(JSON.parse(body)).toMatchObject({ error: 'method_not_allowed' });
  }
});

test('OPTIONS * is answered without a 500', async () => {
  const { status } = await raw('OPTIONS * HTTP/1.1');
  expect(status).toBeGreaterThanOrEqual(200);
  expect(status).toBeLessThan(500);
});

test('an absolute-form request target never redirects to another host', async () => {
  for (const target of [
    'http://evil.example/en',
    'http://evil.example/',
    'http://evil.example/en/account',
    `${appUrl}/en`,
  ]) {
    const { status, head } = await raw(`GET ${target} HTTP/1.1`);
    expect(status, target).toBeLessThan(500);
    expect(head, target).not.toMatch(/^location: .*evil/im);
    expect(head, target).not.toMatch(/^refresh: .*evil/im);
  }
});

test('pages answer other methods with a 405 and Allow; files and route handlers too', async ({ request }) => {
  const allowed = async (method: string, path: string) => {
    const response = await request.fetch(path, { method, maxRedirects: 0 });
    expect(response.status(), `${method} ${path}`).toBe(405);
    expect(response.headers()['content-security-policy'], `${method} ${path}`).toContain('frame-ancestors');
    return response.headers().allow;
  };
  for (const method of ['PUT', 'DELETE', 'PATCH']) {
    for (const path of ['/en', '/de/sign-in', '/en/account', '/en/no-such-page'])
      expect(await allowed(method, path)).toBe('GET, HEAD, POST');
    for (const path of [
      '/en/manifest.webmanifest',
      '/serwist/sw.js',
      '/icons/icon-192.png',
      '/en/auth/confirm',
    ])
      expect(await allowed(method, path)).toBe('GET, HEAD');
  }
  for (const path of ['/en/manifest.webmanifest', '/serwist/sw.js', '/icons/icon-192.png'])
    expect(await allowed('POST', path)).toBe('GET, HEAD');
  // What still works: reading, and the actions' POSTs (a form post without its action is still the page).
  expect((await request.head('/en')).status()).toBe(200);
  expect((await request.get('/icons/icon-192.png')).status()).toBe(200);
  expect(
    (await request.post('/en/sign-in', { form: { email: 'a@b.c' }, maxRedirects: 0 })).status(),
  ).toBeLessThan(500);
});

test('the production build does not publish the service worker’s source map', async ({ request }) => {
  expect((await request.get('/serwist/sw.js.map')).status()).toBe(404);
  const worker = await request.get('/serwist/sw.js');
  expect(worker.status()).toBe(200);
  expect(await worker.text()).not.toContain('sourceMappingURL');
});

test('unknown API paths and methods answer JSON', async ({ request }) => {
  const response = await request.fetch('/api/health', { method: 'PUT' });
  expect(response.status()).toBe(405);
  const unknown = await request.post('/api/nothing-here', { data: {} });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ error: 'not_found' });
});
