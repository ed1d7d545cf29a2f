import { startAuthServer } from '../servers/auth-server.ts';
import { median } from '../report/spread.ts';

export interface StartupTimes {
  runsMs: number[];
  medianMs: number;
}

/** Spawns the auth server `runs` times (in memory, its own ports) and times spawn → first 200 from /auth/v1/health. */
export async function measureStartup(options: { runs: number; port: number; mailPort: number; siteUrl: string }): Promise<StartupTimes> {
  const runsMs: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const server = await startAuthServer(options);
    runsMs.push(server.readyMs);
    await server.process.stop();
  }
  return { runsMs, medianMs: median(runsMs) };
}
