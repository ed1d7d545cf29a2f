import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The local server sets its own runtime whoever starts it (docs/decisions/0009-local-server-memory.md): started
// bare, it runs again in place, same process, with V8's baseline compiler only, a 2 MB young generation and, on
// Linux, a fixed glibc mmap threshold (each keeps tens of MB off an idle server), and an old generation that may
// double before its next full collection (docs/decisions/0016-heap-room-for-transfers.md: one per 10 MB transfer
// without it).

const MAIN = path.resolve('local-supabase/src/main.ts');

describe.runIf(process.platform === 'linux')('the local server started without flags', () => {
  it('runs with its own flags and malloc setting, in the process that was started', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development' };
    delete env.MALLOC_MMAP_THRESHOLD_;
    const child = spawn(process.execPath, [MAIN, '--memory', '--port', '0', '--mail-port', '0'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (data: Buffer) => {
          output += data.toString();
          if (output.includes('local supabase ready')) resolve();
        });
        child.stderr.on('data', (data: Buffer) => (output += data.toString()));
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline).toEqual(
        expect.arrayContaining([
          '--liftoff-only',
          '--max-semi-space-size=2',
          '--heap-growing-percent=100',
          MAIN,
        ]),
      );
      const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
      expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072');
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
  }, 120_000);
});
