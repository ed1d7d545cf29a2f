// `npm run dev`: the app, plus the local auth server and mailbox unless hosted Supabase is configured.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);

const configured = process.env.NEXT_PUBLIC_SUPABASE_URL;
const local = !configured || /^https?:\/\/(127\.0\.0\.1|localhost)(:|\/|$)/.test(configured);
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', env });
  children.push(child);
  child.on('exit', (code) => shutdown(code ?? 0));
  return child;
}

function shutdown(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitForAuthServer(url: string, server: ChildProcess) {
  // The first start creates the database and signing key, which can take a while on a busy machine.
  for (let attempt = 0; attempt < 600 && server.exitCode === null; attempt++) {
    try {
      if ((await fetch(`${url}/auth/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  shutdown(1);
  throw new Error(`The local auth server did not answer at ${url}`);
}

if (local) {
  const url = configured ?? 'http://127.0.0.1:54321';
  const port = new URL(url).port || '54321';
  await waitForAuthServer(url, run(process.execPath, ['auth-server/src/main.ts', '--port', port]));
}
run(process.execPath, ['node_modules/next/dist/bin/next', 'dev', ...process.argv.slice(2)]);
