import { describe, expect, it } from 'vitest';
import { authServerForFile } from './helpers.ts';

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
