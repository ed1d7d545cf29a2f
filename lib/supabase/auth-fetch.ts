// Server side (edge and Node): the fetch every Supabase client of the app's server uses. It bounds each request
// to the auth server in time, retries idempotent reads that fail fast, and passes on the visitor's IP and browser.
import { env } from '@/lib/env/env';

/** Retries for reads, with the pause before each; writes are never retried. */
const authRetryBackoffMs = [100, 200, 400] as const;

/**
 * The time one auth-server call may take, retries included: below the 3.8 s route-load timeout of the client,
 * so a slow or stopped auth server gives the page or form its "service unavailable" message instead of a hang.
 */
export const authBudgetMs = 2000;

const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

interface RetryPolicy {
  /** The pause before each retry, in order; its length is the number of retries. */
  backoffMs: readonly number[];
  /** Time for the whole call, every attempt and pause included. */
  budgetMs: number;
}

interface Clock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The error a call gets when the budget runs out: a DOMException named TimeoutError, as AbortSignal.timeout gives. */
function budgetExpired(budgetMs: number): DOMException {
  return new DOMException(`The auth server did not answer within ${budgetMs} ms`, 'TimeoutError');
}

/** One attempt, aborted when the budget's deadline passes (or when the caller aborts). */
async function attempt(
  fetcher: typeof fetch,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  msLeft: number,
  budgetMs: number,
) {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(init?.signal?.reason);
  init?.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => controller.abort(budgetExpired(budgetMs)), msLeft);
  try {
    return await fetcher(input, { ...init, signal: controller.signal });
  } catch (error) {
    // An abort by our own timer reads as a timeout, whatever the runtime calls its abort error.
    if (controller.signal.aborted && !init?.signal?.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    init?.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * A fetch bounded by `policy.budgetMs`; GET, HEAD and OPTIONS retry on a 5xx answer or a network error, after
 * the pauses in `policy.backoffMs`, while the budget leaves room. POST, PUT, PATCH and DELETE go out once.
 */
export function fetchWithRetry(
  policy: RetryPolicy,
  fetcher: typeof fetch = fetch,
  clock: Clock = realClock,
): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const retries = idempotentMethods.has(method) ? policy.backoffMs.length : 0;
    const deadline = clock.now() + policy.budgetMs;
    for (let retry = 0; ; retry++) {
      let outcome: { response: Response } | { error: unknown };
      try {
        outcome = { response: await attempt(fetcher, input, init, deadline - clock.now(), policy.budgetMs) };
      } catch (error) {
        // The caller's own abort and our timeout end the call; anything else is a network error.
        if (init?.signal?.aborted || (error instanceof DOMException && error.name === 'TimeoutError'))
          throw error;
        outcome = { error };
      }
      const failed = 'error' in outcome || outcome.response.status >= 500;
      const pause = policy.backoffMs[retry] ?? 0;
      if (!failed || retry >= retries || clock.now() + pause >= deadline) {
        if ('error' in outcome) throw outcome.error;
        return outcome.response;
      }
      // The failed answer's body is not read; release it before asking again.
      if ('response' in outcome) await outcome.response.body?.cancel();
      await clock.sleep(pause);
    }
  };
}

/** Bounds a whole auth operation (a session refresh retries on its own, for up to 30 s) to the same budget. */
export function withinAuthBudget<T>(operation: Promise<T>, budgetMs: number = authBudgetMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(budgetExpired(budgetMs)), budgetMs);
  });
  return Promise.race([operation, expiry]).finally(() => clearTimeout(timer));
}

const ipPattern = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:.]*:[0-9a-f:.]*)$/i;

/**
 * The visitor's IP from the trusted header: its last entry, the one the trusted proxy itself wrote (a proxy
 * that appends puts it last; one that overwrites leaves only it). Undefined when nothing trustworthy is there.
 */
export function visitorIp(
  headers: Headers,
  header: string | undefined = env.trustedIpHeader,
): string | undefined {
  const value = header ? headers.get(header) : null;
  const ip = value?.split(',').at(-1)?.trim();
  return ip && ipPattern.test(ip) ? ip : undefined;
}

/** Longer than any browser's User-Agent: a longer one is not passed on. */
const maxUserAgentLength = 1024;

/** Who the server's calls to Auth are made for: the visitor's IP (when trustworthy) and browser. */
export interface Visitor {
  ip?: string;
  userAgent?: string;
}

/** The visitor of a request: the IP from the trusted header, and the browser's User-Agent. */
export function visitorOf(headers: Headers, header: string | undefined = env.trustedIpHeader): Visitor {
  const userAgent = headers.get('user-agent') ?? undefined;
  return {
    ip: visitorIp(headers, header),
    userAgent: userAgent && userAgent.length <= maxUserAgentLength ? userAgent : undefined,
  };
}

/** Where a Supabase client's requests go, and the key that makes the gateway pass `Sb-Forwarded-For` on. */
interface ForwardingTarget {
  supabaseUrl: string;
  secretKey: string | undefined;
}

/**
 * The fetch for a Supabase client serving one request: bounded, retrying reads, and telling Auth (`/auth/v1/`,
 * and only there) about the visitor:
 * - their browser's `User-Agent`, which GoTrue records on the session at sign-in and refresh ("Your sessions"
 *   shows it), instead of the server's own;
 * - their IP in `Sb-Forwarded-For` (GoTrue's internal/sbff), so its per-IP limits count visitors rather than the
 *   app's server. Hosted Supabase's gateway passes that header on only from a caller holding a secret key, so
 *   such requests swap the publishable key for the secret one, in `apikey` and where supabase-js put the key as
 *   the bearer, exactly as a secret-key client sends them. A user's access token stays, and nothing else gains a
 *   privilege: GoTrue's user-facing endpoints do not read the key's role. Without a secret key the IP is not sent.
 * Data API requests go as supabase-js made them, with the publishable key (the secret one would bypass row-level
 * security).
 */
export function authFetch(
  { ip, userAgent }: Visitor = {},
  { supabaseUrl, secretKey }: ForwardingTarget = {
    supabaseUrl: env.supabaseUrl,
    secretKey: env.supabaseSecretKey,
  },
): typeof fetch {
  const bounded = fetchWithRetry({ backoffMs: authRetryBackoffMs, budgetMs: authBudgetMs });
  const forwardIp = ip && secretKey ? ip : undefined;
  if (!forwardIp && !userAgent) return bounded;
  const authPrefix = new URL('auth/v1/', `${supabaseUrl.replace(/\/+$/, '')}/`).href;
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(authPrefix)) return bounded(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (userAgent) headers.set('User-Agent', userAgent);
    if (forwardIp && secretKey) {
      const givenKey = headers.get('apikey');
      headers.set('apikey', secretKey);
      if (givenKey && headers.get('authorization') === `Bearer ${givenKey}`)
        headers.set('authorization', `Bearer ${secretKey}`);
      headers.set('Sb-Forwarded-For', forwardIp);
    }
    return bounded(input, { ...init, headers });
  };
}
