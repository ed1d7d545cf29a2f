import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100; // Linux's usual USER_HZ.
    }
  }
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces, hence the last ')'). */
async function statFields(pid: number | 'self'): Promise<string[]> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU time used by this process's exited and reaped children (cutime + cstime), in ms; undefined off Linux. Across
 * one wrk run it is wrk's own CPU time: the servers are children too, but they count only once they exit.
 */
export async function reapedChildrenCpuMs(): Promise<number | undefined> {
  try {
    const fields = await statFields('self');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / clockTicks();
  } catch {
    return undefined;
  }
}

/**
 * CPU time (user + system, every thread: zlib's thread pool included) a process has used so far, in ms, from
 * /proc/<pid>/stat; undefined off Linux or once the process is gone. The difference over a load run, divided by
 * the requests answered, is what one request costs the server: unlike throughput, it barely moves when other
 * processes share the cores.
 */
export async function processCpuMs(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const fields = await statFields(pid);
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return undefined;
  }
}
