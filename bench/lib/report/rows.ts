import type { FirstLoad } from '../bundle/first-load.ts';
import type { AuditRun } from '../lighthouse/mobile-audit.ts';
import type { BenchResults } from './results.ts';
import { atLeast, atMost, type Mark, TARGETS, twoFactorVisitor } from './targets.ts';

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
const ratioText = (ratio: number, spread: number) =>
  Number.isFinite(ratio) ? `${ratio.toFixed(2)}× (range ${spread.toFixed(2)})` : '';

const encodingName = (encoding: string) => (encoding === 'identity' ? 'uncompressed' : 'compressed');

function loadRows(results: BenchResults): Row[] {
  const load = results.load;
  if (!load) return [];
  const rows: Row[] = [];
  const capped = new Set(load.encodings.filter((e) => !e.floorCheck.ok).map((e) => e.encoding));
  // Uncompressed and compressed of the same page next to each other (a stable sort keeps uncompressed first).
  const baseId = (id: string) => id.replace(/-compressed$/, '');
  const order = new Map(
    load.targets.filter((t) => t.target.encoding === 'identity').map((t, i) => [t.target.id, i]),
  );
  const ordered = [...load.targets].sort(
    (a, b) => (order.get(baseId(a.target.id)) ?? 0) - (order.get(baseId(b.target.id)) ?? 0),
  );
  /** The app's CPU per view of an uncompressed target (the first server it names). */
  const appCpu = (id: string) => {
    const t = load.targets.find((s) => s.target.id === id && s.rounds.length);
    return t?.cpuMsPerRequest[t.target.servers[0]!] ?? Number.NaN;
  };
  const newPages = new Set(['product-notes', 'product-note', 'product-sessions', 'product-team-notes']);
  // A team's notes list is held to the personal list it mirrors (both show 20 notes); the other new pages to the
  // account page.
  const referenceOf = (id: string) =>
    id === 'product-team-notes'
      ? { id: 'product-notes', name: '/en/notes' }
      : { id: 'product-account', name: 'the account page' };
  const floorCpu = (t: (typeof load.targets)[number]) =>
    load.targets.find((f) => f.target.id === t.target.floorId)?.cpuMsPerRequest.floor;
  for (const t of ordered) {
    if (t.target.unavailable) {
      rows.push({
        section: 'Load',
        figure: t.target.label,
        value: `unavailable: ${t.target.unavailable}`,
        ratio: '',
        target: '',
        mark: 'n/a',
      });
      continue;
    }
    const id = baseId(t.target.id);
    const compressed = t.target.encoding === 'compressed';
    const flagged = t.flaggedRounds.length
      ? `; ⚠ errors in round ${t.flaggedRounds.map((f) => f.round).join(', ')}`
      : '';
    const cappedNote =
      capped.has(t.target.encoding) && id !== 'floor' ? ' (floor < 3× product: generator may limit)' : '';
    let target = '';
    let mark: Mark | '' = '';
    if (id === 'product-anonymous') {
      const goal = compressed
        ? TARGETS.anonymousToFloorThroughputCompressed
        : TARGETS.anonymousToFloorThroughput;
      target = `≥ ${goal}× floor`;
      // Marked even when the headroom check warns: past 0.33× the floor it always does (see floor-check.ts).
      mark = t.flaggedRounds.length ? 'n/a' : atLeast(t.rpsRatio, goal);
    } else if (id === 'product-sign-in' && !compressed) {
      target = `≥ ${TARGETS.signInToFloorThroughput}× floor`;
      mark = t.flaggedRounds.length ? 'n/a' : atLeast(t.rpsRatio, TARGETS.signInToFloorThroughput);
    } else if (id === 'product-account' && !compressed) {
      target = `≥ ${TARGETS.accountThroughputRps} req/s`;
      mark = t.flaggedRounds.length ? 'n/a' : atLeast(t.rps, TARGETS.accountThroughputRps);
    }
    const size = t.rounds[0]?.bytesPerResponse ? `, ${kb(t.rounds[0].bytesPerResponse)}/response` : '';
    rows.push({
      section: 'Load',
      figure: `${t.target.label} throughput`,
      value: `${t.rps.toFixed(0)} req/s (${spreadText(t.rpsSpread)}${size}${t.generatorBusy === undefined ? '' : `, generator ${Math.round(t.generatorBusy * 100)}% busy`})${flagged}`,
      ratio: id === 'floor' ? '' : `${ratioText(t.rpsRatio, t.rpsRatioSpread)}${cappedNote}`,
      target,
      mark,
    });
    const cpu = Object.entries(t.cpuMsPerRequest ?? {});
    // The pages added after the account page cost at most 1.2× its app CPU per view.
    const cpuGoal = newPages.has(id) && !compressed ? TARGETS.newPageToAccountCpu : undefined;
    const reference = referenceOf(id);
    const cpuOfAccount = appCpu(reference.id) * (cpuGoal ?? Number.NaN);
    if (cpu.length) {
      rows.push({
        section: 'Load',
        figure: `${t.target.label} server CPU per response`,
        value: `${cpu.map(([name, value]) => `${name} ${value.toFixed(2)} ms`).join(', ')}${(t.cpuOverstatement ?? 0) > 0.05 ? ` (may read up to ${Math.round(t.cpuOverstatement! * 100)}% high: the requests in flight at the end are not counted)` : ''}`,
        ratio:
          id === 'floor' || !floorCpu(t)
            ? ''
            : `${((t.cpuMsPerRequest[t.target.servers[0]!] ?? Number.NaN) / floorCpu(t)!).toFixed(2)}× the floor's`,
        target: cpuGoal ? `≤ ${cpuGoal}× ${reference.name}'s app CPU` : '',
        mark: cpuGoal
          ? t.flaggedRounds.length
            ? 'n/a'
            : atMost(t.cpuMsPerRequest[t.target.servers[0]!] ?? Number.NaN, cpuOfAccount)
          : '',
      });
    }
    rows.push({
      section: 'Load',
      figure: `${t.target.label} latency p50 / p99`,
      value: `${t.p50Ms.toFixed(1)} / ${t.p99Ms.toFixed(1)} ms`,
      ratio:
        Number.isFinite(t.p50Ratio) && id !== 'floor'
          ? `${t.p50Ratio.toFixed(2)}× / ${t.p99Ratio.toFixed(2)}×`
          : '',
      target: '',
      mark: '',
    });
  }
  // What every private page pays before its content, against a bare page that renders per request.
  const shellRatio = appCpu('product-shell') / appCpu('floor-dynamic');
  if (Number.isFinite(shellRatio))
    rows.push({
      section: 'Load',
      figure: 'Signed-in shell ÷ floor /dynamic, app CPU per view, uncompressed',
      value: `${shellRatio.toFixed(2)}×`,
      ratio: '',
      target: `≤ ${TARGETS.shellToDynamicCpu}×`,
      mark: atMost(shellRatio, TARGETS.shellToDynamicCpu),
    });
  for (const e of load.encodings) {
    const name = encodingName(e.encoding);
    const check = e.floorCheck;
    rows.push({
      section: 'Load',
      figure: `Floor headroom, ${name} (floor ÷ fastest product page)`,
      value: Number.isFinite(check.headroom) ? `${check.headroom.toFixed(2)}×` : 'n/a',
      ratio: '',
      target: '≥ 3× (else the generator may be the limit)',
      mark: Number.isFinite(check.headroom) ? (check.ok ? 'pass' : 'miss') : 'n/a',
    });
    if (e.anonymousToIntlFloor) {
      const { ratio, spread } = e.anonymousToIntlFloor;
      const goal = e.encoding === 'identity' ? TARGETS.anonymousToIntlFloorThroughput : undefined;
      rows.push({
        section: 'Load',
        figure: `Anonymous /en ÷ intl-floor /en, ${name}`,
        value: `${ratio.toFixed(2)}×`,
        ratio: `range ${spread.toFixed(2)}`,
        target: goal ? `≥ ${goal}×` : '',
        mark: goal ? atLeast(ratio, goal) : '',
      });
    }
    if (e.signedInToAnonymous) {
      const { ratio, spread } = e.signedInToAnonymous;
      rows.push({
        section: 'Load',
        figure: `Signed-in ÷ anonymous throughput (/en), ${name}`,
        value: `${ratio.toFixed(2)}×`,
        ratio: `range ${spread.toFixed(2)}`,
        target: `≥ ${TARGETS.signedInToAnonymousThroughput}×`,
        mark: atLeast(ratio, TARGETS.signedInToAnonymousThroughput),
      });
    }
  }
  return rows;
}

