// `node bench/compare-storage.ts --before=<folder> [--after=<folder>]`: the Storage section's 10 MB upload and
// download against two copies of the local server (say a `git archive` of main unpacked beside a branch), each with
// a data folder, interleaved round by round (before and after take turns, the first alternating), so a shared or
// noisy machine weighs on both alike. Reports each side's runs, medians and after ÷ before, the load average, and
// the server's CPU time per upload (user + system, all its threads), which other processes on the cores barely
// move. See bench/README.md, "Storage".
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { processCpuMs } from './lib/load/process-cpu.ts';
import { repoRoot } from './lib/paths.ts';
import { PORTS, secretKey } from './lib/ports.ts';
import { median } from './lib/report/spread.ts';
import { type RunningProcess, startProcess, stopAll } from './lib/servers/child-process.ts';
import { waitForUrl } from './lib/servers/wait-for-url.ts';
import { createBucket, download, upload } from './lib/storage/transfer.ts';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: repoRoot },
    rounds: { type: 'string', default: '6' },
    runs: { type: 'string', default: '5' },
    size: { type: 'string', default: '10' },
    ports: { type: 'string', default: `${PORTS.compareStorageBefore},${PORTS.compareStorageAfter}` },
  },
});
if (!values.before) {
  console.error('usage: node bench/compare-storage.ts --before=<repo folder> [--after=<repo folder>]');
  process.exit(2);
}
const log = (line: string) => console.error(`[compare-storage] ${line}`);
const rounds = Number(values.rounds);
const runs = Number(values.runs);
const sizeMb = Number(values.size);
const ports = values.ports!.split(',').map(Number);
const BUCKET = 'bench';

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping servers`);
    void stopAll().finally(() => process.exit(130));
  });
}

interface Side {
  name: 'before' | 'after';
  url: string;
  server: RunningProcess;
  dataDir: string;
  up: number[];
  down: number[];
  /** Server CPU time over all measured uploads, in ms. */
  upCpuMs: number;
}

async function start(name: Side['name'], root: string, port: number): Promise<Side> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `polyglot-compare-storage-${name}-`));
  const server = startProcess(
    `${name} server :${port}`,
    process.execPath,
    [
      path.join(root, 'local-supabase/src/main.ts'),
      '--data',
      dataDir,
      '--port',
      String(port),
      // The mailbox is not measured: any free port.
      '--mail-port',
      '0',
      '--smtp-port',
      '0',
    ],
    { cwd: root, env: { ...process.env, AUTH_SITE_URL: 'http://127.0.0.1:3700' } },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${url}/auth/v1/health`, server, { timeoutMs: 60_000 });
    await createBucket({ url, key: secretKey, bucket: BUCKET }).catch((err: Error) => {
      throw new Error(`${name}: ${err.message}`);
    });
  } catch (err) {
    // A side that never started is not in `sides`, whose folders the end removes.
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return { name, url, server, dataDir, up: [], down: [], upCpuMs: 0 };
}

const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

const sides: Side[] = [];
try {
  sides.push(await start('before', path.resolve(values.before), ports[0]!));
  sides.push(await start('after', path.resolve(values.after!), ports[1]!));
  const bytes = new Uint8Array(sizeMb * 1e6);
  for (let i = 0; i < bytes.length; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
  const name = `bench/${sizeMb}mb.bin`;
  // One unmeasured transfer each first: the first requests load code and settle the database's memory.
  for (const side of sides) {
    const api = { url: side.url, key: secretKey, bucket: BUCKET };
    await upload(api, name, bytes, 'application/octet-stream');
    await download(api, `object/${BUCKET}/${name}`);
  }
  const loads = [await loadAverage()];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const api = { url: side.url, key: secretKey, bucket: BUCKET };
      for (let i = 0; i < runs; i++) {
        const cpuBefore = await processCpuMs(side.server.child.pid);
        side.up.push(sizeMb / (await upload(api, name, bytes, 'application/octet-stream')));
        const cpuAfter = await processCpuMs(side.server.child.pid);
        if (cpuBefore === undefined || cpuAfter === undefined) throw new Error('needs /proc (Linux)');
        side.upCpuMs += cpuAfter - cpuBefore;
        const got = await download(api, `object/${BUCKET}/${name}`);
        if (got.bytes !== bytes.length) throw new Error(`${side.name}: download ${got.bytes} bytes`);
        side.down.push(sizeMb / got.seconds);
      }
    }
    loads.push(await loadAverage());
    log(
      `round ${round + 1}: ${sides.map((s) => `${s.name} up ${median(s.up.slice(-runs)).toFixed(0)} down ${median(s.down.slice(-runs)).toFixed(0)} MB/s`).join(', ')} (load ${loads.at(-1)})`,
    );
  }
  const [before, after] = sides as [Side, Side];
  const row = (s: Side, figures: number[]) =>
    `${s.name.padEnd(6)} median ${median(figures).toFixed(0).padStart(4)} MB/s  runs ${figures.map((v) => v.toFixed(0)).join(' ')}`;
  console.log(`${sizeMb} MB, ${rounds} rounds × ${runs} runs each, load average ${loads.join(' → ')}`);
  console.log('upload');
  console.log(`  ${row(before, before.up)}\n  ${row(after, after.up)}`);
  console.log(`  after ÷ before ${(median(after.up) / median(before.up)).toFixed(2)}`);
  const cpu = (s: Side) => s.upCpuMs / s.up.length;
  console.log(
    `  server CPU per upload: before ${cpu(before).toFixed(1)} ms, after ${cpu(after).toFixed(1)} ms (after ÷ before ${(cpu(after) / cpu(before)).toFixed(2)})`,
  );
  console.log('download');
  console.log(`  ${row(before, before.down)}\n  ${row(after, after.down)}`);
  console.log(`  after ÷ before ${(median(after.down) / median(before.down)).toFixed(2)}`);
} finally {
  await stopAll();
  for (const side of sides) await rm(side.dataDir, { recursive: true, force: true });
}
