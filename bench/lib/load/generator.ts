import { measureWithAutocannonBusy, type LoadResult } from './measure.ts';
import { findWrk, runWrk } from './wrk.ts';

export interface LoadRequest {
  url: string;
  headers?: Record<string, string>;
  durationSec: number;
}

export interface LoadGenerator {
  name: 'wrk' | 'autocannon';
  /** e.g. "wrk -t2 -c32"; with autocannon, why wrk was not used. */
  description: string;
  /** Set when the generator itself may cap the figures (autocannon runs in Node, on the same cores). */
  caveat?: string;
  run(request: LoadRequest): Promise<LoadResult>;
}

/** wrk (C, epoll) when available; autocannon from node_modules otherwise, with the caveat in the report. */
export async function resolveGenerator(
  settings: { connections: number; threads: number },
  log: (line: string) => void,
): Promise<LoadGenerator> {
  const { binary, problem } = await findWrk(log);
  if (binary) {
    return {
      name: 'wrk',
      description: `wrk -t${Math.min(settings.threads, settings.connections)} -c${settings.connections} (${binary})`,
      run: (request) =>
        runWrk(binary, { ...request, connections: settings.connections, threads: settings.threads }),
    };
  }
  log(`load generator: autocannon (${problem}); the floor's figures may be capped by the generator`);
  return {
    name: 'autocannon',
    description: `autocannon -c${settings.connections}`,
    caveat: `autocannon instead of wrk (${problem}): it runs in Node on the same cores and tops out near the floor's throughput, so the floor may be capped and every ratio squeezed toward 1`,
    run: (request) =>
      measureWithAutocannonBusy({
        url: request.url,
        headers: request.headers,
        connections: settings.connections,
        duration: request.durationSec,
      }),
  };
}
