import { launchChromium } from '../lighthouse/chromium.ts';
import { auditPage, type PageAudit } from '../lighthouse/mobile-audit.ts';
import { startScriptDelayProxy } from '../lighthouse/script-delay-proxy.ts';
import type { BenchOptions } from '../options.ts';
import { floorUrl, PORTS, productUrl } from '../ports.ts';
import type { BenchResults } from '../report/results.ts';

export const LIGHTHOUSE_PAGES = ['/en', '/en/sign-in', '/ar', '/ar/sign-in'];

/**
 * Lighthouse mobile audits of home and sign-in in en and ar, each the median of N runs, and of the floor's page
 * first (when it runs): the reference that says what the bare framework scores on this machine. With
 * `--hold-scripts`, both are audited through a proxy that answers their script chunks late (a diagnosis).
 */
export async function lighthouseSection(options: BenchOptions, floorRunning: boolean, log: (line: string) => void): Promise<NonNullable<BenchResults['lighthouse']>> {
  const hold = options.holdScriptsMs;
  const proxies = hold ? await Promise.all([startScriptDelayProxy(productUrl, hold), startScriptDelayProxy(floorUrl, hold)]) : [];
  const [product, floorProxy] = proxies;
  try {
    const chromium = await launchChromium(PORTS.chromiumDebugging);
    try {
      const floor = floorRunning ? await auditPage(floorProxy?.url ?? floorUrl, '/', options.lighthouseRuns, chromium.port) : undefined;
      if (floor) log(`lighthouse floor /: perf ${floor.median.scores.performance}`);
      const pages: PageAudit[] = [];
      for (const path of LIGHTHOUSE_PAGES) {
        const audit = await auditPage(product?.url ?? productUrl, path, options.lighthouseRuns, chromium.port);
        const s = audit.median.scores;
        log(`lighthouse ${path}: perf ${s.performance}, a11y ${s.accessibility}, bp ${s['best-practices']}, seo ${s.seo}`);
        pages.push(audit);
      }
      return { runsPerPage: options.lighthouseRuns, pages, floor, holdScriptsMs: hold || undefined };
    } finally {
      await chromium.stop();
    }
  } finally {
    // Listening proxies would keep the benchmark process alive.
    await Promise.all(proxies.map((proxy) => proxy.stop()));
  }
}
