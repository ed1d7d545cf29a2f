import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hostName } from '../../local-supabase/src/http/hosts.ts';
import type { RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import { authServerForFile } from './helpers.ts';

// DNS rebinding: a page on another name pointed at 127.0.0.1 must not get answers from the API or the mailbox.

const srv = authServerForFile();
const named = authServerForFile({ env: { ...process.env, AUTH_ALLOWED_HOSTS: 'Dev.Example, other.test' } });

/** GET `path` on `base` with the Host header a browser would send for `host`. */
function get(base: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Host: host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const port = (url: string) => new URL(url).port;

describe('Host names', () => {
  const targets = (s: RunningLocalSupabase) => [
    { base: s.url, path: '/auth/v1/health' },
    { base: s.url, path: '/rest/v1/' },
    { base: s.mailboxUrl, path: '/api/v1/messages' },
  ];

  it('the API, the Data API and the mailbox answer 421 to another name, and nothing else', async () => {
    for (const { base, path } of targets(srv.get())) {
      for (const host of [
        'evil.example',
        `evil.example:${port(base)}`,
        'localhost.evil.example',
        '127.0.0.1.nip.io',
      ]) {
        const res = await get(base, path, host);
        expect(res.status).toBe(421);
        expect(res.body).not.toContain('messages');
        expect(JSON.parse(res.body)).toMatchObject({ code: 421, error_code: 'misdirected_request' });
      }
    }
  });

  it('answer their own names: localhost, 127.0.0.1 and [::1], with or without the port', async () => {
    for (const { base, path } of targets(srv.get())) {
      for (const host of [
        `localhost:${port(base)}`,
        'localhost',
        `127.0.0.1:${port(base)}`,
        `[::1]:${port(base)}`,
        'LOCALHOST.',
      ]) {
        expect((await get(base, path, host)).status, `${host} ${path}`).not.toBe(421);
      }
    }
  });

  it('and the names AUTH_ALLOWED_HOSTS adds', async () => {
    for (const { base, path } of targets(named.get())) {
      expect((await get(base, path, `dev.example:${port(base)}`)).status).not.toBe(421);
      expect((await get(base, path, 'other.test')).status).not.toBe(421);
      expect((await get(base, path, 'evil.example')).status).toBe(421);
    }
  });

  it('reads a Host header as a browser sends it', () => {
    expect(hostName('LocalHost:54321')).toBe('localhost');
    expect(hostName('[::1]:54321')).toBe('[::1]');
    expect(hostName('[::1]')).toBe('[::1]');
    expect(hostName('localhost.')).toBe('localhost');
    for (const bad of [undefined, '', 'a:b:c', '[::1', 'evil.example:1:2', 'bad host'])
      expect(hostName(bad)).toBeUndefined();
  });
});
