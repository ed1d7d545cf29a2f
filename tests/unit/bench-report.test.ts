import { describe, expect, it } from 'vitest';
import type { PageAudit } from '../../bench/lib/lighthouse/mobile-audit.ts';
import type { TargetSummary } from '../../bench/lib/load/interleaved.ts';
import type { LoadResult } from '../../bench/lib/load/measure.ts';
import type { BenchResults } from '../../bench/lib/report/results.ts';
import { buildRows, warnings } from '../../bench/lib/report/rows.ts';
import { checkFloorHeadroom } from '../../bench/lib/load/floor-check.ts';
import { twoFactorVisitor } from '../../bench/lib/report/targets.ts';

const machine = {
  cpuModel: 'test',
  cores: 2,
  memoryGb: 24,
  platform: 'linux',
  node: '24',
  next: '16',
  nextIntl: '4',
  loadAverage: [0, 0, 0],
  gitCommit: 'abc',
};
const base = (): BenchResults => ({ startedAt: '2026-01-01T00:00:00Z', machine, quick: false, errors: [] });

const round = (rps: number, failures = 0): LoadResult => ({
  rps,
  requests: rps * 10,
  p50Ms: 10,
  p99Ms: 20,
  failures,
  statusCodes: {},
});

function summary(
  id: string,
  rps: number,
  floorRps: number,
  flagged: TargetSummary['flaggedRounds'] = [],
): TargetSummary {
  return {
    target: { id, label: id, url: 'http://x/', encoding: 'identity', floorId: 'floor', servers: ['product'] },
    rounds: [round(rps), round(rps)],
    rps,
    p50Ms: 10,
    p99Ms: 20,
    rpsSpread: 0,
    rpsRatio: rps / floorRps,
    rpsRatioSpread: 0,
    p50Ratio: 1,
    p99Ratio: 1,
    cpuMsPerRequest: {},
    flaggedRounds: flagged,
  };
}

function loadResults(
  floorRps: number,
  anonymousRps: number,
  flagged: TargetSummary['flaggedRounds'] = [],
): BenchResults {
  return {
    ...base(),
    load: {
      generator: { name: 'wrk', description: 'wrk -t2 -c32' },
      settings: { durationSec: 10, warmupSec: 3, connections: 32, threads: 2, rounds: 2 },
      targets: [
        summary('floor', floorRps, floorRps),
        summary('product-anonymous', anonymousRps, floorRps, flagged),
      ],
      encodings: [
        { encoding: 'identity', floorCheck: checkFloorHeadroom(floorRps, [anonymousRps], 'uncompressed') },
      ],
    },
  };
}

const row = (results: BenchResults, figure: string) => buildRows(results).find((r) => r.figure === figure);

