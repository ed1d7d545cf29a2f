import { describe, expect, it } from 'vitest';
import { authServerForFile, open } from './helpers.ts';

const srv = authServerForFile({
  configOverrides: {
    siteUrl: 'http://localhost:3000',
    additionalRedirectUrls: ['http://localhost:3100/**', 'https://*.preview.example.com/**'],
  },
});

const read = (origin: string) =>
  fetch(`${srv.get().mailboxUrl}/api/v1/messages`, { headers: { Origin: origin } });
const preflight = (origin: string) =>
  fetch(`${srv.get().mailboxUrl}/api/v1/messages`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'DELETE',
      'Access-Control-Request-Headers': 'content-type',
    },
  });

describe('the mailbox is readable from the app’s origins only', () => {
  it.each(['http://localhost:3000', 'http://localhost:3100', 'https://pr-7.preview.example.com'])(
    '%s may read it',
    async (origin) => {
      const res = await read(origin);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBe(origin);
    },
  );

  it.each([
    'https://evil.example',
    'http://localhost:3001',
    'http://127.0.0.1:3000',
    'null',
    'http://localhost:3000.evil.example',
    'http://localhost:3000/path',
  ])('%s may not', async (origin) => {
    const res = await read(origin);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('requests without an Origin (tests, curl) still read it', async () => {
    const res = await fetch(`${srv.get().mailboxUrl}/api/v1/messages`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the mailbox and the local IdP’s consent page cannot be framed', () => {
  const expectFrameDenied = (res: Response) => {
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  };

  it('every mailbox answer forbids framing, pages and API alike', async () => {
    for (const path of ['/', `/view/${crypto.randomUUID()}`, '/api/v1/messages', '/nowhere']) {
      expectFrameDenied(await fetch(`${srv.get().mailboxUrl}${path}`));
    }
  });

  it('the consent page and its error page forbid framing', async () => {
    const start = await open(`${srv.get().authUrl}/authorize?provider=github`);
    expect(start.status).toBe(302);
    const page = await fetch(start.location);
    expect(page.status).toBe(200);
    expectFrameDenied(page);
    const badEmail = await fetch(`${srv.get().authUrl}/local-idp/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        provider: 'github',
        state: 'x',
        decision: 'allow',
        email: 'no',
      }).toString(),
    });
    expect(badEmail.status).toBe(400);
    expectFrameDenied(badEmail);
  });
});
