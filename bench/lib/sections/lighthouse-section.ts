import { launchChromium } from '../lighthouse/chromium.ts';
import {
  type AuditRun,
  auditOnce,
  summarizeRuns,
  THROTTLING_METHODS,
  type ThrottlingMethod,
} from '../lighthouse/mobile-audit.ts';
import { startScriptDelayProxy } from '../lighthouse/script-delay-proxy.ts';
import type { BenchOptions } from '../options.ts';
import { floorUrl, PORTS, productUrl } from '../ports.ts';
import type { BenchResults } from '../report/results.ts';

export const LIGHTHOUSE_PAGES = ['/en', '/en/sign-in', '/ar', '/ar/sign-in'];

/**
 * Lighthouse mobile audits of home and sign-in in en and ar, each the median of N runs, with simulated and then
 * devtools throttling; the floor's page is audited first with each method (when it runs): the reference for what
 * the bare framework scores on this machine in the same sitting. With `--hold-scripts`, simulate only, both
 * through a proxy that answers their script chunks late (a diagnosis).
 */
export async function lighthouseSection(
  options: BenchOptions,
  floorRunning: boolean,
  log: (line: string) => void,
): Promise<NonNullable<BenchResults['lighthouse']>> {
  const hold = options.holdScriptsMs;
  const proxies = hold
    ? await Promise.all([startScriptDelayProxy(productUrl, hold), startScriptDelayProxy(floorUrl, hold)])
    : [];
  const [product, floorProxy] = proxies;
  const methods: readonly ThrottlingMethod[] = hold ? ['simulate'] : THROTTLING_METHODS;
  try {
    const chromium = await launchChromium(PORTS.chromiumDebugging);
    try {
      const results = [];
      for (const throttlingMethod of methods) {
        // Interleaved: each round audits the floor and then every page once, so a slow minute of the machine
        // lowers the reference as much as the pages (two shared cores; runs of one page spread by 10 points).
        const pageBase = product?.url ?? productUrl;
        const targets = [
          ...(floorRunning ? [{ base: floorProxy?.url ?? floorUrl, path: '/' }] : []),
          ...LIGHTHOUSE_PAGES.map((path) => ({ base: pageBase, path })),
        ];
        const runs = targets.map((): AuditRun[] => []);
        for (let round = 0; round < options.lighthouseRuns; round++)
          for (const [i, { base, path }] of targets.entries())
            runs[i]!.push(await auditOnce(new URL(path, base).href, chromium.port, throttlingMethod));
        const audits = targets.map(({ path }, i) => summarizeRuns(path, runs[i]!));
        const floor = floorRunning ? audits.shift() : undefined;
        if (floor) log(`lighthouse (${throttlingMethod}) floor /: perf ${floor.median.scores.performance}`);
        const pages = audits;
        for (const { path, median } of pages) {
          const s = median.scores;
          log(
            `lighthouse (${throttlingMethod}) ${path}: perf ${s.performance}, a11y ${s.accessibility}, bp ${s['best-practices']}, seo ${s.seo}`,
          );
        }
        results.push({ throttlingMethod, pages, floor });
      }
      return { runsPerPage: options.lighthouseRuns, methods: results, holdScriptsMs: hold || undefined };
    } finally {
      await chromium.stop();
    }
  } finally {
    // Listening proxies would keep the benchmark process alive.
    await Promise.all(proxies.map((proxy) => proxy.stop()));
  }
}
