import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, PUBLISHABLE_KEY, SECRET_KEY } from './helpers.ts';

const MAIN = path.resolve('local-supabase/src/main.ts');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Spawned {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function run(args: string[], env: Record<string, string> = {}): Spawned {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', ...env };
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function ready(p: Spawned): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const m =
      /local supabase ready in \d+ ms: Auth (http:\/\/\S+)\/auth\/v1, REST (\S+), Storage (\S+), mailbox http:\/\/\S+/.exec(
        p.output(),
      );
    if (m) {
      expect(m[2]).toBe(`${m[1]}/rest/v1`);
      expect(m[3]).toBe(`${m[1]}/storage/v1`);
      return m[1]!;
    }
    if (p.child.exitCode !== null) throw new Error(`exited early: ${p.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not ready: ${p.output()}`);
}

const client = (url: string, key = PUBLISHABLE_KEY) =>
  createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });

describe('the auth server process', () => {
  it('keeps users, sessions and mail across kill -9 and restart', async () => {
    const data = mkdtempSync(path.join(os.tmpdir(), 'auth-server-test-'));
    dirs.push(data);
    const [port, mailPort] = [await freePort(), await freePort()];
    const args = [
      '--data',
      data,
      '--port',
      String(port),
      '--mail-port',
      String(mailPort),
      '--smtp-port',
      '0',
      '--config',
      'supabase/config.toml',
    ];

    const first = run(args);
    const url = await ready(first);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect((await fetch(`${url}/auth/v1/health`)).status).toBe(200);
    const email = `persist-${Date.now()}@example.com`;
    const created = await client(url, SECRET_KEY).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const signIn = await client(url).auth.signInWithPassword({ email, password: PASSWORD });
    const session = signIn.data.session!;
    await client(url).auth.resetPasswordForEmail(email);
    first.child.kill('SIGKILL');
    await first.exit;

    const second = run(args);
    await ready(second);
    const me = await client(url).auth.getUser(session.access_token);
    expect(me.error).toBeNull();
    expect(me.data.user?.id).toBe(created.data.user?.id);
    const refreshed = await client(url).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();
    expect((await client(url).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const mail = (await (
      await fetch(`http://127.0.0.1:${mailPort}/api/v1/search?query=to:${email}`)
    ).json()) as { total: number };
    expect(mail.total).toBe(1);

    // SIGTERM closes the database cleanly and exits 0.
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });

  it('a kill -9 in the middle of an upload leaves neither a half object nor a row without its file', async () => {
    const data = mkdtempSync(path.join(os.tmpdir(), 'storage-kill-test-'));
    dirs.push(data);
    const [port, mailPort] = [await freePort(), await freePort()];
    const args = [
      '--data',
      data,
      '--port',
      String(port),
      '--mail-port',
      String(mailPort),
      '--config',
      'supabase/config.toml',
    ];
    const first = run(args);
    const url = await ready(first);
    const storage = client(url, SECRET_KEY).storage;
    expect((await storage.createBucket('kill-test')).error).toBeNull();
    expect((await storage.from('kill-test').upload('whole.txt', 'complete')).error).toBeNull();
    // An upload whose body never ends: the server is killed while it streams to disk.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      async pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024));
        sent += 64 * 1024;
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    const pending = fetch(`${url}/storage/v1/object/kill-test/half.bin`, {
      method: 'POST',
      headers: {
        apikey: SECRET_KEY,
        authorization: `Bearer ${SECRET_KEY}`,
        'content-type': 'application/octet-stream',
      },
      body: endless,
      duplex: 'half',
    } as RequestInit).catch(() => undefined);
    while (sent < 2 * 1024 * 1024) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exit;
    await pending;
    expect(readdirSync(path.join(data, 'storage', '.tmp')).length).toBeGreaterThan(0);

    const second = run(args);
    await ready(second);
    const again = client(url, SECRET_KEY).storage.from('kill-test');
    expect((await again.list()).data!.map((o) => o.name)).toEqual(['whole.txt']);
    expect(await (await again.download('whole.txt')).data!.text()).toBe('complete');
    expect(readdirSync(path.join(data, 'storage', '.tmp'))).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });

  it('refuses a non-loopback host unless --allow-remote', async () => {
    const p = run(['--memory', '--host', '0.0.0.0', '--port', '0', '--mail-port', '0', '--smtp-port', '0']);
    expect(await p.exit).toBe(1);
    expect(p.output()).toContain('refusing to bind 0.0.0.0: not a loopback address');
  });

  it('refuses to start with NODE_ENV=production', async () => {
    const p = run(['--memory', '--port', '0', '--mail-port', '0', '--smtp-port', '0'], {
      NODE_ENV: 'production',
    });
    expect(await p.exit).toBe(1);
    expect(p.output()).toContain('refusing to start');
    expect(p.output()).toContain('NODE_ENV=production');
  });

  it('reports a busy port clearly', async () => {
    const busy = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => busy.once('listening', r));
    const port = (busy.address() as { port: number }).port;
    const p = run(['--memory', '--port', String(port), '--mail-port', '0', '--smtp-port', '0']);
    expect(await p.exit).toBe(1);
    expect(p.output()).toContain('EADDRINUSE');
    busy.close();
  });
});
