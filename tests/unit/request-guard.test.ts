import { describe, expect, it } from 'vitest';
import {
  actionBodyLimit,
  actionRequestRefusal,
  forgottenRefusal,
  methodRefusal,
  refusedFormReturn,
  requestLineRefusal,
} from '@/lib/http/request-guard';

describe('request line', () => {
  it.each([
    ['TRACE', '/en', 405],
    ['TRACK', '/', 405],
    ['CONNECT', '/api/health', 405],
    ['GET', 'http://evil.example/en', 400],
    ['GET', '//evil.example/en', 400],
    ['GET', 'evil.example:80', 400],
    ['OPTIONS', '*', 204],
  ])('%s %s → %i', (method, target, status) => {
    expect(requestLineRefusal(method, target)?.status).toBe(status);
  });
  it.each([
    ['GET', '/en'],
    ['POST', '/en/sign-in?next=%2Faccount'],
    ['OPTIONS', '/api/health'],
  ])('%s %s goes to Next', (method, target) => {
    expect(requestLineRefusal(method, target)).toBeNull();
  });
});

const post = (headers: Record<string, string>, body?: BodyInit) =>
  new Request('http://localhost:3000/en/sign-in', {
    method: 'POST',
    headers: { host: 'localhost:3000', ...headers },
    body,
  });

describe('server-action POSTs', () => {
  it('refuses another origin, but not ours or none', async () => {
    const action = { 'next-action': 'abc', 'content-type': 'text/plain' };
    expect(
      (await actionRequestRefusal(post({ ...action, origin: 'http://evil.example' }, '[]')))?.status,
    ).toBe(403);
    expect((await actionRequestRefusal(post({ ...action, origin: 'null' }, '[]')))?.status).toBe(403);
    expect(await actionRequestRefusal(post({ ...action, origin: 'http://localhost:3000' }, '[]'))).toBeNull();
    expect(await actionRequestRefusal(post(action, '["$K1"]'))).toBeNull();
  });
  it('refuses bodies over the action body limit, announced or not', async () => {
    const big = `["${'a'.repeat(actionBodyLimit)}"]`;
    expect(
      (await actionRequestRefusal(post({ 'next-action': 'abc', 'content-type': 'text/plain' }, big)))?.status,
    ).toBe(413);
    const stream = new Blob([big]).stream();
    const chunked = new Request('http://localhost:3000/en', {
      method: 'POST',
      headers: { 'next-action': 'abc', host: 'localhost:3000' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await actionRequestRefusal(chunked))?.status).toBe(413);
  });
  it('refuses empty and undecodable bodies', async () => {
    for (const body of ['', '{', '{"a":1}']) {
      expect(
        (await actionRequestRefusal(post({ 'next-action': 'abc', 'content-type': 'text/plain' }, body)))
          ?.status,
        body,
      ).toBe(400);
    }
    expect(
      (await actionRequestRefusal(post({ 'content-type': 'multipart/form-data; boundary=x' }, 'garbage')))
        ?.status,
    ).toBe(400);
    const form = new FormData();
    form.set('0', '["$K1"]');
    expect(await actionRequestRefusal(post({ 'next-action': 'abc' }, form))).toBeNull();
  });
});

describe('Flight references in action arguments', () => {
  const textAction = (body: string) =>
    actionRequestRefusal(post({ 'next-action': 'abc', 'content-type': 'text/plain;charset=UTF-8' }, body));
  const formAction = (parts: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) form.set(name, value);
    return actionRequestRefusal(post({ 'next-action': 'abc' }, form));
  };

  it.each([
    '["$Q1"]',
    '[{"then":"$1:__proto__:then"}]',
    '["$1"]',
    '["$@1"]',
    '["$h1"]',
    '["$W1"]',
    '["$i1"]',
    '["$B1"]',
    '["$A1"]',
    '[{"a":"$0:a"}]',
    '["$0:constructor"]',
    '["$"]',
    '["$nope"]',
    '["$n12x"]',
    `["$n${'9'.repeat(301)}"]`,
    // Temporary references (a value the client kept) and server references: none of our actions takes one.
    '["$T"]',
    '["$T",{"x":"$T"}]',
    '["$h0"]',
    `${'['.repeat(65)}${']'.repeat(65)}`,
  ])('a text body %s is a 400', async (body) => {
    expect((await textAction(body))?.status).toBe(400);
  });

  it.each([
    '[]',
    '[1,"a",null,true,{"a":[1]}]',
    '["$$dollar","$undefined","$NaN","$Infinity","$-Infinity","$-0","$D2026-01-01T00:00:00.000Z","$n-12"]',
    '[{"a":1},"$0:0","$0:0:a","$0"]',
    '["$K1","$R2","$x3"]',
  ])('what React encodes as text, %s, goes to Next', async (body) => {
    expect(await textAction(body)).toBeNull();
  });

  it('multipart bodies: references must name a part of the right kind, with own-property paths', async () => {
    expect((await formAction({ 0: '["$Q1"]' }))?.status).toBe(400);
    expect((await formAction({ 0: '["$Q1"]', 1: '{"a":1}' }))?.status).toBe(400);
    expect((await formAction({ 0: '["$Q1"]', 1: '[1]' }))?.status).toBe(400);
    expect((await formAction({ 0: '["$1:__proto__:then"]', 1: '{}' }))?.status).toBe(400);
    expect((await formAction({ 0: '["$1"]', 1: '{"a":"$2"}' }))?.status).toBe(400);
    expect((await formAction({ 0: '["$B1"]', 1: 'text, not a file' }))?.status).toBe(400);
    expect((await formAction({ 0: '["$h1"]', 1: '{"bound":null}' }))?.status).toBe(400);
    expect(await formAction({ 0: '["$Q1","$W2"]', 1: '[["k","v"]]', 2: '[1,2]' })).toBeNull();
    expect(await formAction({ 0: '["$1:a:b"]', 1: '{"a":{"b":"$2"}}', 2: '"x"' })).toBeNull();
    expect(await formAction({ 0: '["$B1"]', 1: new Blob(['x']) })).toBeNull();
    expect((await formAction({ 0: '["$h1"]', 1: '{"id":"abc","bound":null}' }))?.status).toBe(400);
    expect((await formAction({ 0: '["$1:a"]', 1: '{"a":"$T"}' }))?.status).toBe(400);
    expect(await formAction({ 0: `${'['.repeat(64)}${']'.repeat(64)}` })).toBeNull();
  });
});

