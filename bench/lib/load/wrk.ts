import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runToCompletion } from '../servers/child-process.ts';
import type { LoadResult } from './measure.ts';
import { reapedChildrenCpuMs } from './process-cpu.ts';

/** The `done` hook that prints wrk's summary as one `BENCH_JSON {…}` line. */
export const wrkReportScript = fileURLToPath(new URL('./wrk-report.lua', import.meta.url));

interface WrkReport {
  requests: number;
  durationUs: number;
  bytes: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

export interface WrkRun {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  threads: number;
  durationSec: number;
}

/** wrk's arguments: `--latency` for the percentiles, a 10 s timeout (wrk's 2 s default would count slow answers as errors). */
export function wrkArgs(run: WrkRun): string[] {
  const headers = Object.entries(run.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  // wrk needs at least one connection per thread.
  const threads = Math.min(run.threads, run.connections);
  return [
    `-t${threads}`,
    `-c${run.connections}`,
    `-d${run.durationSec}s`,
    '--timeout',
    '10s',
    '--latency',
    '-s',
    wrkReportScript,
    ...headers,
    run.url,
  ];
}

/**
 * Reads the `BENCH_JSON` line of a wrk run. wrk counts a status ≥ 400 as an error (`status`) and 3xx as success:
 * the targets are checked to answer 200 before and after each run, so a redirect cannot pass for speed.
 */
export function parseWrkOutput(stdout: string): LoadResult {
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line)
    throw new Error(
      `wrk printed no BENCH_JSON line (is ${path.basename(wrkReportScript)} loaded?):\n${stdout.slice(-1000)}`,
    );
  const report = JSON.parse(line.slice('BENCH_JSON '.length)) as WrkReport;
  const seconds = report.durationUs / 1e6;
  if (!(seconds > 0)) throw new Error(`wrk reported a duration of ${report.durationUs} µs`);
  const { connect, read, write, status, timeout } = report.errors;
  const ok = report.requests - status;
  return {
    rps: ok / seconds,
    requests: report.requests,
    p50Ms: report.latencyUs.p50 / 1000,
    p99Ms: report.latencyUs.p99 / 1000,
    failures: status + connect + read + write + timeout,
    statusCodes: status ? { '2xx/3xx': ok, '≥400': status } : { '2xx/3xx': ok },
    socketErrors: { connect, read, write, timeout },
    bytesPerResponse: report.requests ? report.bytes / report.requests : undefined,
  };
}

/** One wrk run; `generatorBusy` from wrk's CPU time, read as this process's reaped-children time. */
export async function runWrk(binary: string, run: WrkRun): Promise<LoadResult> {
  const before = await reapedChildrenCpuMs();
  const started = performance.now();
  const output = await runToCompletion(binary, wrkArgs(run), {
    cwd: process.cwd(),
    env: process.env,
    quiet: true,
  });
  const elapsed = performance.now() - started;
  const after = await reapedChildrenCpuMs();
  const result = parseWrkOutput(output);
  const threads = Math.min(run.threads, run.connections);
  return before === undefined || after === undefined
    ? result
    : { ...result, generatorBusy: (after - before) / (elapsed * threads) };
}

async function onPath(name: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/**
 * wrk from PATH (or `WRK`); when missing and running as root, installed from Debian (`apt-get install -y wrk`, as
 * `.ci/run` installs Chromium). Undefined when neither works: the caller falls back to autocannon and says so.
 */
export async function findWrk(log: (line: string) => void): Promise<{ binary?: string; problem?: string }> {
  if (process.env.WRK) return { binary: process.env.WRK };
  const found = await onPath('wrk');
  if (found) return { binary: found };
  if (process.getuid?.() !== 0)
    return { problem: 'wrk is not installed (apt-get install wrk) and the benchmark is not root' };
  log('wrk is missing: apt-get install -y wrk …');
  try {
    await runToCompletion('apt-get', ['install', '-y', '--no-install-recommends', 'wrk'], {
      cwd: '/',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      quiet: true,
    });
  } catch (error) {
    return { problem: `apt-get install wrk failed: ${(error as Error).message.split('\n')[0]}` };
  }
  const installed = await onPath('wrk');
  return installed ? { binary: installed } : { problem: 'apt-get installed wrk, but it is not on PATH' };
}
