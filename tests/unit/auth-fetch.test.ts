import { describe, expect, it } from 'vitest';
import { readEnv } from '@/lib/env/env';
import { authFetch, fetchWithRetry, visitorIp, visitorOf, withinAuthBudget } from '@/lib/supabase/auth-fetch';

/** A fake clock whose sleeps only move time forward, recording each pause. */
function fakeClock() {
  let time = 0;
  const pauses: number[] = [];
  return {
    pauses,
    advance: (ms: number) => (time += ms),
    clock: {
      now: () => time,
      sleep: async (ms: number) => {
        pauses.push(ms);
        time += ms;
      },
    },
  };
}

/** A fetch answering from a script of statuses ('network' throws as fetch does when nothing answers). */
function scriptedFetch(script: Array<number | 'network'>, onCall?: () => void) {
  const calls: RequestInit[] = [];
  const fetcher = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init ?? {});
    onCall?.();
    const next = script[Math.min(calls.length - 1, script.length - 1)]!;
    if (next === 'network') throw new TypeError('fetch failed');
    return new Response('{}', { status: next });
  }) as typeof fetch;
  return { fetcher, calls };
}

const policy = { backoffMs: [100, 200, 400], budgetMs: 2500 };

describe('fetchWithRetry', () => {
  it('retries a GET up to 3 times on 5xx and network errors, with growing pauses', async () => {
    const { clock, pauses } = fakeClock();
    const { fetcher, calls } = scriptedFetch([503, 'network', 502, 200]);
    const response = await fetchWithRetry(policy, fetcher, clock)('http://auth/user');
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(4);
    expect(pauses).toEqual([100, 200, 400]);
  });

  it('gives up after 3 retries and returns the last answer', async () => {
    const { clock } = fakeClock();
    const { fetcher, calls } = scriptedFetch([503]);
    expect((await fetchWithRetry(policy, fetcher, clock)('http://auth/user')).status).toBe(503);
    expect(calls).toHaveLength(4);
    const failing = scriptedFetch(['network']);
    await expect(fetchWithRetry(policy, failing.fetcher, clock)('http://auth/user')).rejects.toThrow(
      'fetch failed',
    );
    expect(failing.calls).toHaveLength(4);
  });

  it('does not retry a 4xx answer or a success', async () => {
    const { clock } = fakeClock();
    for (const status of [200, 400, 401, 429]) {
      const { fetcher, calls } = scriptedFetch([status, 200]);
      expect((await fetchWithRetry(policy, fetcher, clock)('http://auth/user')).status).toBe(status);
      expect(calls).toHaveLength(1);
    }
  });

  it('never retries a write', async () => {
    const { clock } = fakeClock();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      const { fetcher, calls } = scriptedFetch([503, 200]);
      expect((await fetchWithRetry(policy, fetcher, clock)('http://auth/token', { method })).status).toBe(
        503,
      );
      expect(calls).toHaveLength(1);
      const failing = scriptedFetch(['network', 200]);
      await expect(
        fetchWithRetry(policy, failing.fetcher, clock)('http://auth/token', { method }),
      ).rejects.toThrow();
      expect(failing.calls).toHaveLength(1);
    }
  });

  it('stops retrying when the next pause would pass the budget', async () => {
    const { clock, pauses, advance } = fakeClock();
    // Each attempt takes 1.2 s: after two, the 200 ms pause would end past 2.5 s.
    const { fetcher, calls } = scriptedFetch([503], () => advance(1200));
    expect((await fetchWithRetry(policy, fetcher, clock)('http://auth/user')).status).toBe(503);
    expect(calls).toHaveLength(2);
    expect(pauses).toEqual([100]);
  });

  it('aborts an attempt that outlives the budget with a TimeoutError, and does not retry it', async () => {
    let attempts = 0;
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) => {
      attempts++;
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    }) as typeof fetch;
    const error = await fetchWithRetry(
      { backoffMs: [10, 10, 10], budgetMs: 50 },
      hanging,
    )('http://auth/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect(attempts).toBe(1);
  });
});

