import { median, relativeSpread } from '../report/spread.ts';
import { type LoadResult, measure } from './measure.ts';
import type { LoadTarget } from './targets.ts';

export interface TargetSummary {
  target: LoadTarget;
  rounds: LoadResult[];
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Relative spread of throughput across rounds. */
  rpsSpread: number;
  /** Median over rounds of (this target ÷ the floor in the same round), and the spread of those ratios. */
  rpsRatio: number;
  rpsRatioSpread: number;
  p50Ratio: number;
  p99Ratio: number;
}

export interface LoadSettings {
  durationSec: number;
  warmupSec: number;
  connections: number;
  rounds: number;
}

/**
 * Measures every available target in each round, in an order rotated per round so no target always runs
 * right after another; the floor is in every round, so each ratio compares measurements minutes apart at most.
 */
export async function measureInterleaved(targets: LoadTarget[], floorId: string, settings: LoadSettings, log: (line: string) => void): Promise<TargetSummary[]> {
  const live = targets.filter((t) => !t.unavailable);
  const run = (target: LoadTarget, duration: number) =>
    measure({ url: target.url, headers: target.headers, connections: settings.connections, duration });

  for (const target of live) {
    log(`warm-up ${target.label} (${settings.warmupSec} s)`);
    await run(target, settings.warmupSec);
  }
  const byTarget = new Map<string, LoadResult[]>(live.map((t) => [t.id, []]));
  for (let round = 0; round < settings.rounds; round++) {
    const order = live.map((_, i) => live[(i + round) % live.length]!);
    for (const target of order) {
      const result = await run(target, settings.durationSec);
      byTarget.get(target.id)!.push(result);
      const failures = result.failures ? `, ${result.failures} failed (${JSON.stringify(result.statusCodes)})` : '';
      log(`round ${round + 1}/${settings.rounds} ${target.label}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms${failures}`);
    }
  }

  const floorRounds = byTarget.get(floorId);
  return targets.map((target) => {
    const rounds = byTarget.get(target.id) ?? [];
    const ratios = (pick: (r: LoadResult) => number) =>
      floorRounds && rounds.length ? rounds.map((r, i) => pick(r) / pick(floorRounds[i]!)) : [];
    const rpsRatios = ratios((r) => r.rps);
    return {
      target,
      rounds,
      rps: median(rounds.map((r) => r.rps)),
      p50Ms: median(rounds.map((r) => r.p50Ms)),
      p99Ms: median(rounds.map((r) => r.p99Ms)),
      rpsSpread: relativeSpread(rounds.map((r) => r.rps)),
      rpsRatio: median(rpsRatios),
      rpsRatioSpread: rpsRatios.length > 1 ? Math.max(...rpsRatios) - Math.min(...rpsRatios) : 0,
      p50Ratio: median(ratios((r) => r.p50Ms)),
      p99Ratio: median(ratios((r) => r.p99Ms)),
    };
  });
}
