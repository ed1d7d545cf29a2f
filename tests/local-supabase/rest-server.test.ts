import { describe, expect, it } from 'vitest';
import { anonClient, authServerForFile } from './helpers.ts';

const server = authServerForFile();

describe('the Data API on the local server', () => {
  it('is served under /rest/v1 on the Auth API port, with PostgREST errors', async () => {
    const { data, error, status } = await anonClient(server.get()).from('no_such_table').select();
    expect(status).toBe(404);
    expect(data).toBeNull();
    expect(error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.no_such_table' in the schema cache",
    });
  });

  it('answers a browser with CORS that exposes Content-Range', async () => {
    const res = await fetch(`${server.get().url}/rest/v1/no_such_table`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'apikey, authorization, prefer, range',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    const get = await fetch(`${server.get().url}/rest/v1/no_such_table`, {
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});
