import type { Page } from '@playwright/test';

interface ShiftTotals {
  /** Every shift not caused by input. */
  all: number;
  /** Shifts with a moved element outside the header (the header's user menu streams in on its own schedule). */
  outsideHeader: number;
}

/** Starts adding up the page's layout shifts from its first paint on; call before navigating. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const totals: ShiftTotals = { all: 0, outsideHeader: 0 };
    (window as { __layoutShifts?: ShiftTotals }).__layoutShifts = totals;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue;
        totals.all += entry.value;
        if (
          entry.sources.some((source) => !(source.node instanceof Element && source.node.closest('header')))
        )
          totals.outsideHeader += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The totals so far (see recordLayoutShifts). */
export function layoutShifts(page: Page): Promise<ShiftTotals> {
  return page.evaluate(() => (window as { __layoutShifts?: ShiftTotals }).__layoutShifts!);
}
