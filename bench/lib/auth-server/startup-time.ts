import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { median } from '../report/spread.ts';
import { startAuthServer } from '../servers/auth-server.ts';

export interface StartupTimes {
  runsMs: number[];
  medianMs: number;
  /** Resident memory of the idle server, IDLE_MS after it was ready, per run (MB = 10^6 bytes); absent off Linux. */
  idleRssMb?: number[];
  idleRssMedianMb?: number;
}

const IDLE_MS = 2000;

/** VmRSS from /proc (Linux); undefined elsewhere. */
async function residentMb(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? (Number(kb) * 1024) / 1e6 : undefined;
  } catch {
    return undefined; // Not Linux, or the process is gone.
  }
}

/**
 * Spawns the auth server `runs` times (in memory, its own ports), times spawn → first 200 from /auth/v1/health, and
 * reads its resident memory after IDLE_MS of idling.
 */
export async function measureStartup(options: {
  runs: number;
  port: number;
  mailPort: number;
  siteUrl: string;
}): Promise<StartupTimes> {
  const runsMs: number[] = [];
  const idleRssMb: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const server = await startAuthServer(options);
    runsMs.push(server.readyMs);
    await sleep(IDLE_MS);
    const rss = await residentMb(server.process.child.pid);
    if (rss !== undefined) idleRssMb.push(rss);
    await server.process.stop();
  }
  return {
    runsMs,
    medianMs: median(runsMs),
    ...(idleRssMb.length ? { idleRssMb, idleRssMedianMb: median(idleRssMb) } : {}),
  };
}
