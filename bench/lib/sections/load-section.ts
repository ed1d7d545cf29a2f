import type { FreshSession } from '../auth/fresh-session.ts';
import { checkFloorHeadroom, type FloorCheck } from '../load/floor-check.ts';
import type { LoadGenerator } from '../load/generator.ts';
import { measureInterleaved, ratioRange, roundRatios, type TargetSummary } from '../load/interleaved.ts';
import { floorId, pageTargets, targetId } from '../load/page-targets.ts';
import { checkAvailable, type Encoding } from '../load/targets.ts';
import type { BenchOptions } from '../options.ts';
import { median } from '../report/spread.ts';
import type { BenchResults } from '../report/results.ts';

export interface PairedRatio {
  ratio: number;
  spread: number;
}

export interface EncodingSummary {
  encoding: Encoding;
  floorCheck: FloorCheck;
  /** Anonymous /en ÷ intl-floor /en, per round. */
  anonymousToIntlFloor?: PairedRatio;
  /** Signed-in /en ÷ anonymous /en, per round. */
  signedInToAnonymous?: PairedRatio;
}

function paired(a: TargetSummary | undefined, b: TargetSummary | undefined): PairedRatio | undefined {
  if (!a?.rounds.length || !b?.rounds.length) return undefined;
  const ratios = roundRatios(a.rounds, b.rounds);
  return { ratio: median(ratios), spread: ratioRange(ratios) };
}

/** Throughput and latency of the product's pages next to both floors, uncompressed and compressed, interleaved over rounds. */
export async function loadSection(
  options: BenchOptions,
  generator: LoadGenerator,
  session: FreshSession | undefined,
  noteId: string | undefined,
  teamSlug: string | undefined,
  pids: Record<string, number | undefined>,
  log: (line: string) => void,
): Promise<NonNullable<BenchResults['load']>> {
  const cookieHeader = (await session?.current(60_000))?.cookieHeader;
  const targets = await Promise.all(pageTargets(cookieHeader, noteId, teamSlug).map(checkAvailable));
  for (const t of targets) if (t.unavailable) log(`${t.label}: unavailable (${t.unavailable})`);
  for (const id of [floorId('identity'), 'product-anonymous']) {
    const target = targets.find((t) => t.id === id)!;
    if (target.unavailable)
      throw new Error(`${target.label} must answer 200 to be measured: ${target.unavailable}`);
  }
  const settings = {
    durationSec: options.durationSec,
    warmupSec: options.warmupSec,
    connections: options.connections,
    threads: options.threads,
    rounds: options.rounds,
  };
  log(`load generator: ${generator.description}`);
  const summaries = await measureInterleaved(targets, generator, settings, pids, log, session);

  const byId = (id: string) => summaries.find((s) => s.target.id === id && s.rounds.length);
  const encodings = (['identity', 'compressed'] as const).map((encoding): EncodingSummary => {
    const floor = byId(floorId(encoding));
    const product = ['product-anonymous', 'product-signed-in', 'product-account'].map(
      (id) => byId(targetId(id, encoding))?.rps ?? Number.NaN,
    );
    const floorCheck = checkFloorHeadroom(
      floor?.rps ?? Number.NaN,
      product,
      encoding === 'identity' ? 'uncompressed' : 'compressed',
      floor?.generatorBusy,
    );
    if (floorCheck.warning) log(`⚠ ${floorCheck.warning}`);
    const anonymous = byId(targetId('product-anonymous', encoding));
    return {
      encoding,
      floorCheck,
      anonymousToIntlFloor: paired(anonymous, byId(targetId('intl-floor', encoding))),
      signedInToAnonymous: paired(byId(targetId('product-signed-in', encoding)), anonymous),
    };
  });
  return {
    generator: { name: generator.name, description: generator.description, caveat: generator.caveat },
    settings,
    targets: summaries,
    encodings,
  };
}