describe('load rows', () => {
  it('marks anonymous /en against 0.40× the floor', () => {
    expect(row(loadResults(6000, 2500), 'product-anonymous throughput')?.mark).toBe('pass');
    expect(row(loadResults(6000, 1500), 'product-anonymous throughput')?.mark).toBe('miss');
  });

  it('warns, next to the ratio and in the warnings, when the floor is under 3× the product (the generator may be the limit)', () => {
    const results = loadResults(2400, 1000);
    expect(row(results, 'product-anonymous throughput')?.ratio).toMatch(/generator may limit/);
    expect(row(results, 'Floor headroom, uncompressed (floor ÷ fastest product page)')?.mark).toBe('miss');
    expect(warnings(results).join('\n')).toMatch(/may be the limit/);
    expect(warnings(loadResults(6000, 1500))).toEqual([]);
  });

  it('flags a target with errors instead of marking it, and lists the errors', () => {
    const results = loadResults(6000, 2500, [{ round: 2, problem: '12 failed' }]);
    const anonymous = row(results, 'product-anonymous throughput');
    expect(anonymous?.mark).toBe('n/a');
    expect(anonymous?.value).toMatch(/errors in round 2/);
    expect(warnings(results)).toContain('product-anonymous, round 2: 12 failed');
  });

  it('marks the pages added after the account page by their app CPU per view, at most 1.2× the account page', () => {
    const withPages = (noteCpuMs: number) => {
      const results = loadResults(6000, 2500);
      const account = summary('product-account', 80, 6000);
      account.cpuMsPerRequest = { product: 10 };
      const note = summary('product-note', 80, 6000);
      note.cpuMsPerRequest = { product: noteCpuMs };
      results.load!.targets.push(account, note);
      return results;
    };
    expect(row(withPages(11.9), 'product-note server CPU per response')?.mark).toBe('pass');
    expect(row(withPages(12.1), 'product-note server CPU per response')?.mark).toBe('miss');
    expect(row(withPages(12.1), 'product-account server CPU per response')?.mark).toBe('');
  });

  // example:notes start
  it("marks a team's notes list by its app CPU per view, at most 1.2× the personal notes list", () => {
    const withTeamNotes = (teamCpuMs: number) => {
      const results = loadResults(6000, 2500);
      const account = summary('product-account', 80, 6000);
      account.cpuMsPerRequest = { product: 5 };
      const notes = summary('product-notes', 80, 6000);
      notes.cpuMsPerRequest = { product: 10 };
      const team = summary('product-team-notes', 80, 6000);
      team.cpuMsPerRequest = { product: teamCpuMs };
      results.load!.targets.push(account, notes, team);
      return results;
    };
    const teamRow = (ms: number) => row(withTeamNotes(ms), 'product-team-notes server CPU per response');
    expect(teamRow(11.9)?.mark).toBe('pass');
    expect(teamRow(12.1)?.mark).toBe('miss');
    expect(teamRow(11.9)?.target).toBe("≤ 1.2× /en/notes's app CPU");
  });
  // example:notes end

  it("counts the recovery codes' status on a two-factor user's account page, and only there", () => {
    const results = base();
    const view = (path: string, user?: string, perView = 3) => ({
      path,
      user,
      perView,
      authRequests: perView * 20,
      views: 20,
      breakdown: {},
    });
    results.requestsPerView = [
      view('/en/account', twoFactorVisitor),
      view('/en/notes', twoFactorVisitor),
      view('/en/account'),
    ];
    const mark = (figure: string) =>
      row(results, `Auth-server requests per signed-in view of ${figure}`)?.mark;
    expect(mark(`/en/account (${twoFactorVisitor})`)).toBe('pass');
    expect(mark(`/en/notes (${twoFactorVisitor})`)).toBe('miss');
    expect(mark('/en/account')).toBe('miss');
  });

  it('puts the signed-in shell against the bare dynamic page: at most 2× its app CPU per view', () => {
    const withShell = (shellCpuMs: number) => {
      const results = loadResults(6000, 2500);
      const floor = summary('floor-dynamic', 600, 6000);
      floor.cpuMsPerRequest = { floor: 2 };
      floor.target.servers = ['floor'];
      const shell = summary('product-shell', 100, 6000);
      shell.cpuMsPerRequest = { product: shellCpuMs };
      results.load!.targets.push(floor, shell);
      return results;
    };
    const figure = 'Signed-in shell ÷ floor /dynamic, app CPU per view, uncompressed';
    expect(row(withShell(3.9), figure)?.mark).toBe('pass');
    expect(row(withShell(4.1), figure)?.mark).toBe('miss');
  });

  it('repeats the autocannon caveat in the warnings', () => {
    const results = loadResults(6000, 2500);
    results.load!.generator.caveat = 'autocannon instead of wrk';
    expect(warnings(results)[0]).toBe('autocannon instead of wrk');
  });
});

const audit = (path: string, performance: number): PageAudit => {
  const run = {
    scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
    lcpMs: 1000,
    tbtMs: 100,
    cls: 0,
  };
  return { path, runs: [run], median: run };
};

describe('Lighthouse rows', () => {
  const results = (): BenchResults => ({
    ...base(),
    lighthouse: {
      runsPerPage: 5,
      methods: [
        { throttlingMethod: 'simulate', floor: audit('/', 96), pages: [audit('/en', 94), audit('/ar', 93)] },
        { throttlingMethod: 'devtools', floor: audit('/', 100), pages: [audit('/en', 98), audit('/ar', 97)] },
      ],
    },
  });

  it('marks simulated scores against the floor minus 2 and devtools scores against 98', () => {
    const rows = buildRows(results());
    const mark = (figure: string) => rows.find((r) => r.figure.startsWith(figure))?.mark;
    expect(mark('/en mobile (median of 5, simulate')).toBe('pass');
    expect(mark('/ar mobile (median of 5, simulate')).toBe('miss');
    expect(mark('/en mobile (median of 5, devtools')).toBe('pass');
    expect(mark('/ar mobile (median of 5, devtools')).toBe('miss');
  });

  it('misses when accessibility is below 100 even with a good performance score', () => {
    const r = results();
    r.lighthouse!.methods[1]!.pages[0]!.median.scores.accessibility = 96;
    expect(buildRows(r).find((row) => row.figure.startsWith('/en mobile (median of 5, devtools'))?.mark).toBe(
      'miss',
    );
  });
});

describe('bundle rows', () => {
  it('holds home to 160 kB and sign-in to 175 kB of gzipped JavaScript', () => {
    const page = (path: string, kB: number) => ({
      path,
      jsGzipBytes: kB * 1000,
      cssGzipBytes: 9000,
      scripts: 10,
      stylesheets: 1,
      files: [],
    });
    const r: BenchResults = {
      ...base(),
      bundle: {
        pages: [page('/en', 155.8), page('/en/sign-in', 176)],
        browserChunks: { files: 10, hits: [] },
      },
    };
    const rows = buildRows(r);
    expect(rows.find((x) => x.figure === 'First load /en (gzip)')?.mark).toBe('pass');
    expect(rows.find((x) => x.figure === 'First load /en/sign-in (gzip)')?.mark).toBe('miss');
  });
});
