import type { FreshSession } from '../auth/fresh-session.ts';
import { median, relativeSpread } from '../report/spread.ts';
import type { LoadGenerator } from './generator.ts';
import type { LoadResult } from './measure.ts';
import { processCpuMs } from './process-cpu.ts';
import { checkAvailable, type LoadTarget } from './targets.ts';

export interface TargetSummary {
  target: LoadTarget;
  rounds: LoadResult[];
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Relative spread of throughput across rounds. */
  rpsSpread: number;
  /** Median over rounds of (this target ÷ its floor in the same round), and the spread of those ratios. */
  rpsRatio: number;
  rpsRatioSpread: number;
  p50Ratio: number;
  p99Ratio: number;
  /** Median over rounds of how busy the generator was (see LoadResult.generatorBusy). */
  generatorBusy?: number;
  /** Median over rounds of server CPU ms per response, by server process. */
  cpuMsPerRequest: Record<string, number>;
  /** The largest cpuOverstatement of the rounds. */
  cpuOverstatement?: number;
  /** Rounds (1-based) with failed requests or socket errors, or after which the target no longer answered 200. */
  flaggedRounds: { round: number; problem: string }[];
}

export interface LoadSettings {
  durationSec: number;
  warmupSec: number;
  connections: number;
  threads: number;
  rounds: number;
}

/** Per-round ratios of two targets' figures (rounds are paired: both were measured in the same round). */
export function roundRatios(
  a: LoadResult[],
  b: LoadResult[],
  pick: (r: LoadResult) => number = (r) => r.rps,
): number[] {
  return a.length && a.length === b.length ? a.map((r, i) => pick(r) / pick(b[i]!)) : [];
}

export const ratioRange = (ratios: number[]) =>
  ratios.length > 1 ? Math.max(...ratios) - Math.min(...ratios) : 0;

function problemOf(result: LoadResult): string | undefined {
  if (!result.failures) return undefined;
  const sockets = Object.entries(result.socketErrors ?? {}).filter(([, n]) => n > 0);
  return `${result.failures} failed (statuses ${JSON.stringify(result.statusCodes)}${sockets.length ? `, socket errors ${sockets.map(([k, n]) => `${k} ${n}`).join(', ')}` : ''})`;
}

/**
 * Measures every available target in each round, in an order rotated per round so no target always runs
 * right after another; the floors are in every round, so each ratio compares measurements minutes apart at most.
 * A round with errors is kept in the figures but flagged, so the report shows it.
 */
export async function measureInterleaved(
  targets: LoadTarget[],
  generator: LoadGenerator,
  settings: LoadSettings,
  pids: Record<string, number | undefined>,
  log: (line: string) => void,
  session?: FreshSession,
): Promise<TargetSummary[]> {
  const live = targets.filter((t) => !t.unavailable);
  // A signed-in target gets the session's cookies as they are when it runs, renewed before they could expire
  // during the run (bench/lib/auth/fresh-session.ts), with a margin for the check after it.
  const headersOf = async (target: LoadTarget, durationSec: number) =>
    target.headers?.Cookie && session
      ? { ...target.headers, Cookie: (await session.current(durationSec * 1000 + 30_000)).cookieHeader }
      : target.headers;
  const run = async (target: LoadTarget, durationSec: number) => {
    const headers = await headersOf(target, durationSec);
    const cpu = () => Promise.all(target.servers.map((name) => processCpuMs(pids[name])));
    const before = await cpu();
    const result = await generator.run({ url: target.url, headers, durationSec });
    const after = await cpu();
    const cpuMsPerRequest: Record<string, number> = {};
    target.servers.forEach((name, i) => {
      if (before[i] !== undefined && after[i] !== undefined && result.requests)
        cpuMsPerRequest[name] = (after[i]! - before[i]!) / result.requests;
    });
    return {
      ...result,
      cpuMsPerRequest,
      cpuOverstatement: result.requests ? settings.connections / result.requests : undefined,
    };
  };

  for (const target of live) {
    log(`warm-up ${target.label} (${settings.warmupSec} s)`);
    await run(target, settings.warmupSec);
  }
  const byTarget = new Map<string, LoadResult[]>(live.map((t) => [t.id, []]));
  const flagged = new Map<string, { round: number; problem: string }[]>(live.map((t) => [t.id, []]));
  for (let round = 0; round < settings.rounds; round++) {
    const order = live.map((_, i) => live[(i + round) % live.length]!);
    for (const target of order) {
      const result = await run(target, settings.durationSec);
      byTarget.get(target.id)!.push(result);
      // wrk counts a redirect as success: the target must still answer 200 after the run.
      const after = await checkAvailable({
        url: target.url,
        headers: await headersOf(target, 0),
        unavailable: undefined as string | undefined,
      });
      const problem = [problemOf(result), after.unavailable && `afterwards it ${after.unavailable}`]
        .filter(Boolean)
        .join('; ');
      if (problem) flagged.get(target.id)!.push({ round: round + 1, problem });
      const cpu = Object.entries(result.cpuMsPerRequest)
        .map(([name, value]) => `${name} ${value.toFixed(2)}`)
        .join(', ');
      const busy =
        result.generatorBusy === undefined
          ? ''
          : `, ${generator.name} busy ${Math.round(result.generatorBusy * 100)}%`;
      log(
        `round ${round + 1}/${settings.rounds} ${target.label}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms${cpu ? `, CPU ms/request ${cpu}` : ''}${busy}${problem ? ` ⚠ ${problem}` : ''}`,
      );
    }
  }

  return targets.map((target) => {
    const rounds = byTarget.get(target.id) ?? [];
    const floorRounds = byTarget.get(target.floorId) ?? [];
    const rpsRatios = roundRatios(rounds, floorRounds);
    return {
      target,
      rounds,
      rps: median(rounds.map((r) => r.rps)),
      p50Ms: median(rounds.map((r) => r.p50Ms)),
      p99Ms: median(rounds.map((r) => r.p99Ms)),
      rpsSpread: relativeSpread(rounds.map((r) => r.rps)),
      rpsRatio: median(rpsRatios),
      rpsRatioSpread: ratioRange(rpsRatios),
      p50Ratio: median(roundRatios(rounds, floorRounds, (r) => r.p50Ms)),
      p99Ratio: median(roundRatios(rounds, floorRounds, (r) => r.p99Ms)),
      cpuMsPerRequest: Object.fromEntries(
        target.servers
          .map((name) => [name, median(rounds.flatMap((r) => r.cpuMsPerRequest?.[name] ?? []))])
          .filter(([, v]) => Number.isFinite(v)),
      ),
      generatorBusy: rounds.some((r) => r.generatorBusy !== undefined)
        ? median(rounds.flatMap((r) => r.generatorBusy ?? []))
        : undefined,
      cpuOverstatement: rounds.length ? Math.max(...rounds.map((r) => r.cpuOverstatement ?? 0)) : undefined,
      flaggedRounds: flagged.get(target.id) ?? [],
    };
  });
}