function authRows(results: BenchResults): Row[] {
  const rows: Row[] = (results.requestsPerView ?? []).map((r) => {
    const codes =
      r.user === twoFactorVisitor && r.path.endsWith('/account') ? TARGETS.authRequestsForRecoveryCodes : 0;
    const target = /\/(?:account|notes)(\/|$)/.test(r.path)
      ? TARGETS.authRequestsPerPrivateView + codes
      : TARGETS.authRequestsPerSignedInView;
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
  if (server?.startup?.idleRssMedianMb !== undefined) {
    rows.push({
      section: 'Auth server',
      figure: 'Idle memory (RSS 2 s after ready, median)',
      value: `${server.startup.idleRssMedianMb.toFixed(0)} MB (runs ${server.startup.idleRssMb!.map((v) => v.toFixed(0)).join(', ')})`,
      ratio: '',
      target: 'reported',
      mark: '',
    });
  }
  if (server?.refresh) {
    rows.push({
      section: 'Auth server',
      figure: 'POST /token refresh (rotating chains)',
      value: `${server.refresh.rps.toFixed(0)} req/s, p50 ${server.refresh.p50Ms} ms, p99 ${server.refresh.p99Ms} ms${server.refresh.failures ? `, ${server.refresh.failures} failed` : ''}`,
      ratio: '',
      target: '',
      mark: '',
    });
  }
  if (server?.user) {
    rows.push({
      section: 'Auth server',
      figure: 'GET /user (bearer)',
      value: `${server.user.rps.toFixed(0)} req/s, p50 ${server.user.p50Ms.toFixed(1)} ms, p99 ${server.user.p99Ms.toFixed(1)} ms${server.user.failures ? `, ${server.user.failures} failed` : ''}`,
      ratio: '',
      target: '',
      mark: '',
    });
  }
  const rest = server?.restSelect;
  if (rest) {
    rows.push({
      section: 'Auth server',
      figure: 'Data API primary-key select (signed in, row-level security)',
      value: `${rest.rps.toFixed(0)} req/s, p50 ${rest.p50Ms.toFixed(1)} ms, p99 ${rest.p99Ms.toFixed(1)} ms${rest.failures ? `, ${rest.failures} failed` : ''}`,
      ratio: '',
      target: `≥ ${TARGETS.restPrimaryKeySelectRps} req/s`,
      mark: atLeast(rest.rps, TARGETS.restPrimaryKeySelectRps),
    });
  }
  return rows;
}

const firstLoadValue = (p: FirstLoad) =>
  `JS ${kb(p.jsGzipBytes)} in ${p.scripts} files, CSS ${kb(p.cssGzipBytes)} in ${p.stylesheets}`;

function bundleRows(results: BenchResults): Row[] {
  const bundle = results.bundle;
  if (!bundle) return [];
  const rows: Row[] = bundle.pages.map((p) => {
    const limit =
      p.path === '/en'
        ? TARGETS.homeFirstLoadJsKb
        : p.path === '/en/sign-in'
          ? TARGETS.signInFirstLoadJsKb
          : undefined;
    return {
      section: 'Bundle',
      figure: `First load ${p.path} (gzip)`,
      value: firstLoadValue(p),
      ratio: bundle.floor ? `JS ${(p.jsGzipBytes / bundle.floor.jsGzipBytes).toFixed(2)}×` : '',
      target: limit ? `JS ≤ ${limit} kB` : '',
      mark: limit ? atMost(p.jsGzipBytes / 1000, limit) : '',
    };
  });
  if (bundle.floor) {
    rows.push({
      section: 'Bundle',
      figure: 'First load floor / (gzip, reference)',
      value: firstLoadValue(bundle.floor),
      ratio: '',
      target: '',
      mark: '',
    });
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
  for (const { throttlingMethod, pages, floor } of lh.methods) {
    const runs = `median of ${lh.runsPerPage}, ${throttlingMethod}${held}`;
    const floorPerf = floor?.median.scores.performance ?? Number.NaN;
    if (floor) {
      const m = floor.median;
      rows.push({
        section: 'Lighthouse',
        figure: `floor / mobile (${runs}, reference)`,
        value: `perf ${m.scores.performance}; ${webVitals(m)}`,
        ratio: '',
        target: '',
        mark: '',
      });
    }
    for (const { path, median: m } of pages) {
      const others = [m.scores.accessibility, m.scores['best-practices'], m.scores.seo].every(
        (s) => s >= TARGETS.lighthouseOther,
      );
      const perfGoal =
        throttlingMethod === 'simulate'
          ? floorPerf - TARGETS.lighthouseSimulateBelowFloor
          : TARGETS.lighthouseDevtoolsPerformance;
      const perfText =
        throttlingMethod === 'simulate'
          ? `perf ≥ floor − ${TARGETS.lighthouseSimulateBelowFloor}${Number.isFinite(floorPerf) ? ` (${perfGoal})` : ''}`
          : `perf ≥ ${perfGoal}`;
      const unmarkable = held || !Number.isFinite(m.scores.performance) || !Number.isFinite(perfGoal);
      rows.push({
        section: 'Lighthouse',
        figure: `${path} mobile (${runs})`,
        value: `perf ${m.scores.performance}, a11y ${m.scores.accessibility}, bp ${m.scores['best-practices']}, seo ${m.scores.seo}; ${webVitals(m)}${m.failedAudits?.length ? `; failing: ${m.failedAudits.join(', ')}` : ''}`,
        ratio: Number.isFinite(floorPerf)
          ? `${m.scores.performance - floorPerf >= 0 ? '+' : ''}${m.scores.performance - floorPerf} vs floor`
          : '',
        target: held ? 'diagnosis' : `${perfText}, others ${TARGETS.lighthouseOther}`,
        mark: unmarkable ? 'n/a' : m.scores.performance >= perfGoal && others ? 'pass' : 'miss',
      });
    }
  }
  return rows;
}

/** What the reader must know before trusting the ratios: the generator's caveat, floor-headroom misses, rounds with errors. */
export function warnings(results: BenchResults): string[] {
  const load = results.load;
  if (!load) return [];
  return [
    ...(load.generator.caveat ? [load.generator.caveat] : []),
    ...load.encodings.flatMap((e) => (e.floorCheck.warning ? [e.floorCheck.warning] : [])),
    ...load.targets.flatMap((t) =>
      t.flaggedRounds.map((f) => `${t.target.label}, round ${f.round}: ${f.problem}`),
    ),
  ];
}

function storageRows(results: BenchResults): Row[] {
  const storage = results.storage;
  if (!storage) return [];
  const { transfer, memory, thumbnail } = storage;
  const runs = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  const rows: Row[] = [
    {
      section: 'Storage',
      figure: `Upload ${transfer.sizeMb} MB (raw body, to disk, median)`,
      value: `${transfer.uploadMBps.toFixed(0)} MB/s (runs ${runs(transfer.uploadRunsMBps)})`,
      ratio: '',
      target: `≥ ${TARGETS.storageTransferMBps} MB/s`,
      mark: atLeast(transfer.uploadMBps, TARGETS.storageTransferMBps),
    },
    {
      section: 'Storage',
      figure: `Download ${transfer.sizeMb} MB (streamed, median)`,
      value: `${transfer.downloadMBps.toFixed(0)} MB/s (runs ${runs(transfer.downloadRunsMBps)})`,
      ratio: '',
      target: `≥ ${TARGETS.storageTransferMBps} MB/s`,
      mark: atLeast(transfer.downloadMBps, TARGETS.storageTransferMBps),
    },
  ];
  if (memory.peakRssMbBySize.length) {
    rows.push({
      section: 'Storage',
      figure: 'Server RSS: idle, then the peak while transferring each size',
      value: `idle ${memory.idleRssMb.toFixed(0)} MB; ${memory.peakRssMbBySize.map((m) => `${m.sizeMb} MB → ${m.peakRssMb.toFixed(0)} MB`).join(', ')}`,
      ratio: '',
      target: 'flat',
      mark: '',
    });
  }
  rows.push({
    section: 'Storage',
    figure: `256 px thumbnail of a ${(thumbnail.sourceBytes / 1e6).toFixed(1)} MB JPEG (${thumbnail.sourceSize}, median)`,
    value: `${ms(thumbnail.medianMs)} (runs ${thumbnail.runsMs.map((v) => Math.round(v)).join(', ')})`,
    ratio: '',
    target: `< ${TARGETS.storageThumbnailMs} ms`,
    mark: thumbnail.medianMs < TARGETS.storageThumbnailMs ? 'pass' : 'miss',
  });
  return rows;
}

export function buildRows(results: BenchResults): Row[] {
  return [
    ...loadRows(results),
    ...authRows(results),
    ...storageRows(results),
    ...bundleRows(results),
    ...lighthouseRows(results),
  ];
}
