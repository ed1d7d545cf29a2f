import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../paths.ts';

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
  const pkg = JSON.parse(await readFile(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

async function gitHead(): Promise<string> {
  try {
    const head = (await readFile(path.join(repoRoot, '.git/HEAD'), 'utf8')).trim();
    if (!head.startsWith('ref: ')) return head;
    return (await readFile(path.join(repoRoot, '.git', head.slice(5)), 'utf8')).trim();
  } catch {
    return 'unknown';
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
