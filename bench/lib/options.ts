import { parseArgs } from 'node:util';

export const SECTIONS = ['load', 'requests', 'bundle', 'lighthouse', 'auth-server', 'storage'] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  /** Shorter runs for smoke tests: figures are indicative only. */
  quick: boolean;
  /** Seconds of measured load per target per round, and of unmeasured warm-up before the first round. */
  durationSec: number;
  warmupSec: number;
  connections: number;
  /** wrk threads (at most the connections). */
  threads: number;
  /** Interleaved rounds over all load targets (at least 2). */
  rounds: number;
  lighthouseRuns: number;
  startupRuns: number;
  /** Signed-in page views per path when counting auth-server requests. */
  pageViews: number;
  /** Diagnosis: Lighthouse audits through a proxy that holds Next's script chunks back this long (0: off). */
  holdScriptsMs: number;
  /** Reuse the existing builds instead of building again. */
  skipBuild: boolean;
  sections: ReadonlySet<Section>;
}

const usage = `Usage: npm run bench -- [flags]
  --quick                 short runs (smoke test; figures indicative only)
  --duration=<s>          measured seconds per load target per round   (env BENCH_DURATION, default 10; quick 3)
  --warmup=<s>            warm-up seconds per target before round 1    (env BENCH_WARMUP, default 3; quick 1)
  --connections=<n>       load connections                             (env BENCH_CONNECTIONS, default 32)
  --threads=<n>           wrk threads                                  (env BENCH_THREADS, default 2)
  --rounds=<n>            interleaved rounds, at least 2               (env BENCH_ROUNDS, default 3; quick 2)
  --lighthouse-runs=<n>   Lighthouse runs per page and method, median (env BENCH_LIGHTHOUSE_RUNS, default 5; quick 1)
  --startup-runs=<n>      auth-server start-ups timed                  (env BENCH_STARTUP_RUNS, default 5; quick 2)
  --page-views=<n>        signed-in page views per path for the auth-request count (default 20)
  --only=<a,b>            sections: ${SECTIONS.join(', ')} (default: all)
  --skip-build            reuse the previous builds (.next-bench, the staged floors)
  --hold-scripts=<ms>     diagnosis: Lighthouse with script chunks answered <ms> late (no target marks)`;

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      threads: { type: 'string' },
      rounds: { type: 'string' },
      'lighthouse-runs': { type: 'string' },
      'startup-runs': { type: 'string' },
      'page-views': { type: 'string' },
      only: { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      'hold-scripts': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const quick = values.quick === true || env.BENCH_QUICK === '1';
  const sections = new Set<Section>();
  for (const name of (values.only ?? SECTIONS.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(SECTIONS as readonly string[]).includes(name))
      throw new Error(`--only: unknown section "${name}"\n${usage}`);
    sections.add(name as Section);
  }
  const rounds = positiveInt('rounds', values.rounds ?? env.BENCH_ROUNDS, quick ? 2 : 3);
  if (rounds < 2) throw new Error('--rounds must be at least 2: a single round has no spread');
  return {
    quick,
    durationSec: positiveInt('duration', values.duration ?? env.BENCH_DURATION, quick ? 3 : 10),
    warmupSec: positiveInt('warmup', values.warmup ?? env.BENCH_WARMUP, quick ? 1 : 3),
    connections: positiveInt('connections', values.connections ?? env.BENCH_CONNECTIONS, 32),
    threads: positiveInt('threads', values.threads ?? env.BENCH_THREADS, 2),
    rounds,
    lighthouseRuns: positiveInt(
      'lighthouse-runs',
      values['lighthouse-runs'] ?? env.BENCH_LIGHTHOUSE_RUNS,
      quick ? 1 : 5,
    ),
    startupRuns: positiveInt('startup-runs', values['startup-runs'] ?? env.BENCH_STARTUP_RUNS, quick ? 2 : 5),
    pageViews: positiveInt('page-views', values['page-views'], 20),
    holdScriptsMs: positiveInt('hold-scripts', values['hold-scripts'], 0),
    skipBuild: values['skip-build'] === true,
    sections,
  };
}
