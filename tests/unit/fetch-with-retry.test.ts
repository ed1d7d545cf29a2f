import { describe, expect, it, vi } from 'vitest';
import { fetchWithRetry } from '@/lib/http/fetch-with-retry';

const status = (code: number) => new Response(null, { status: code });

function setup(results: Array<number | Error>) {
  const fetchImpl = vi.fn(async () => {
    const next = results.shift();
    if (next === undefined) throw new Error('unexpected extra call');
    if (next instanceof Error) throw next;
    return status(next);
  });
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls: fetchImpl, delays, sleep };
}

describe('fetchWithRetry', () => {
  it('returns the first successful response without retrying', async () => {
    const s = setup([200]);
    const response = await fetchWithRetry('/api/health', {}, s);
    expect(response.status).toBe(200);
    expect(s.calls).toHaveBeenCalledTimes(1);
  });

  it('retries a GET on 5xx with doubling delays and returns the eventual success', async () => {
    const s = setup([503, 500, 200]);
    const response = await fetchWithRetry('/api/items', {}, s);
    expect(response.status).toBe(200);
    expect(s.calls).toHaveBeenCalledTimes(3);
    expect(s.delays).toEqual([300, 600]);
  });

  it('retries network errors', async () => {
    const s = setup([new TypeError('Failed to fetch'), 200]);
    expect((await fetchWithRetry('/api/items', { method: 'get' }, s)).status).toBe(200);
    expect(s.calls).toHaveBeenCalledTimes(2);
  });

  it('gives up after 3 retries and returns the last 5xx', async () => {
    const s = setup([502, 502, 502, 504]);
    expect((await fetchWithRetry('/api/items', {}, s)).status).toBe(504);
    expect(s.calls).toHaveBeenCalledTimes(4);
    expect(s.delays).toEqual([300, 600, 1200]);
  });

  it('rethrows the last network error after 3 retries', async () => {
    const s = setup([new TypeError('a'), new TypeError('b'), new TypeError('c'), new TypeError('d')]);
    await expect(fetchWithRetry('/api/items', {}, s)).rejects.toThrow('d');
    expect(s.calls).toHaveBeenCalledTimes(4);
  });

  it('does not retry 4xx', async () => {
    const s = setup([404]);
    expect((await fetchWithRetry('/api/items', {}, s)).status).toBe(404);
    expect(s.calls).toHaveBeenCalledTimes(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries a %s, even on 5xx or network errors', async (method) => {
    const failing = setup([500]);
    expect((await fetchWithRetry('/api/items', { method }, failing)).status).toBe(500);
    expect(failing.calls).toHaveBeenCalledTimes(1);
    const broken = setup([new TypeError('offline')]);
    await expect(fetchWithRetry('/api/items', { method }, broken)).rejects.toThrow('offline');
    expect(broken.calls).toHaveBeenCalledTimes(1);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const abortError = new DOMException('aborted', 'AbortError');
    const s = setup([abortError]);
    controller.abort(abortError);
    await expect(fetchWithRetry('/api/items', { signal: controller.signal }, s)).rejects.toBe(abortError);
    expect(s.calls).toHaveBeenCalledTimes(1);
  });

  it('waits with real timers by default', async () => {
    vi.useFakeTimers();
    const s = setup([500, 200]);
    const pending = fetchWithRetry('/api/items', {}, { fetchImpl: s.fetchImpl });
    await vi.advanceTimersByTimeAsync(299);
    expect(s.calls).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
    vi.useRealTimers();
  });

  it('refuses other origins and paths', async () => {
    await expect(fetchWithRetry('https://example.com/api/x')).rejects.toThrow(/own \/api/);
  });
});
