import autocannon, { type Options } from 'autocannon';

export interface LoadResult {
  /** Successful (2xx) responses per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses that were not 2xx, plus connection errors and timeouts. */
  failures: number;
  statusCodes: Record<string, number>;
}

/** One autocannon run; throughput counts only 2xx responses, so a redirect or error never passes for speed. */
export async function measure(options: Options): Promise<LoadResult> {
  const result = await autocannon({ timeout: 10, ...options });
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(count);
  return {
    rps: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    statusCodes,
  };
}
