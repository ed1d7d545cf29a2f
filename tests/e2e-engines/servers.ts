import { type ChildProcess, spawn } from 'node:child_process';
import { webServers } from '../../playwright.config';

// Vitest global setup: the servers playwright.config.ts starts for the Chromium suite, started the same way.
const started: ChildProcess[] = [];

async function waitUntilUp(url: string, timeout: number, server: ChildProcess) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`${url}: the server exited (${server.exitCode})`);
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function setup() {
  for (const server of webServers) {
    // Its own process group, so that teardown ends the shell and everything it started (npm, next).
    const child = spawn(server.command, {
      shell: true,
      detached: true,
      env: { ...process.env, ...server.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    started.push(child);
    await waitUntilUp(server.url, server.timeout, child);
  }
}

export async function teardown() {
  for (const child of started.reverse()) if (child.pid) process.kill(-child.pid, 'SIGTERM');
}
