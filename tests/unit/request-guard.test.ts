import { describe, expect, it } from 'vitest';
import { actionRequestRefusal, requestLineRefusal } from '@/lib/http/request-guard';

describe('request line (issue 18)', () => {
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

describe('server-action POSTs (issue 18)', () => {
  it('refuses another origin, but not ours or none', async () => {
    const action = { 'next-action': 'abc', 'content-type': 'text/plain' };
    expect(
      (await actionRequestRefusal(post({ ...action, origin: 'http://evil.example' }, '[]')))?.status,
    ).toBe(403);
    expect((await actionRequestRefusal(post({ ...action, origin: 'null' }, '[]')))?.status).toBe(403);
    expect(await actionRequestRefusal(post({ ...action, origin: 'http://localhost:3000' }, '[]'))).toBeNull();
    expect(await actionRequestRefusal(post(action, '["$K1"]'))).toBeNull();
  });
  it('refuses bodies over 1 MB, announced or not', async () => {
    const big = `["${'a'.repeat(1024 * 1024)}"]`;
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