describe('methods a path does not take', () => {
  it.each([
    ['PUT', 'page', 'GET, HEAD, POST'],
    ['DELETE', 'page', 'GET, HEAD, POST'],
    ['PROPFIND', 'page', 'GET, HEAD, POST'],
    ['POST', 'resource', 'GET, HEAD'],
    ['PATCH', 'resource', 'GET, HEAD'],
  ] as const)('%s on a %s → 405, Allow: %s', (method, kind, allow) => {
    const refusal = methodRefusal(method, kind);
    expect(refusal?.status).toBe(405);
    expect(refusal?.headers?.Allow).toBe(allow);
  });
  it.each([
    ['GET', 'page'],
    ['HEAD', 'page'],
    ['POST', 'page'],
    ['OPTIONS', 'page'],
    ['GET', 'resource'],
    ['HEAD', 'resource'],
    ['PUT', 'api'],
    ['DELETE', 'api'],
  ] as const)('%s on a %s goes to Next', (method, kind) => {
    expect(methodRefusal(method, kind)).toBeNull();
  });
});

describe('forms posted without JavaScript', () => {
  const noScript = (parts: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) form.set(name, value);
    return actionRequestRefusal(post({}, form));
  };
  it('take an action id, or bound metadata whose arguments are a list of resolvable references', async () => {
    expect(await noScript({ $ACTION_ID_abc: '', email: 'a@b.c' })).toBeNull();
    // What React writes for useActionState's form: the previous state bound as the first argument.
    expect(
      await noScript({
        $ACTION_REF_1: '',
        '$ACTION_1:0': '{"id":"abc","bound":"$@1"}',
        '$ACTION_1:1': '[{"status":"idle"}]',
        $ACTION_KEY: 'k1',
      }),
    ).toBeNull();
    expect(await noScript({ $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"abc","bound":null}' })).toBeNull();
  });
  it.each([
    [{ '$ACTION_1:1': '["$T"]' }],
    [{ '$ACTION_1:1': '[' }],
    [{ '$ACTION_1:1': '{"not":"a list"}' }],
    [{ '$ACTION_1:0': '{"id":"abc","bound":"$@2"}' }],
    [{ '$ACTION_1:0': '{"id":"abc","bound":"$T"}' }],
    [{ '$ACTION_1:0': '{' }],
    [{ '$ACTION_1:0': '{"bound":null}' }],
  ])('refuse bound metadata React cannot decode: %j', async (parts) => {
    const refusal = await noScript({
      $ACTION_REF_1: '',
      '$ACTION_1:0': '{"id":"abc","bound":"$@1"}',
      '$ACTION_1:1': '[]',
      ...parts,
    });
    expect(refusal?.status).toBe(400);
  });
});

describe('a form posted without JavaScript over the body limit', () => {
  const upload = (
    headers: Record<string, string>,
    url = 'http://localhost:3000/ar/notes/0f9e?saved=attached',
  ) =>
    new Request(url, {
      method: 'POST',
      headers: {
        host: 'localhost:3000',
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(actionBodyLimit + 1),
        ...headers,
      },
    });
  it('goes back to its page with a 303 and the marker for that page', async () => {
    const request = upload({});
    const refusal = await actionRequestRefusal(request);
    expect(refusal?.status).toBe(413);
    const answer = refusedFormReturn(refusal!, request, true)!;
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('http://localhost:3000/ar/notes/0f9e?saved=attached');
    expect(answer.headers.get('set-cookie')).toBe(
      'polyglot-post-refused=too-large; Path=/ar/notes/0f9e; Max-Age=15; HttpOnly; SameSite=Lax; Secure',
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(refusedFormReturn(refusal!, request, false)!.headers.get('set-cookie')).not.toMatch(/Secure/);
  });
  it('stays on this origin, and scopes the marker to the site when the path cannot name it', async () => {
    const request = upload({ host: 'evil.example' }, 'http://localhost:3000/en/a;Domain=evil.example');
    const answer = refusedFormReturn((await actionRequestRefusal(request))!, request, false)!;
    expect(answer.headers.get('location')).toBe('http://localhost:3000/en/a;Domain=evil.example');
    expect(answer.headers.get('set-cookie')).toMatch(/^polyglot-post-refused=too-large; Path=\/; /);
  });
  it('leaves fetch calls and other refusals their status', async () => {
    const fetchCall = upload({ 'next-action': 'abc' });
    expect(refusedFormReturn((await actionRequestRefusal(fetchCall))!, fetchCall, false)).toBeNull();
    const crossOrigin = upload({ origin: 'http://evil.example' });
    const refusal = await actionRequestRefusal(crossOrigin);
    expect(refusal?.status).toBe(403);
    expect(refusedFormReturn(refusal!, crossOrigin, false)).toBeNull();
  });
  it('is removed by the answer to the request that brings it to its page', () => {
    const view = (cookie?: string) =>
      new Request('http://localhost:3000/ar/notes/0f9e', { headers: cookie ? { cookie } : {} });
    expect(forgottenRefusal(view('a=1; polyglot-post-refused=too-large'), false)).toBe(
      'polyglot-post-refused=; Path=/ar/notes/0f9e; Max-Age=0; HttpOnly; SameSite=Lax',
    );
    expect(forgottenRefusal(view('a=1; not-polyglot-post-refused=too-large'), false)).toBeNull();
    expect(forgottenRefusal(view(), false)).toBeNull();
  });
});
