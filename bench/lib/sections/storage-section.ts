import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchOptions } from '../options.ts';
import { PORTS, productUrl, secretKey } from '../ports.ts';
import type { BenchResults } from '../report/results.ts';
import { startAuthServer } from '../servers/auth-server.ts';
import { createBucket, measureThumbnail, measureTransfer, rssMb, withPeakRss } from '../storage/transfer.ts';

const BUCKET = 'bench';

/**
 * The local server's Storage API with a data folder (bytes on disk, as under `npm run dev`): 10 MB up and down,
 * the server's peak memory during 1, 10 and 50 MB transfers (streaming keeps it flat), and a 256 px thumbnail of a
 * 2 MB JPEG through the render route.
 */
export async function storageSection(
  options: BenchOptions,
  log: (line: string) => void,
): Promise<NonNullable<BenchResults['storage']>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'polyglot-bench-storage-'));
  const server = await startAuthServer({
    port: PORTS.storageAuth,
    mailPort: PORTS.storageMail,
    siteUrl: productUrl,
    dataDir,
  });
  try {
    const api = { url: server.url, key: secretKey, bucket: BUCKET };
    await createBucket(api);
    const runs = options.quick ? 2 : 5;
    const pid = server.process.child.pid;
    // One unmeasured transfer first: the server's first requests load code and settle the database's memory.
    await measureTransfer(api, 1, 1);
    await new Promise((r) => setTimeout(r, 1000));
    const idleRssMb = (await rssMb(pid)) ?? 0;
    const peakRssMbBySize = [];
    let tenMb;
    for (const sizeMb of [1, 10, 50]) {
      const [figures, peak] = await withPeakRss(pid, () =>
        measureTransfer(api, sizeMb, sizeMb === 50 ? Math.min(runs, 2) : runs),
      );
      if (sizeMb === 10) tenMb = figures;
      if (peak !== undefined) peakRssMbBySize.push({ sizeMb, peakRssMb: peak });
      log(
        `storage ${sizeMb} MB: up ${figures.uploadMBps.toFixed(0)} MB/s, down ${figures.downloadMBps.toFixed(0)} MB/s, server peak RSS ${peak?.toFixed(0) ?? '?'} MB`,
      );
    }
    const thumbnail = await measureThumbnail(api, options.quick ? 3 : 10);
    log(
      `storage thumbnail of a ${(thumbnail.sourceBytes / 1e6).toFixed(1)} MB JPEG: ${thumbnail.runsMs.map((v) => Math.round(v)).join(', ')} ms`,
    );
    return { transfer: tenMb!, memory: { idleRssMb, peakRssMbBySize }, thumbnail };
  } finally {
    await server.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
