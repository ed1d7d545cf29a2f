import autocannon, { type Options } from 'autocannon';

export interface LoadResult {
  /** Successful (2xx) responses per second. */
  rps: number;
  /** Every response received, whatever its status. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses that were not 2xx (wrk: status ≥ 400), plus connection errors and timeouts. */
  failures: number;
  statusCodes: Record<string, number>;
  /** Socket-level errors (connect, read, write, timeout), apart from failed statuses. */
  socketErrors?: Record<string, number>;
  /** Response bytes per request, headers included: what each answer weighs on the wire. */
  bytesPerResponse?: number;
  /**
   * How busy the load generator was: its CPU time over the run ÷ (duration × its threads). Near 1, the generator,
   * not the server, set the pace.
   */
  generatorBusy?: number;
  /** Server CPU time (ms) per response during the run, by server process (see process-cpu.ts). */
  cpuMsPerRequest?: Record<string, number>;
  /**
   * How far the CPU per response may read high: the requests still in flight when the run stops (one per
   * connection) used CPU but are not counted, so at most connections ÷ responses.
   */
  cpuOverstatement?: number;
}

/** One autocannon run; throughput counts only 2xx responses, so a redirect or error never passes for speed. */
export async function measureWithAutocannon(options: Options): Promise<LoadResult> {
  const result = await autocannon({ timeout: 10, ...options });
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = Number(count);
  const responses = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    rps: result['2xx'] / result.duration,
    requests: responses,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    statusCodes,
    socketErrors: { errors: result.errors, timeout: result.timeouts },
    bytesPerResponse: responses ? result.throughput.total / responses : undefined,
  };
}

/** An autocannon run with its own CPU share (it runs on this process's single JavaScript thread). */
export async function measureWithAutocannonBusy(
  options: Options & { duration: number },
): Promise<LoadResult> {
  const before = process.cpuUsage();
  const started = performance.now();
  const result = await measureWithAutocannon(options);
  const used = process.cpuUsage(before);
  return { ...result, generatorBusy: (used.user + used.system) / 1000 / (performance.now() - started) };
}