describe('withinAuthBudget', () => {
  it('passes a prompt answer through and turns a slow one into a TimeoutError', async () => {
    await expect(withinAuthBudget(Promise.resolve('ok'), 50)).resolves.toBe('ok');
    const slow = new Promise((resolve) => setTimeout(resolve, 1000, 'late'));
    await expect(withinAuthBudget(slow, 20)).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('Sb-Forwarded-For', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('trusts a header only when an environment setting says a proxy sets it', () => {
    const hosted = {
      NEXT_PUBLIC_SUPABASE_URL: 'https://project.supabase.co',
      NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x',
      NEXT_PUBLIC_SITE_URL: 'https://polyglot.example',
    };
    expect(readEnv({}).trustedIpHeader).toBeUndefined();
    expect(readEnv({ ...hosted, VERCEL: '1' }).trustedIpHeader).toBe('x-forwarded-for');
    expect(readEnv({ TRUSTED_IP_HEADER: 'X-Real-IP' }).trustedIpHeader).toBe('x-real-ip');
    expect(visitorIp(headers({ 'x-forwarded-for': '203.0.113.7' }), undefined)).toBeUndefined();
  });

  it('reads the entry the trusted proxy wrote, and only a well-formed IP', () => {
    expect(visitorIp(headers({ 'x-forwarded-for': '203.0.113.7' }), 'x-forwarded-for')).toBe('203.0.113.7');
    expect(visitorIp(headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }), 'x-forwarded-for')).toBe(
      '203.0.113.7',
    );
    expect(visitorIp(headers({ 'x-real-ip': '2001:db8::1' }), 'x-real-ip')).toBe('2001:db8::1');
    expect(visitorIp(headers({ 'x-real-ip': 'not-an-ip' }), 'x-real-ip')).toBeUndefined();
    expect(visitorIp(headers({ 'x-real-ip': '1.2.3.4 evil' }), 'x-real-ip')).toBeUndefined();
    expect(visitorIp(headers({}), 'x-real-ip')).toBeUndefined();
  });

  const target = { supabaseUrl: 'https://project.supabase.co', secretKey: 'sb_secret_server' };
  const publishable = { apikey: 'sb_publishable_x', Authorization: 'Bearer sb_publishable_x' };

  /** The headers each request went out with, through authFetch({ ip }, forwarding). */
  async function sent(
    calls: Array<[string, Record<string, string>]>,
    ip: string | undefined,
    forwarding: { supabaseUrl: string; secretKey: string | undefined } = target,
  ) {
    const seen: Record<string, string>[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(Object.fromEntries(new Headers(init?.headers)));
      return new Response('{}');
    }) as typeof fetch;
    try {
      for (const [url, headers] of calls)
        await authFetch({ ip }, forwarding)(url, { method: 'POST', headers });
    } finally {
      globalThis.fetch = original;
    }
    return seen;
  }

  it('goes to Auth with the secret key, which the gateway requires to pass it on', async () => {
    const [signIn, user] = await sent(
      [
        ['https://project.supabase.co/auth/v1/token?grant_type=password', publishable],
        ['https://project.supabase.co/auth/v1/user', { ...publishable, Authorization: 'Bearer user.jwt' }],
      ],
      '203.0.113.7',
    );
    expect(signIn).toMatchObject({
      apikey: 'sb_secret_server',
      authorization: 'Bearer sb_secret_server',
      'sb-forwarded-for': '203.0.113.7',
    });
    // A user's own token stays: the request acts as that user, not as the service role.
    expect(user).toMatchObject({ apikey: 'sb_secret_server', authorization: 'Bearer user.jwt' });
  });

  it('never puts the secret key on Data API or other requests', async () => {
    const requests = await sent(
      [
        ['https://project.supabase.co/rest/v1/notes?select=*', { ...publishable, Authorization: 'Bearer u' }],
        ['https://project.supabase.co/rest/v1/rpc/auth_v1', publishable],
        ['https://project.supabase.co/storage/v1/auth/v1/x', publishable],
        ['https://elsewhere.example/auth/v1/token', publishable],
        ['https://project.supabase.co.evil.example/auth/v1/token', publishable],
      ],
      '203.0.113.7',
    );
    for (const headers of requests) {
      expect(JSON.stringify(headers)).not.toContain('sb_secret_');
      expect(headers['sb-forwarded-for']).toBeUndefined();
    }
  });

  it('sends nothing more without a visitor IP or a secret key', async () => {
    const auth: [string, Record<string, string>] = ['https://project.supabase.co/auth/v1/token', publishable];
    for (const headers of [
      ...(await sent([auth], undefined)),
      ...(await sent([auth], '203.0.113.7', { ...target, secretKey: undefined })),
    ]) {
      expect(headers).toEqual({ apikey: 'sb_publishable_x', authorization: 'Bearer sb_publishable_x' });
    }
  });
});

describe("the visitor's browser", () => {
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

  it('is the request’s User-Agent, unless it is longer than any browser’s', () => {
    expect(visitorOf(new Headers({ 'user-agent': firefox }), undefined)).toEqual({
      ip: undefined,
      userAgent: firefox,
    });
    expect(visitorOf(new Headers({ 'user-agent': 'x'.repeat(1025) }), undefined).userAgent).toBeUndefined();
    expect(visitorOf(new Headers(), undefined).userAgent).toBeUndefined();
  });

  it('goes out as the User-Agent of every auth request, in place of the server’s own', async () => {
    const seen: Array<string | null> = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('user-agent'));
      return new Response('{}');
    }) as typeof fetch;
    try {
      const auth = { supabaseUrl: 'https://project.supabase.co', secretKey: undefined };
      await authFetch({ userAgent: firefox }, auth)('https://project.supabase.co/auth/v1/token', {
        method: 'POST',
        headers: { 'User-Agent': 'node' },
      });
      await authFetch({ userAgent: firefox }, auth)('https://project.supabase.co/auth/v1/user');
      await authFetch({}, auth)('https://project.supabase.co/auth/v1/user');
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual([firefox, firefox, null]);
  });
});
