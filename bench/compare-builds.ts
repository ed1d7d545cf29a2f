// `node bench/compare-builds.ts --before=<distDir> --after=<distDir>`: two production builds of the product side by
// side, under the same load, interleaved round by round (before and after take turns, the first alternating), so a
// shared or noisy machine weighs on both alike. Reports, per page, each build's req/s and server CPU per view
// (median over the rounds) and after ÷ before. Both builds must have been made with NEXT_PUBLIC_SUPABASE_URL set
// to this script's auth server (`--auth-port`, default 58421), as `npm run bench` builds its own. See
// bench/README.md, "Comparing two builds".
import { parseArgs } from 'node:util';
import { seedBenchNotes, seedBenchTeamNotes } from './lib/auth/bench-notes.ts'; // example:notes
import { signIn } from './lib/auth/signed-in-session.ts';
import { createConfirmedUser } from './lib/auth/test-user.ts';
import { processCpuMs } from './lib/load/process-cpu.ts';
import { findWrk, runWrk } from './lib/load/wrk.ts';
import { repoRoot } from './lib/paths.ts';
import { publishableKey, secretKey } from './lib/ports.ts';
import { startAuthServer } from './lib/servers/auth-server.ts';
import { startProcess, stopAll } from './lib/servers/child-process.ts';
import { waitForUrl } from './lib/servers/wait-for-url.ts';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    paths: { type: 'string', default: '/en,/en/sign-in,signed-in:/en/account' },
    rounds: { type: 'string', default: '4' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
    'auth-port': { type: 'string', default: '58421' },
    'mail-port': { type: 'string', default: '58424' },
    ports: { type: 'string', default: '3710,3711' },
  },
});
if (!values.before || !values.after) {
  console.error(
    'usage: node bench/compare-builds.ts --before=<distDir> --after=<distDir> [--paths=/en,signed-in:/en/account]',
  );
  process.exit(2);
}
const log = (line: string) => console.error(`[compare] ${line}`);
const rounds = Number(values.rounds);
const durationSec = Number(values.duration);
const connections = Number(values.connections);
const authPort = Number(values['auth-port']);
const [beforePort, afterPort] = values.ports!.split(',').map(Number) as [number, number];

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping servers`);
    void stopAll().finally(() => process.exit(130));
  });
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  const wrk = (await findWrk(log)).binary;
  if (!wrk) throw new Error('wrk is needed (apt-get install wrk)');
  const auth = await startAuthServer({
    port: authPort,
    mailPort: Number(values['mail-port']),
    siteUrl: `http://127.0.0.1:${afterPort}`,
  });
  const builds = [
    { name: 'before', distDir: values.before, port: beforePort },
    { name: 'after', distDir: values.after, port: afterPort },
  ].map((build) => ({
    ...build,
    server: startProcess(build.name, process.execPath, ['scripts/start.ts', '-p', String(build.port)], {
      cwd: repoRoot,
      env: { ...process.env, NEXT_DIST_DIR: build.distDir, POLYGLOT_LOG: 'off', NODE_ENV: 'production' },
    }),
  }));
  for (const build of builds)
    await waitForUrl(`http://127.0.0.1:${build.port}/api/health`, build.server, { timeoutMs: 60_000 });
  const session = await signIn(auth.url, publishableKey, await createConfirmedUser(auth.url, secretKey));
  let team = '';
  // example:notes start
  // The user's 20 notes and a team's 20, as `npm run bench` writes them: `<team>` in a path names that team.
  await seedBenchNotes(auth.url, publishableKey, session.accessToken);
  team = await seedBenchTeamNotes(auth.url, publishableKey, session.accessToken);
  // example:notes end
  const targets = values.paths!.split(',').map((entry) => {
    const signedIn = entry.startsWith('signed-in:');
    const path = (signedIn ? entry.slice('signed-in:'.length) : entry).replace('<team>', team);
    return {
      label: `${path}${signedIn ? ' signed in' : ''}`,
      path,
      headers: signedIn ? { Cookie: session.cookieHeader } : undefined,
    };
  });
  // Every target answers 200 on both builds (a redirect or an error must not pass for speed); then a warm-up.
  for (const build of builds)
    for (const target of targets) {
      const response = await fetch(`http://127.0.0.1:${build.port}${target.path}`, {
        headers: target.headers,
        redirect: 'manual',
      });
      if (response.status !== 200) throw new Error(`${build.name} ${target.label}: ${response.status}`);
      await runWrk(wrk, {
        url: `http://127.0.0.1:${build.port}${target.path}`,
        headers: target.headers,
        connections,
        threads: 2,
        durationSec: 2,
      });
    }
  const figures = new Map<string, { rps: number[]; cpu: number[] }>();
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) {
      for (const build of round % 2 ? [...builds].reverse() : builds) {
        const pid = build.server.child.pid;
        const cpuBefore = await processCpuMs(pid);
        const result = await runWrk(wrk, {
          url: `http://127.0.0.1:${build.port}${target.path}`,
          headers: target.headers,
          connections,
          threads: 2,
          durationSec,
        });
        const cpuAfter = await processCpuMs(pid);
        if (result.failures > 0)
          throw new Error(`${build.name} ${target.label}: ${result.failures} failed answers`);
        const key = `${target.label}|${build.name}`;
        const entry = figures.get(key) ?? { rps: [], cpu: [] };
        entry.rps.push(result.rps);
        entry.cpu.push((cpuAfter! - cpuBefore!) / result.requests);
        figures.set(key, entry);
        log(
          `round ${round + 1} ${target.label} ${build.name}: ${result.rps.toFixed(0)} req/s, ${entry.cpu.at(-1)!.toFixed(2)} ms CPU/view`,
        );
      }
    }
  }
  console.log(
    `| page | before req/s | after req/s | after ÷ before | before CPU ms/view | after CPU ms/view | after ÷ before |`,
  );
  console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
  for (const target of targets) {
    const before = figures.get(`${target.label}|before`)!;
    const after = figures.get(`${target.label}|after`)!;
    const [rb, ra, cb, ca] = [median(before.rps), median(after.rps), median(before.cpu), median(after.cpu)];
    console.log(
      `| ${target.label} | ${rb.toFixed(0)} | ${ra.toFixed(0)} | ${(ra / rb).toFixed(2)} | ${cb.toFixed(2)} | ${ca.toFixed(2)} | ${(ca / cb).toFixed(2)} |`,
    );
  }
} finally {
  await stopAll();
}
