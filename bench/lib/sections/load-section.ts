import { measureInterleaved } from '../load/interleaved.ts';
import { FLOOR_ID, pageTargets } from '../load/page-targets.ts';
import { checkAvailable } from '../load/targets.ts';
import type { BenchOptions } from '../options.ts';
import { median } from '../report/spread.ts';
import type { BenchResults } from '../report/results.ts';

/** Throughput and latency of the product's pages next to both floors, interleaved over rounds. */
export async function loadSection(options: BenchOptions, cookieHeader: string | undefined, log: (line: string) => void): Promise<NonNullable<BenchResults['load']>> {
  const targets = await Promise.all(pageTargets(cookieHeader).map(checkAvailable));
  for (const t of targets) if (t.unavailable) log(`${t.label}: unavailable (${t.unavailable})`);
  for (const id of [FLOOR_ID, 'product-anonymous']) {
    const target = targets.find((t) => t.id === id)!;
    if (target.unavailable) throw new Error(`${target.label} must answer 200 to be measured: ${target.unavailable}`);
  }
  const settings = { durationSec: options.durationSec, warmupSec: options.warmupSec, connections: options.connections, rounds: options.rounds };
  const summaries = await measureInterleaved(targets, FLOOR_ID, settings, log);

  const anonymous = summaries.find((s) => s.target.id === 'product-anonymous')!;
  const signedIn = summaries.find((s) => s.target.id === 'product-signed-in')!;
  let signedInToAnonymous: { ratio: number; spread: number } | undefined;
  if (signedIn.rounds.length) {
    const ratios = signedIn.rounds.map((r, i) => r.rps / anonymous.rounds[i]!.rps);
    signedInToAnonymous = { ratio: median(ratios), spread: Math.max(...ratios) - Math.min(...ratios) };
  }
  return { settings, targets: summaries, signedInToAnonymous };
}
