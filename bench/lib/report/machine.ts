import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../paths.ts';

const execFileAsync = promisify(execFile);

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  platform: string;
  node: string;
  next: string;
  nextIntl: string;
  loadAverage: number[];
  gitCommit: string;
}

async function packageVersion(name: string): Promise<string> {
  const pkg = JSON.parse(
    await readFile(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'),
  ) as { version: string };
  return pkg.version;
}

/** The commit measured, with a `+changes` mark when the work tree differs from it; `unknown` without git. */
async function gitHead(): Promise<string> {
  try {
    const git = (...args: string[]) =>
      execFileAsync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' }).then((r) => r.stdout.trim());
    const [head, status] = await Promise.all([
      git('rev-parse', 'HEAD'),
      git('status', '--porcelain', '--untracked-files=no'),
    ]);
    return status ? `${head}+changes` : head;
  } catch {
    return 'unknown'; // Not a git checkout (an exported tarball) or no git installed.
  }
}

export async function machineInfo(): Promise<MachineInfo> {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    next: await packageVersion('next'),
    nextIntl: await packageVersion('next-intl'),
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    gitCommit: await gitHead(),
  };
}
