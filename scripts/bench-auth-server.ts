/**
 * Benchmarks the local auth server as a separate process (as `npm run dev` and e2e tests run it):
 * start-up time (spawn → ready line) in memory and with a data folder, then requests per second for
 * POST /token?grant_type=refresh_token and GET /user over concurrent keep-alive fetch loops.
 *
 *   node scripts/bench-auth-server.ts [--seconds 5] [--concurrency 32]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '32' } } });
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const MAIN = path.resolve('auth-server/src/main.ts');
const SECRET = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
const PUBLISHABLE = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
const PASSWORD = 'Passw0rdBench';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function start(args: string[]): Promise<{ child: ChildProcess; url: string; ms: number }> {
  const [port, mailPort] = [await freePort(), await freePort()];
  const t0 = performance.now();
  const child = spawn(process.execPath, [MAIN, ...args, '--port', String(port), '--mail-port', String(mailPort)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /auth server ready on (\S+)\/auth\/v1/.exec(out);
      if (m) resolve({ child, url: m[1]!, ms: performance.now() - t0 });
    });
    child.on('exit', (code) => reject(new Error(`auth server exited with ${code}: ${out}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

const headers = (token: string) => ({ apikey: PUBLISHABLE, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' });

/** Runs `worker(i)` in CONCURRENCY loops for SECONDS; returns completed requests per second. */
async function loadFor(worker: (i: number) => Promise<void>): Promise<{ rps: number; errors: number }> {
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      while (performance.now() < end) {
        try {
          await worker(i);
          done++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return { rps: done / SECONDS, errors };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const memory: number[] = [];
for (let i = 0; i < 3; i++) {
  const s = await start(['--memory']);
  memory.push(s.ms);
  await stop(s.child);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'auth-bench-'));
const first = await start(['--data', dataDir]);
await stop(first.child);
const restarts: number[] = [];
for (let i = 0; i < 3; i++) {
  const s = await start(['--data', dataDir]);
  restarts.push(s.ms);
  await stop(s.child);
}
rmSync(dataDir, { recursive: true, force: true });

const server = await start(['--memory']);
const auth = `${server.url}/auth/v1`;
const email = `bench-${Date.now()}@example.com`;
await call(`${auth}/admin/users`, { method: 'POST', headers: headers(SECRET), body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }) });
const sessions = await Promise.all(
  Array.from({ length: CONCURRENCY }, () =>
    call(`${auth}/token?grant_type=password`, { method: 'POST', headers: headers(PUBLISHABLE), body: JSON.stringify({ email, password: PASSWORD }) }),
  ),
);
const refreshTokens = sessions.map((s) => String(s.refresh_token));
const accessToken = String(sessions[0]!.access_token);

const refresh = await loadFor(async (i) => {
  const body = await call(`${auth}/token?grant_type=refresh_token`, { method: 'POST', headers: headers(PUBLISHABLE), body: JSON.stringify({ refresh_token: refreshTokens[i] }) });
  refreshTokens[i] = String(body.refresh_token);
});
const user = await loadFor(async () => {
  await call(`${auth}/user`, { headers: headers(accessToken) });
});
await stop(server.child);

console.log(`auth server benchmark (${os.cpus().length} CPUs, node ${process.version}, ${SECONDS}s per run, concurrency ${CONCURRENCY})`);
console.log(`  start-up, memory:               median ${Math.round(median(memory))} ms  [${memory.map(Math.round).join(', ')}]`);
console.log(`  start-up, new data folder:      ${Math.round(first.ms)} ms`);
console.log(`  start-up, existing data folder: median ${Math.round(median(restarts))} ms  [${restarts.map(Math.round).join(', ')}]`);
console.log(`  POST /token refresh_token:      ${refresh.rps.toFixed(0)} req/s (${refresh.errors} errors)`);
console.log(`  GET /user:                      ${user.rps.toFixed(0)} req/s (${user.errors} errors)`);
