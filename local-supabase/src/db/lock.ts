import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** PGlite's data folder serves one process; a second opener would corrupt it. */
export class DatabaseInUse extends Error {}

const LOCK_FILE = 'server.pid';

/**
 * Claims `<dataDir>` for this process with a pid file (a stale one, from a process that died, is taken over).
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  // Written aside and linked into place, so no one reads a lock file without its pid.
  const draft = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, String(process.pid));
  try {
    return claim(dataDir, file, draft);
  } finally {
    rmSync(draft, { force: true });
  }
}

function claim(dataDir: string, file: string, draft: string): () => void {
  for (let attempt = 0; ; attempt++) {
    try {
      linkSync(draft, file);
      return () => {
        if (holder(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holder(file);
      if (attempt > 0 || (pid !== undefined && isAlive(pid)))
        throw new DatabaseInUse(
          `the database in ${dataDir} is in use by another local Supabase server (process ${pid ?? 'unknown'}); stop that server first (or delete ${file} if no such process runs)`,
        );
      rmSync(file, { force: true });
    }
  }
}

function holder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
