import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { api, PUBLISHABLE_KEY, authServerForFile } from './helpers.ts';

const srv = authServerForFile();

/** A comma-separated header as its list of values (HTTP allows optional whitespace after each comma). */
const headerList = (value: string | null) => value?.split(',').map((v) => v.trim());

describe('bad input never crashes the server', () => {
  it('malformed JSON → 400 bad_json', async () => {
    const res = await api(srv.get(), '/signup', { rawBody: '{"email": "a@b.c", ' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_json');
    expect(String(res.body.message)).toMatch(/^Could not parse request body as JSON: /);
    expect(res.headers.get('x-sb-error-code')).toBe('bad_json');
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('wrong JSON types → 400 bad_json naming the field, as Go reports it', async () => {
    const res = await api(srv.get(), '/signup', { body: { email: 42, password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'bad_json',
      message:
        'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field SignupParams.email of type string',
    });
    const array = await api(srv.get(), '/token?grant_type=password', { rawBody: '[1,2]' });
    expect(array.body.code).toBe('bad_json');
    const data = await api(srv.get(), '/signup', {
      body: { email: 'x@example.com', password: 'Passw0rdOne', data: 'nope' },
    });
    expect(data.body.code).toBe('bad_json');
  });

  it('NUL characters in a body, form or query → 400 validation_failed, never a database error', async () => {
    const server = srv.get();
    const body = await api(server, '/verify', { body: { type: 'signup', token_hash: 'abc\u0000def' } });
    expect(body.status).toBe(400);
    expect(body.body.code).toBe('validation_failed');
    const key = await api(server, '/signup', {
      rawBody: '{"email\\u0000":"a@example.com","password":"Passw0rdOne"}',
    });
    expect(key.body.code).toBe('validation_failed');
    const query = await api(server, '/verify?token=%00&type=signup&redirect_to=http://localhost:3000');
    expect(query.status).toBe(400);
    expect(query.body.code).toBe('validation_failed');
    const token = await api(server, '/token?grant_type=password', {
      body: { email: 'a\u0000@example.com', password: 'x' },
    });
    expect(token.status).toBe(400);
  });

  it('missing fields → validation_failed', async () => {
    const server = srv.get();
    expect((await api(server, '/verify', { body: { type: 'signup' } })).body).toEqual({
      code: 'validation_failed',
      message: 'Verify requires either a token or a token hash',
    });
    expect(
      (await api(server, '/verify', { body: { type: 'email', token_hash: 'abc', email: 'x@example.com' } }))
        .body.message,
    ).toBe('Only the token_hash and type should be provided');
    expect((await api(server, '/token?grant_type=pkce', { body: { auth_code: 'x' } })).body.code).toBe(
      'validation_failed',
    );
    expect((await api(server, '/recover', { body: {} })).status).toBe(400);
    expect((await api(server, '/otp', { body: {} })).body.message).toBe('One of email or phone must be set');
    expect(
      (
        await api(server, '/signup', {
          body: {
            email: 'a@example.com',
            password: 'Passw0rdOne',
            code_challenge: 'short',
            code_challenge_method: 's256',
          },
        })
      ).body,
    ).toEqual({
      code: 'validation_failed',
      message: 'code challenge has to be between 43 and 128 characters',
    });
  });

  it('bodies over 1 MB → 413 request_entity_too_large', async () => {
    const res = await api(srv.get(), '/signup', {
      rawBody: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: 'request_entity_too_large',
      message: 'Request body too large (max 1048576 bytes)',
    });
  });

  it('chunked bodies (no Content-Length) are parsed and limited as they stream', async () => {
    const server = srv.get();
    const post = (text: string) => {
      const body = new ReadableStream({
        start(controller) {
          for (let i = 0; i < text.length; i += 65536)
            controller.enqueue(new TextEncoder().encode(text.slice(i, i + 65536)));
          controller.close();
        },
      });
      const init = {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      };
      return fetch(`${server.authUrl}/signup`, init as RequestInit);
    };
    const broken = await post('{"email": ');
    expect([broken.status, ((await broken.json()) as { code: string }).code]).toEqual([400, 'bad_json']);
    const huge = await post(
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    );
    expect([huge.status, ((await huge.json()) as { code: string }).code]).toEqual([
      413,
      'request_entity_too_large',
    ]);
  });

  it('a malformed Host header or request target → 400 in the error envelope, not a 500', async () => {
    const port = Number(new URL(srv.get().url).port);
    const raw = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.end(`${head}\r\nConnection: close\r\n\r\n`),
        );
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const head of [
      'GET /auth/v1/health HTTP/1.1\r\nHost: bad host',
      'GET /auth/v1\\..\\health HTTP/1.1\r\nHost: localhost',
    ]) {
      const answer = await raw(head);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('"error_code":"validation_failed"');
    }
  });

  it('unknown PKCE codes → 404 flow_state_not_found; unknown routes → 404 JSON; wrong method → 405', async () => {
    const server = srv.get();
    const pkce = await api(server, '/token?grant_type=pkce', {
      body: { auth_code: crypto.randomUUID(), code_verifier: 'v'.repeat(50) },
    });
    expect(pkce.status).toBe(404);
    expect(pkce.body).toEqual({
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    });
    const missing = await api(server, '/does-not-exist');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(missing.body.code).toBe('not_found');
    expect((await api(server, '/signup')).status).toBe(405);
  });

  it('routes answer at the root too, and without the version header in the legacy envelope', async () => {
    const server = srv.get();
    const res = await fetch(`${server.url}/token?grant_type=password`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'missing email or phone',
    });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect((await fetch(`${server.authUrl}/health`)).status).toBe(200);
  });

  it('CORS: preflight echoes requested headers; responses expose X-Supabase-Api-Version so browsers see error codes', async () => {
    const server = srv.get();
    const origin = 'http://localhost:3000';
    const pre = await fetch(`${server.authUrl}/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(headerList(pre.headers.get('access-control-allow-headers'))).toEqual([
      'apikey',
      'authorization',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
    ]);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    const res = await fetch(`${server.authUrl}/token?grant_type=password`, {
      method: 'POST',
      headers: { Origin: origin, apikey: PUBLISHABLE_KEY, 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(headerList(res.headers.get('access-control-expose-headers'))).toEqual([
      'X-Total-Count',
      'Link',
      'X-Supabase-Api-Version',
    ]);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('settings, health and the JWKS answer as GoTrue does', async () => {
    const server = srv.get();
    const settings = (await api(server, '/settings')).body as {
      external: Record<string, boolean>;
      mailer_autoconfirm: boolean;
      disable_signup: boolean;
    };
    expect(settings.external).toMatchObject({
      email: true,
      github: true,
      google: true,
      apple: false,
      phone: false,
      anonymous_users: false,
    });
    expect(settings.mailer_autoconfirm).toBe(false);
    expect(settings.disable_signup).toBe(false);
    const health = await api(server, '/health');
    expect(health.body).toMatchObject({ name: 'GoTrue' });
    const jwks = await fetch(`${server.authUrl}/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
  });
});

describe('the mailbox answers bad input with 4xx or Mailpit’s defaults, never a 500', () => {
  const mailbox = (path: string, init?: RequestInit) => fetch(`${srv.get().mailboxUrl}${path}`, init);

  it('paging values Mailpit ignores (negative, exponent, beyond int64) fall back to its defaults', async () => {
    for (const q of [
      'limit=-1&start=-5',
      'limit=1e12&start=1e20',
      'start=99999999999999999999',
      'limit=99999999999999999999',
      'limit=abc&start=0x10',
      'limit=%00&start=%zz',
      'limit=1.5&start=-0',
    ]) {
      for (const route of ['/api/v1/messages', '/api/v1/search']) {
        const res = await mailbox(`${route}?${q}&query=nobody`);
        expect([route, q, res.status]).toEqual([route, q, 200]);
        expect(((await res.json()) as { start: number }).start).toBe(0);
      }
    }
  });

  it('a search query Postgres cannot hold (NUL) → 400; an empty one → 400, as Mailpit', async () => {
    for (const q of ['%00', 'to:a%00b', 'subject:%22%00%22']) {
      expect([q, (await mailbox(`/api/v1/search?query=${q}`)).status]).toEqual([q, 400]);
    }
    expect((await mailbox('/api/v1/search')).status).toBe(400);
    expect((await mailbox('/api/v1/search?query=%25_%5C')).status).toBe(200);
  });

  it('unknown or malformed message IDs → 404 on the page and the API', async () => {
    for (const id of [
      'x'.repeat(36),
      'a'.repeat(36),
      '-'.repeat(36),
      crypto.randomUUID(),
      '00000000-0000-0000-0000-00000000000g',
      '%00',
      '%zz',
      'a'.repeat(5000),
    ]) {
      for (const route of ['/view/', '/api/v1/message/']) {
        expect([route, id, (await mailbox(`${route}${id}`)).status]).toEqual([route, id, 404]);
      }
    }
  });

  it('DELETE with IDs of any shape, or a body that is not {"IDs": [...]} → ok or 400', async () => {
    const del = (body: string) => mailbox('/api/v1/messages', { method: 'DELETE', body });
    expect((await del(JSON.stringify({ IDs: ['x'.repeat(36), '-'.repeat(36)] }))).status).toBe(200);
    for (const body of ['[', '[]', 'null', '{"IDs": "x"}', '{"IDs": [1]}', '{"IDs": ["a\\u0000b"]}']) {
      expect([body, (await del(body)).status]).toEqual([body, 400]);
    }
  });

  it('other methods and paths → 404, not a 500', async () => {
    expect((await mailbox('/api/v1/messages', { method: 'PUT' })).status).toBe(404);
    expect((await mailbox('/nowhere/%zz')).status).toBe(404);
  });
});
