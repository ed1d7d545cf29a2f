import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Inodes of sockets listening on a TCP port (IPv4 and IPv6), from /proc/net. */
function listeningInodes(port: number): Set<string> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT"; state 0A is LISTEN.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/**
 * Stops the process listening on `port` (the auth server this Playwright run started on its own test port),
 * so a test can see the app without its auth server. Linux only.
 */
export function stopListener(port: number): number {
  const inodes = listeningInodes(port);
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target = '';
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        process.kill(Number(pid), 'SIGTERM');
        return Number(pid);
      }
    }
  }
  throw new Error(`Nothing listens on port ${port}`);
}
