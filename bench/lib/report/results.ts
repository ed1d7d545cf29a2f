import type { StartupTimes } from '../auth-server/startup-time.ts';
import type { RequestsPerView } from '../auth-server/requests-per-view.ts';
import type { BrowserChunkScan } from '../bundle/supabase-in-browser.ts';
import type { FirstLoad } from '../bundle/first-load.ts';
import type { PageAudit } from '../lighthouse/mobile-audit.ts';
import type { LoadSettings, TargetSummary } from '../load/interleaved.ts';
import type { LoadResult } from '../load/measure.ts';
import type { MachineInfo } from './machine.ts';

/** Everything one `npm run bench` measured; written as JSON, rendered as the table and the Markdown report. */
export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  machine: MachineInfo;
  quick: boolean;
  load?: { settings: LoadSettings; targets: TargetSummary[]; signedInToAnonymous?: { ratio: number; spread: number } };
  requestsPerView?: RequestsPerView[];
  bundle?: { pages: FirstLoad[]; floor?: FirstLoad; browserChunks: BrowserChunkScan };
  /**
   * `floor`: the bare Next app's page, audited in the same sitting: what this machine's Lighthouse gives the
   * framework alone. `holdScriptsMs`: set when the audits ran with script chunks held back (a diagnosis).
   */
  lighthouse?: { runsPerPage: number; pages: PageAudit[]; floor?: PageAudit; holdScriptsMs?: number };
  authServer?: {
    startup?: StartupTimes;
    refresh?: LoadResult & { note: string };
    user?: LoadResult;
    settings?: { durationSec: number; connections: number };
  };
  /** Harness failures by section: the run goes on and exits non-zero at the end. */
  errors: { section: string; message: string }[];
}
