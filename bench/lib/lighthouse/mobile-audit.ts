import lighthouse from 'lighthouse';
import { median } from '../report/spread.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * `simulate`: Lighthouse's default, a fast unthrottled load whose trace Lantern extrapolates to slow 4G and a 4× slower
 * CPU. `devtools`: the same profile applied for real (packet-level network and CPU throttling in Chromium), so
 * scripts really arrive late; slower to run, closer to a real phone.
 */
export const THROTTLING_METHODS = ['simulate', 'devtools'] as const;
export type ThrottlingMethod = (typeof THROTTLING_METHODS)[number];

export interface AuditRun {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost points outside performance (accessibility, best practices, SEO): why a score is not 100. */
  failedAudits?: string[];
}

export interface PageAudit {
  path: string;
  runs: AuditRun[];
  /** Each figure's median over the runs, taken separately. */
  median: AuditRun;
}

/** The first few items of an audit's table (e.g. the console errors themselves), for the report. */
function describeItems(details: unknown): string {
  const items =
    (details as { items?: { description?: unknown; source?: unknown; url?: unknown }[] } | undefined)
      ?.items ?? [];
  const texts = items
    .slice(0, 2)
    .map((item) =>
      [item.source, item.description, item.url].filter((v) => typeof v === 'string' && v).join(' '),
    )
    .filter(Boolean);
  return texts.length ? ` (${texts.map((t) => t.slice(0, 160)).join(' | ')})` : '';
}

/** One Lighthouse run with its default mobile settings (Moto G Power emulation, slow 4G) and the given throttling method. */
export async function auditOnce(
  url: string,
  port: number,
  throttlingMethod: ThrottlingMethod,
): Promise<AuditRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    throttlingMethod,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError)
    throw new Error(`Lighthouse could not audit ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: Category) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = (['accessibility', 'best-practices', 'seo'] as const).flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id}${describeItems(audits[ref.id]?.details)}`),
  );
  return {
    failedAudits,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

/** A page's runs with each figure's median taken separately. */
export function summarizeRuns(path: string, results: AuditRun[]): PageAudit {
  const of = (pick: (r: AuditRun) => number) => median(results.map(pick));
  return {
    path,
    runs: results,
    median: {
      scores: {
        performance: of((r) => r.scores.performance),
        accessibility: of((r) => r.scores.accessibility),
        'best-practices': of((r) => r.scores['best-practices']),
        seo: of((r) => r.scores.seo),
      },
      lcpMs: of((r) => r.lcpMs),
      tbtMs: of((r) => r.tbtMs),
      cls: of((r) => r.cls),
      failedAudits: [...new Set(results.flatMap((r) => r.failedAudits ?? []))],
    },
  };
}
