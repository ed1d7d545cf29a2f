// The one way client code reads our own /api: GETs retry on 5xx and network errors with
// exponential backoff; writes (any other method) are sent exactly once, since repeating a
// POST whose response was lost could apply it twice.

export interface RetryOptions {
  /** Extra attempts after the first (default 3). */
  retries?: number;
  /** Delay before the first retry; doubles each time (default 300 ms). */
  baseDelayMs?: number;
  /** Injected by tests. */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>;
}

const wait = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export async function fetchWithRetry(path: string, init: RequestInit = {}, options: RetryOptions = {}): Promise<Response> {
  if (!path.startsWith('/api/')) throw new Error(`fetchWithRetry is for our own /api, got ${path}`);
  const { retries = 3, baseDelayMs = 300, fetchImpl = fetch, sleep = wait } = options;
  const method = (init.method ?? 'GET').toUpperCase();
  const attempts = method === 'GET' ? retries + 1 : 1;

  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    try {
      const response = await fetchImpl(path, init);
      if (response.status < 500 || last) return response;
    } catch (error) {
      if (last || isAbort(error) || init.signal?.aborted) throw error;
    }
    await sleep(baseDelayMs * 2 ** (attempt - 1), init.signal);
  }
}
