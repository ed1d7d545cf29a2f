import type { FirstLoad } from '../bundle/first-load.ts';
import type { AuditRun } from '../lighthouse/mobile-audit.ts';
import type { BenchResults } from './results.ts';
import { atLeast, atMost, type Mark, TARGETS } from './targets.ts';

export interface Row {
  section: string;
  figure: string;
  value: string;
  /** Ratio to the floor (or to the stated reference) with the spread over rounds. */
  ratio: string;
  target: string;
  mark: Mark | '';
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
/** (max − min) ÷ median over the rounds. */
const spreadText = (fraction: number) => `spread ${(fraction * 100).toFixed(0)}%`;
const ratioText = (ratio: number, spread: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}× (range ${spread.toFixed(2)})` : '');

function loadRows(results: BenchResults): Row[] {
  const load = results.load;
  if (!load) return [];
  const rows: Row[] = [];
  for (const t of load.targets) {
    if (t.target.unavailable) {
      rows.push({ section: 'Load', figure: t.target.label, value: `unavailable: ${t.target.unavailable}`, ratio: '', target: '', mark: 'n/a' });
      continue;
    }
    const isAnonymousHome = t.target.id === 'product-anonymous';
    rows.push({
      section: 'Load',
      figure: `${t.target.label} throughput`,
      value: `${t.rps.toFixed(0)} req/s (${spreadText(t.rpsSpread)})`,
      ratio: ratioText(t.rpsRatio, t.rpsRatioSpread),
      target: isAnonymousHome ? `≥ ${TARGETS.anonymousToFloorThroughput}× floor` : '',
      mark: isAnonymousHome ? atLeast(t.rpsRatio, TARGETS.anonymousToFloorThroughput) : '',
    });
    rows.push({
      section: 'Load',
      figure: `${t.target.label} latency p50 / p99`,
      value: `${Math.round(t.p50Ms)} / ${Math.round(t.p99Ms)} ms`,
      ratio: Number.isFinite(t.p50Ratio) ? `${t.p50Ratio.toFixed(2)}× / ${t.p99Ratio.toFixed(2)}×` : '',
      target: '',
      mark: '',
    });
  }
  if (load.signedInToAnonymous) {
    const { ratio, spread } = load.signedInToAnonymous;
    rows.push({
      section: 'Load',
      figure: 'Signed-in ÷ anonymous throughput (/en)',
      value: `${ratio.toFixed(2)}×`,
      ratio: `range ${spread.toFixed(2)}`,
      target: `≥ ${TARGETS.signedInToAnonymousThroughput}×`,
      mark: atLeast(ratio, TARGETS.signedInToAnonymousThroughput),
    });
  }
  return rows;
}

function authRows(results: BenchResults): Row[] {
  const rows: Row[] = (results.requestsPerView ?? []).map((r) => {
    const target = /\/account(\/|$)/.test(r.path) ? TARGETS.authRequestsPerPrivateView : TARGETS.authRequestsPerSignedInView;
    return {
      section: 'Auth',
      figure: `Auth-server requests per signed-in view of ${r.path}${r.user ? ` (${r.user})` : ''}`,
      value: `${r.perView.toFixed(2)} (${r.authRequests} in ${r.views} views)`,
      ratio: '',
      target: `${target}`,
      mark: atMost(r.perView, target),
    };
  });
  const server = results.authServer;
  if (server?.startup) {
    rows.push({
      section: 'Auth server',
      figure: `Start-up to ready (median of ${server.startup.runsMs.length})`,
      value: `${ms(server.startup.medianMs)} (runs ${server.startup.runsMs.map((v) => Math.round(v)).join(', ')})`,
      ratio: '',
      target: `< ${TARGETS.authServerReadyMs} ms`,
      mark: server.startup.medianMs < TARGETS.authServerReadyMs ? 'pass' : 'miss',
    });
  }
  if (server?.refresh) {
    rows.push({ section: 'Auth server', figure: 'POST /token refresh (rotating chains)', value: `${server.refresh.rps.toFixed(0)} req/s, p50 ${server.refresh.p50Ms} ms, p99 ${server.refresh.p99Ms} ms${server.refresh.failures ? `, ${server.refresh.failures} failed` : ''}`, ratio: '', target: '', mark: '' });
  }
  if (server?.user) {
    rows.push({ section: 'Auth server', figure: 'GET /user (bearer)', value: `${server.user.rps.toFixed(0)} req/s, p50 ${server.user.p50Ms} ms, p99 ${server.user.p99Ms} ms${server.user.failures ? `, ${server.user.failures} failed` : ''}`, ratio: '', target: '', mark: '' });
  }
  return rows;
}

const firstLoadValue = (p: FirstLoad) => `JS ${kb(p.jsGzipBytes)} in ${p.scripts} files, CSS ${kb(p.cssGzipBytes)} in ${p.stylesheets}`;

function bundleRows(results: BenchResults): Row[] {
  const bundle = results.bundle;
  if (!bundle) return [];
  const rows: Row[] = bundle.pages.map((p) => {
    const isHome = p.path === '/en';
    return {
      section: 'Bundle',
      figure: `First load ${p.path} (gzip)`,
      value: firstLoadValue(p),
      ratio: bundle.floor ? `JS ${(p.jsGzipBytes / bundle.floor.jsGzipBytes).toFixed(2)}×` : '',
      target: isHome ? `JS ≤ ${TARGETS.homeFirstLoadJsKb} kB` : '',
      mark: isHome ? atMost(p.jsGzipBytes / 1000, TARGETS.homeFirstLoadJsKb) : '',
    };
  });
  if (bundle.floor) {
    rows.push({ section: 'Bundle', figure: 'First load floor / (gzip, reference)', value: firstLoadValue(bundle.floor), ratio: '', target: '', mark: '' });
  }
  const hits = bundle.browserChunks.hits;
  rows.push({
    section: 'Bundle',
    figure: `Supabase client code in browser chunks (${bundle.browserChunks.files} files)`,
    value: hits.length ? `yes: ${hits.map((h) => `${h.file} [${h.markers.join(', ')}]`).join('; ')}` : 'none',
    ratio: '',
    target: 'none',
    mark: hits.length ? 'miss' : 'pass',
  });
  return rows;
}

const webVitals = (m: AuditRun) => `LCP ${ms(m.lcpMs)}, TBT ${ms(m.tbtMs)}, CLS ${m.cls.toFixed(3)}`;

function lighthouseRows(results: BenchResults): Row[] {
  const lh = results.lighthouse;
  if (!lh) return [];
  const rows: Row[] = [];
  // Held-back scripts are a diagnosis, not the page as served: no target is marked.
  const held = lh.holdScriptsMs ? `, scripts held ${lh.holdScriptsMs} ms` : '';
  if (lh.floor) {
    const m = lh.floor.median;
    rows.push({
      section: 'Lighthouse',
      figure: `floor / mobile (median of ${lh.runsPerPage}${held}, reference)`,
      value: `perf ${m.scores.performance}; ${webVitals(m)}`,
      ratio: '',
      target: '',
      mark: '',
    });
  }
  return rows.concat(lh.pages.map(({ path, median: m }) => {
    const pass = m.scores.performance >= TARGETS.lighthousePerformance && [m.scores.accessibility, m.scores['best-practices'], m.scores.seo].every((s) => s >= TARGETS.lighthouseOther);
    return {
      section: 'Lighthouse',
      figure: `${path} mobile (median of ${lh.runsPerPage}${held})`,
      value: `perf ${m.scores.performance}, a11y ${m.scores.accessibility}, bp ${m.scores['best-practices']}, seo ${m.scores.seo}; ${webVitals(m)}${m.failedAudits?.length ? `; failing: ${m.failedAudits.join(', ')}` : ''}`,
      ratio: '',
      target: held ? 'diagnosis' : `perf ≥ ${TARGETS.lighthousePerformance}, others ${TARGETS.lighthouseOther}`,
      mark: held || !Number.isFinite(m.scores.performance) ? 'n/a' : pass ? 'pass' : 'miss',
    };
  }));
}

export function buildRows(results: BenchResults): Row[] {
  return [...loadRows(results), ...authRows(results), ...bundleRows(results), ...lighthouseRows(results)];
}
