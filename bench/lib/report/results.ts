import type { StartupTimes } from '../auth-server/startup-time.ts';
import type { RequestsPerView } from '../auth-server/requests-per-view.ts';
import type { BrowserChunkScan } from '../bundle/supabase-in-browser.ts';
import type { FirstLoad } from '../bundle/first-load.ts';
import type { PageAudit } from '../lighthouse/mobile-audit.ts';
import type { LoadSettings, TargetSummary } from '../load/interleaved.ts';
import type { EncodingSummary } from '../sections/load-section.ts';
import type { ThrottlingMethod } from '../lighthouse/mobile-audit.ts';
import type { LoadResult } from '../load/measure.ts';
import type { MachineInfo } from './machine.ts';
import type { MemoryFigures, ThumbnailFigures, TransferFigures } from '../storage/transfer.ts';

/** Everything one `npm run bench` measured; written as JSON, rendered as the table and the Markdown report. */
export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  machine: MachineInfo;
  quick: boolean;
  load?: {
    /** The load generator; `caveat` is set when it may cap the figures (autocannon fallback). */
    generator: { name: string; description: string; caveat?: string };
    settings: LoadSettings;
    targets: TargetSummary[];
    /** Per encoding: the floor-headroom check and the paired ratios (anonymous ÷ intl floor, signed in ÷ anonymous). */
    encodings: EncodingSummary[];
  };
  requestsPerView?: RequestsPerView[];
  bundle?: { pages: FirstLoad[]; floor?: FirstLoad; browserChunks: BrowserChunkScan };
  /**
   * Per throttling method (simulate, devtools): `floor` is the bare Next app's page, audited in the same sitting: what this machine's Lighthouse gives the
   * framework alone. `holdScriptsMs`: set when the audits ran with script chunks held back (a diagnosis).
   */
  lighthouse?: {
    runsPerPage: number;
    methods: { throttlingMethod: ThrottlingMethod; pages: PageAudit[]; floor?: PageAudit }[];
    holdScriptsMs?: number;
  };
  authServer?: {
    startup?: StartupTimes;
    refresh?: LoadResult & { note: string };
    user?: LoadResult & { generator: string };
    /** GET /rest/v1/notes?id=eq.… as the note's owner (row-level security). */
    restSelect?: LoadResult;
    settings?: { durationSec: number; connections: number };
  };
  /** The local server's Storage API: 10 MB transfers, peak memory by transfer size, a thumbnail. */
  storage?: { transfer: TransferFigures; memory: MemoryFigures; thumbnail: ThumbnailFigures };
  /** Harness failures by section: the run goes on and exits non-zero at the end. */
  errors: { section: string; message: string }[];
}
